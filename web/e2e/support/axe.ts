import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, injected into the page under test as it is (no wrapper library). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe violation on one page, with the elements it was found on (at most a few, each with axe's reason). */
export interface AxeViolation {
  /** axe's rule id, e.g. `color-contrast`, `scrollable-region-focusable`. */
  rule: string;
  impact: string | null;
  help: string;
  /** Each failing element: its CSS path and axe's summary (for contrast, the colours and the ratio). */
  nodes: string[];
  /** How many elements failed (`nodes` lists the first few). */
  count: number;
}

const NODES_SHOWN = 5;

/**
 * Runs axe-core 4 (every WCAG A/AA rule and axe's best practices, its defaults) on the page as it
 * is now and returns its violations. The script goes in through the DevTools protocol (Playwright's
 * evaluate), which the page's Content-Security-Policy does not govern, so the app is audited with
 * its real CSP in force.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate<boolean>(`typeof window.axe === 'object'`))) await page.evaluate(AXE_SOURCE);
  return page.evaluate<AxeViolation[]>(`(async () => {
    const { violations } = await window.axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? null,
      help: v.help,
      count: v.nodes.length,
      nodes: v.nodes.slice(0, ${NODES_SHOWN}).map((n) => n.target.join(' ') + ': ' + (n.failureSummary || '').replace(/\\s+/g, ' ').replace(/^Fix any of the following: /, '')),
    }));
  })()`);
}

/** The violations as lines for a failure message: `where: rule (impact, n elements): help`, then the elements. */
export function describeViolations(where: string, violations: readonly AxeViolation[]): string[] {
  return violations.flatMap((v) => [
    `${where}: ${v.rule} (${v.impact ?? '?'}, ${v.count} element${v.count === 1 ? '' : 's'}): ${v.help}`,
    ...v.nodes.map((n) => `    ${n}`),
  ]);
}
