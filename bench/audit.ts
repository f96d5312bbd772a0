/**
 * `npm run audit:pages`: Lighthouse and axe on the audited screens (bench/README.md), printed as a table.
 *
 * Starts PowerPool embedded (in memory, `startBenchApp`) with the ESPN replay in game-day mode
 * and, through the gateway as people do it, puts data in place: the 2025 season pushed to
 * production, a pool with the Wild Card week published with spreads, both dev players' picks
 * (3/2/1 and a power pick). Then, in one Chromium (/usr/bin/chromium or CHROMIUM_PATH, the test
 * suite's flags), signed in through the real dev IdP as the person each screen is for (the
 * session and hint cookies in the browser's own jar, as after a real sign-in), it audits:
 *
 * - before the games: the landing page and /api/docs (signed out), Make Picks and the demo board
 *   (a player), Pool Management and Manage Weeks (the commissioner);
 * - the round half played (the Testing tool, then the replay's clock): Live Results;
 * - the round played out, scored and completed: the Season Leaderboard.
 *
 * Each screen is audited in each theme of AUDIT_THEMES (default both: `light,dark`), each theme in
 * a Chromium of its own whose device scheme is that theme (the SPA follows it, as a phone's
 * does). In each: AUDIT_RUNS Lighthouse runs (default 3; Lighthouse's default mobile settings:
 * a Moto G Power's screen, simulated slow 4G, 4x CPU slowdown) and the median of each column, then
 * axe-core at 375 and 1280 px (the violations are listed; the browser test
 * web/e2e/accessibility.test.ts is what fails on them). Scores are reported, not asserted: a shared
 * or busy machine moves Performance and LCP (the load averages are printed).
 * AUDIT_PAGES=landing,docs,... picks screens by key; AUDIT_JSON=dir writes each run's report and trace;
 * AUDIT_PROFILE=dir a CPU profile of one more load of each screen (in the first theme; 4x CPU
 * slowdown, as Lighthouse simulates) to find where its main-thread time goes; AUDIT_TRACE=dir a
 * Chromium performance trace of the same kind of load (`<key>.trace.json`: style, layout and paint
 * beside the scripts, which a CPU profile lumps together as "(program)"; `tsx bench/trace-summary.ts`
 * reads it); AUDIT_WEB_DIST=dir serves another build of the SPA (a copy of main's web/dist, for an
 * A/B pair back to back).
 */
import { cpus, loadavg } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launch as launchChrome, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium, WILD_CARD_PICKS, wildCardBatch } from '@powerpool/testing';
import { completeWildCardWeek, publishWildCardPool } from '../deploy/cluster/test/helpers.js';
import { describeViolations, runAxe } from '../web/e2e/support/axe.js';
import { ACCOUNTS, signIn } from '../web/e2e/support/sign-in.js';
import { ensureWebBuilt } from '../web/e2e/support/web-build.js';
import { benchFailed, envInt, startBenchApp } from './support.js';

const RUNS = envInt('AUDIT_RUNS', 3);
const JSON_DIR = process.env.AUDIT_JSON ? path.resolve(process.env.AUDIT_JSON) : undefined;
const PROFILE_DIR = process.env.AUDIT_PROFILE ? path.resolve(process.env.AUDIT_PROFILE) : undefined;
const TRACE_DIR = process.env.AUDIT_TRACE ? path.resolve(process.env.AUDIT_TRACE) : undefined;
const WEB_DIST = process.env.AUDIT_WEB_DIST ? path.resolve(process.env.AUDIT_WEB_DIST) : undefined;

type Theme = 'light' | 'dark';
const THEMES: readonly Theme[] = (() => {
  const listed = (process.env.AUDIT_THEMES ?? 'light,dark').split(',').map((s) => s.trim());
  const themes = listed.filter((t): t is Theme => t === 'light' || t === 'dark');
  if (themes.length === 0 || themes.length !== listed.length) throw new Error(`AUDIT_THEMES: light, dark or both, not ${listed.join(',')}`);
  return themes;
})();
/** Chromium's device scheme (what `prefers-color-scheme` answers in every page it opens, Lighthouse's too): 0 dark, 1 light. */
const SCHEME_FLAG: Record<Theme, string> = { dark: '--blink-settings=preferredColorScheme=0', light: '--blink-settings=preferredColorScheme=1' };

/** The goals (Lighthouse mobile; bench/README.md). */
const GOALS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 95 } as const;
type Category = keyof typeof GOALS;
const CATEGORIES = Object.keys(GOALS) as Category[];

/** Who a screen is audited as: nobody (signed out), a player or the pool's commissioner. */
type Who = 'anonymous' | 'player' | 'commissioner';

interface Screen {
  key: string;
  name: string;
  who: Who;
  path: string;
  /** A CSS selector that is on the screen once its data has loaded (what axe waits for). */
  ready: string;
}

interface Row {
  screen: Screen;
  theme: Theme;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  transferBytes: number;
  axe: string[];
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** What DevTools' Performance panel records: the main thread's tasks and what runs in them. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'latencyInfo'];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `selector` is on the page and no loading indicator is left in <main> (as the browser tests' `settle`). */
async function settle(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor({ timeout: 60_000 });
  const loading = page.locator('main [role="status"]').filter({ hasText: /Loading|Authenticating|Finding/ });
  for (const until = Date.now() + 30_000; (await loading.count()) > 0; await pause(200)) {
    if (Date.now() > until) throw new Error(`${page.url()}: still loading after 30 s`);
  }
}

/**
 * The page in `theme` once its fades are over: the SPA follows the device's scheme (until the person
 * picks one) by setting a class on <html>; the gateway's /api/docs follows it by CSS alone, with no such class.
 */
async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  const followed = `(() => { const c = document.documentElement.classList; return c.contains('${theme}') || !(c.contains('light') || c.contains('dark')); })()`;
  const transitions = `document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running').length`;
  for (const until = Date.now() + 5_000; !(await page.evaluate<boolean>(followed)); await pause(100)) {
    if (Date.now() > until) throw new Error(`${page.url()}: the page did not follow the ${theme} theme`);
  }
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  for (const until = Date.now() + 5_000; (await page.evaluate<number>(transitions)) > 0 && Date.now() < until;) await pause(100);
}

/**
 * The audits in one theme: a Chromium whose device scheme is that theme, and its own sign-ins.
 * Playwright is connected to it only to sign in, record and run axe, never while Lighthouse loads
 * a page: it attaches to every page of the browser and applies its own emulation there (its default
 * context's light scheme), which would override the device's scheme on Lighthouse's page too.
 */
class Auditor {
  private signedInAs: Who = 'anonymous';

  constructor(
    private readonly appUrl: string,
    /** Where each screen's row goes, in the order audited. */
    private readonly rows: Row[],
    private readonly theme: Theme,
    private readonly chrome: LaunchedChrome,
    /** Whether this theme's auditor also records AUDIT_PROFILE and AUDIT_TRACE (the first theme's does). */
    private readonly records: boolean,
  ) {}

  /**
   * Runs `use` on a new page of this auditor's Chromium (its default context: the browser's cookie
   * jar), with Playwright connected for that time only; then the page is closed and Playwright
   * disconnects.
   */
  private async withPage<T>(use: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${this.chrome.port}`);
    try {
      const context = browser.contexts()[0];
      if (!context) throw new Error('the Chromium has no default context');
      const page = await context.newPage();
      try {
        return await use(page, context);
      } finally {
        await page.close();
      }
    } finally {
      // Connected over CDP, close() disconnects and leaves the browser and its cookies as they are.
      await browser.close();
    }
  }

  /** Leaves the browser signed in as `who`: cookies cleared, then the real sign-in through the dev IdP. */
  private async becomes(who: Who): Promise<void> {
    if (who === this.signedInAs) return;
    await this.withPage(async (page, context) => {
      await context.clearCookies();
      this.signedInAs = 'anonymous';
      if (who === 'anonymous') return;
      await signIn(page, ACCOUNTS[who], { from: `${this.appUrl}/` });
      this.signedInAs = who;
    });
  }

  async audit(screen: Screen): Promise<void> {
    await this.becomes(screen.who);
    const url = `${this.appUrl}${screen.path}`;
    const name = THEMES.length > 1 ? `${screen.name} (${this.theme})` : screen.name;
    const file = THEMES.length > 1 ? `${screen.key}-${this.theme}` : screen.key;
    const runs: Array<{ scores: Record<Category, number>; lcpMs: number; tbtMs: number; transferBytes: number }> = [];
    for (let run = 1; run <= RUNS; run += 1) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART on a loaded machine): such a run is tried again, twice at most.
      let lhr;
      let trace;
      for (let attempt = 1; ; attempt += 1) {
        const result = await lighthouse(url, { port: this.chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`${name}: Lighthouse returned nothing`);
        lhr = result.lhr;
        trace = result.artifacts.Trace;
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        console.log(`  ${name} run ${run}: ${lhr.runtimeError.code}, again`);
      }
      if (JSON_DIR) {
        await mkdir(JSON_DIR, { recursive: true });
        await writeFile(path.join(JSON_DIR, `${file}-${run}.json`), JSON.stringify(lhr));
        // The trace Lighthouse recorded (unthrottled: its simulation multiplies the main thread's tasks by 4).
        await writeFile(path.join(JSON_DIR, `${file}-${run}.trace.json`), JSON.stringify(trace));
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
      runs.push({
        scores,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        transferBytes: lhr.audits['total-byte-weight']?.numericValue ?? NaN,
      });
      // The final URL shows a screen that sent the browser elsewhere (a guard's redirect to the landing page).
      // Lighthouse's benchmark index measures the CPU it got (about 2,700 on the quiet VM): a low one means a busy machine.
      console.log(
        `  ${name} run ${run}/${RUNS}: ${CATEGORIES.map((c) => scores[c]).join(' / ')}, LCP ${(runs.at(-1)!.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(runs.at(-1)!.tbtMs)} ms, ${Math.round(runs.at(-1)!.transferBytes / 1024)} KiB (${lhr.finalDisplayedUrl.replace(this.appUrl, '')}), benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
      );
      // What cost points outside Performance: the failed audits of the other categories.
      const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${c}: ${ref.id}${lhr.audits[ref.id]?.displayValue ? ` (${lhr.audits[ref.id]!.displayValue})` : ''}`),
      );
      if (failing.length > 0) console.log(`    failed: ${failing.join('; ')}`);
    }
    if (PROFILE_DIR && this.records) await this.profile(screen, url, PROFILE_DIR);
    if (TRACE_DIR && this.records) await this.trace(screen, url, TRACE_DIR);
    const axe = await this.axe(screen, url);
    this.rows.push({
      screen,
      theme: this.theme,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<Category, number>,
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      transferBytes: median(runs.map((r) => r.transferBytes)),
      axe,
    });
  }

  /**
   * One more load of the screen as a phone's would be measured: 412 px, the CPU slowed down 4x,
   * from the navigation until the screen has its data and 2 s more (what Lighthouse counts as
   * blocking time comes after the first paint), with `record` started before and stopped after it.
   */
  private async recordLoad(screen: Screen, url: string, record: (page: Page, cdp: CDPSession) => Promise<() => Promise<void>>): Promise<void> {
    await this.withPage(async (page, context) => {
      await page.setViewportSize({ width: 412, height: 823 });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const stop = await record(page, cdp);
      await page.goto(url);
      await settle(page, screen.ready);
      await pause(2_000);
      await stop();
      await cdp.detach();
    });
  }

  /** A CPU profile of such a load (`<key>.cpuprofile`, for Chromium's DevTools or speedscope). */
  private async profile(screen: Screen, url: string, dir: string): Promise<void> {
    await mkdir(dir, { recursive: true });
    await this.recordLoad(screen, url, async (_page, cdp) => {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      return async () => {
        const { profile } = await cdp.send('Profiler.stop');
        await writeFile(path.join(dir, `${screen.key}.cpuprofile`), JSON.stringify(profile));
      };
    });
  }

  /** A performance trace of such a load (`<key>.trace.json`, for DevTools' Performance panel or bench/trace-summary.ts). */
  private async trace(screen: Screen, url: string, dir: string): Promise<void> {
    await mkdir(dir, { recursive: true });
    await this.recordLoad(screen, url, async (page) => {
      const browser = page.context().browser();
      if (!browser) throw new Error('no browser to trace');
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      return async () => writeFile(path.join(dir, `${screen.key}.trace.json`), await browser.stopTracing());
    });
  }

  /** axe at 375 and 1280 px in this auditor's theme. */
  private async axe(screen: Screen, url: string): Promise<string[]> {
    return this.withPage(async (page) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(url);
      await settle(page, screen.ready);
      const found: string[] = [];
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
        await showTheme(page, this.theme);
        found.push(...describeViolations(`${screen.name} at ${width} px (${this.theme})`, await runAxe(page)));
      }
      return found;
    });
  }
}

function printTable(rows: Row[]): void {
  const mark = (c: Category, score: number) => `${score}${score >= GOALS[c] ? '' : ' ✗'}`;
  console.log('\n| page | theme | Perf | A11y | Best pr. | SEO | LCP | TBT | transfer | axe |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const axe = r.axe.filter((line) => !line.startsWith('    ')).length;
    console.log(
      `| ${r.screen.name} | ${r.theme} | ${CATEGORIES.map((c) => mark(c, r.scores[c])).join(' | ')} | ${(r.lcpMs / 1000).toFixed(1)} s | ${Math.round(r.tbtMs)} ms | ${Math.round(r.transferBytes / 1024)} KiB | ${axe === 0 ? 'none' : `${axe} ✗`} |`,
    );
  }
  console.log(
    `\nmedian of ${RUNS} Lighthouse run(s) per page (mobile: simulated slow 4G, 4x CPU); ✗ = below the goal (Perf >= ${GOALS.performance}, A11y ${GOALS.accessibility}, Best pr. ${GOALS['best-practices']}, SEO >= ${GOALS.seo}); axe: violations at 375/1280 px in the row's theme`,
  );
  const violations = rows.flatMap((r) => r.axe);
  if (violations.length > 0) console.log(`\naxe violations:\n${violations.join('\n')}`);
}

const machine = () =>
  `${cpus().length} x ${cpus()[0]?.model ?? '?'}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

async function main(): Promise<void> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('no Chromium found (install one, or set CHROMIUM_PATH)');
  await ensureWebBuilt();
  console.log(`audit: ${RUNS} Lighthouse run(s) per page${WEB_DIST ? `, the SPA from ${WEB_DIST}` : ''}; machine: ${machine()}`);
  const app = await startBenchApp({
    // The kickoff is a day away until the audit starts the round (the week is open for picks).
    espnReplay: { gameDay: { minutes: 1_440, kickoffInMinutes: 24 * 60 } },
    liveFeed: { intervalMs: 1_000, idleIntervalMs: 2_000 },
    ...(WEB_DIST ? { webDistDir: WEB_DIST } : {}),
  });
  const chromes: LaunchedChrome[] = [];
  try {
    const pool = await publishWildCardPool(app.url, 30_000);
    const poolGameOf = Object.fromEntries(pool.games.map((g) => [g.id, g.poolGameId]));
    const [pat, casey] = pool.players as [(typeof pool.players)[number], (typeof pool.players)[number]];
    for (const [who, picks] of [
      [pat, WILD_CARD_PICKS.pat],
      [casey, WILD_CARD_PICKS.casey],
    ] as const) {
      const res = await who.post('/api/picks/batch', wildCardBatch(pool.poolId, poolGameOf, picks));
      if (res.status !== 200) throw new Error(`picks: ${res.status} ${await res.text()}`);
    }

    const auditors: Auditor[] = [];
    const rows: Row[] = [];
    for (const theme of THEMES) {
      const chrome = await launchChrome({ chromePath, chromeFlags: [...CHROMIUM_ARGS, SCHEME_FLAG[theme]] });
      chromes.push(chrome);
      auditors.push(new Auditor(app.url, rows, theme, chrome, auditors.length === 0));
    }
    const wanted = process.env.AUDIT_PAGES?.split(',').map((s) => s.trim());
    const audit = async (screen: Screen) => {
      if (wanted && !wanted.includes(screen.key)) return;
      for (const auditor of auditors) await auditor.audit(screen);
    };

    const week = `/api/pools/${pool.poolId}/weeks/${pool.weekNumber}`;
    // Before the games.
    await audit({ key: 'landing', name: 'Landing', who: 'anonymous', path: '/', ready: 'a[href*="/api/login"]' });
    await audit({ key: 'picks', name: 'Make Picks', who: 'player', path: '/', ready: '[data-testid="game-card"]' });
    await audit({ key: 'demo', name: 'Demo board', who: 'player', path: '/live-leaderboard-demo', ready: '[data-testid="live-game"]' });
    await audit({ key: 'pool', name: 'Pool Management', who: 'commissioner', path: '/admin', ready: '[data-testid="invitation-row"]' });
    await audit({
      key: 'weeks',
      name: 'Manage Weeks',
      who: 'commissioner',
      path: `/weeks/${pool.weekNumber}?pool=${pool.poolId}`,
      ready: '[data-testid="week-game-card"]',
    });
    await audit({ key: 'docs', name: '/api/docs', who: 'anonymous', path: '/api/docs', ready: 'main h1' });

    // The round half played: the week started with the Testing tool, the replay's clock moved on.
    const started = await pool.commissioner.post(`${week}/transition/games-in-progress`, { testing: true });
    if (started.status !== 200) throw new Error(`start: ${started.status} ${await started.text()}`);
    app.replay!.gameDay.start({ kickoffInSeconds: -Math.round((1.3 * 0.4 * 1_440 * 60_000) / 1000) });
    await audit({ key: 'live', name: 'Live Results', who: 'player', path: '/live-results', ready: '[data-testid="live-game-clock"]' });

    // The round played out, scored and completed: the season standings have a week.
    app.replay!.gameDay.start({ kickoffInSeconds: -(1_440 * 60 + 600) });
    await completeWildCardWeek(pool, pat, 60_000);
    await audit({ key: 'leaderboard', name: 'Season Leaderboard', who: 'player', path: '/leaderboard', ready: '[data-testid="leaderboard-row"]' });

    printTable(rows);
    console.log(`\nmachine: ${machine()} (shared: other work on it moves Performance and LCP)`);
  } finally {
    for (const chrome of chromes) chrome.kill();
    await app.close();
  }
}

try {
  await main();
} catch (err) {
  process.exitCode = benchFailed(err);
}
