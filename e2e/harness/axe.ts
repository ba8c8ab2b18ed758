import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type ContrastFailure = { id: string; target: string; summary: string };

/**
 * Runs axe-core's colour-contrast rule on the page as it is. Injected through evaluate (the
 * devtools protocol), so the store's strict CSP stays on and is not what gets tested around.
 */
export async function contrastFailures(page: Page): Promise<ContrastFailure[]> {
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

/** Every axe-core rule (WCAG 2.x A and AA) on the part of the page `selector` names. */
export async function axeViolations(page: Page, selector: string): Promise<ContrastFailure[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Element,
            opts: object,
          ) => Promise<{
            violations: Array<{ id: string; nodes: Array<{ target: string[]; failureSummary: string }> }>;
          }>;
        };
      }
    ).axe;
    const el = document.querySelector(sel);
    if (!el) throw new Error(`nothing matches ${sel}`);
    const result = await axe.run(el, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => ({ id: v.id, target: n.target.join(' '), summary: n.failureSummary })),
    );
  }, selector);
}
