import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { settled } from './browser';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type ContrastFailure = { id: string; target: string; summary: string };

/**
 * Runs axe-core's colour-contrast rule on the page once its motions have settled: a screen
 * fading in is half transparent, and axe measured a hint mid-fade at 3.64:1 (CI, password reset).
 * Injected through evaluate (the devtools protocol), so the store's strict CSP stays on and is
 * not what gets tested around.
 */
export async function contrastFailures(page: Page): Promise<ContrastFailure[]> {
  await settled(page);
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: Array<{ id: string; nodes: Array<{ target: string[]; failureSummary: string }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => ({ id: v.id, target: n.target.join(' '), summary: n.failureSummary })),
    );
  });
}

export type AxeFailure = { id: string; impact: string | null; target: string; summary: string };

/**
 * Runs every WCAG 2.1 A and AA rule of axe-core on `selector` (the whole page by default), once
 * the page has settled, injected like `contrastFailures`.
 */
export async function axeFailures(page: Page, selector = 'html'): Promise<AxeFailure[]> {
  await settled(page);
  await page.evaluate(axeSource);
  return page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Element,
            opts: object,
          ) => Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              nodes: Array<{ target: string[]; failureSummary: string }>;
            }>;
          }>;
        };
      }
    ).axe;
    const root = document.querySelector(sel);
    if (!root) throw new Error(`nothing matches ${sel}`);
    const result = await axe.run(root, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => ({ id: v.id, impact: v.impact, target: n.target.join(' '), summary: n.failureSummary })),
    );
  }, selector);
}
