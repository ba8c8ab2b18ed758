import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export type PageScore = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  /** Total blocking time and first contentful paint: what moves the score when LCP and CLS are fine. */
  tbtMs: number;
  fcpMs: number;
};

/**
 * Lighthouse (mobile preset) on Debian's Chromium. The app keeps its session in localStorage,
 * which no header can carry, so a puppeteer tab on the same origin writes it first and
 * Lighthouse runs with storage reset off; the cache is still cold because the audit clears it.
 */
export async function auditPages(
  baseUrl: string,
  session: { token: string; user: string },
  paths: string[],
): Promise<Map<string, PageScore>> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const scores = new Map<string, PageScore>();
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', s.user);
    }, session);
    await page.close();
    await browser.disconnect();
    for (const p of paths) {
      const result = await lighthouse(`${baseUrl}${p}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse gave no result for ${p}`);
      // LIGHTHOUSE_REPORTS=dir keeps each page's full report, to see which task blocked the thread.
      const reports = process.env.LIGHTHOUSE_REPORTS;
      if (reports) writeFileSync(path.join(reports, `${p.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
      // A score under 100 says nothing about what to fix: name the failing audits and nodes.
      for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || ref.weight === 0 || audit.score === null || audit.score === 1) continue;
        const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
        process.stderr.write(
          `${p}: accessibility audit ${ref.id} failed: ${items
            .map((i) => i.node?.snippet)
            .filter(Boolean)
            .join(' ')}\n`,
        );
      }
      scores.set(p, {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}
