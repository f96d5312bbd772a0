import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startEmbedded, type Embedded, type EmbeddedOptions } from '@powerpool/embedded';
import { launchChromium, pgliteTemplate } from '@powerpool/testing';
import { signIn } from './sign-in.js';
import { REPO_ROOT, ensureWebBuilt } from './web-build.js';
import { stubExternalImages } from './images.js';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Desktop size: the top bar (from 768 px) with the user's name (from 1024 px). */
export const DESKTOP = { width: 1280, height: 800 } as const;
/** A phone: the bottom tab bar. */
export const PHONE = { width: 375, height: 812 } as const;

/**
 * A content security policy violation is a defect even when the page copes (a blocked `eval`
 * probe, an image from another host): the browser reports it as an issue, not on the console.
 * This makes each one a console error, so the test that caused it fails.
 */
async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(`
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error('Content security policy violation: ' + event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline code') + ' at ' + (event.sourceFile || '?') + ':' + event.lineNumber);
    });
  `);
}

const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/e2e');

export interface E2e {
  /** The app's public URL, e.g. http://localhost:41234 (no trailing slash). */
  readonly url: string;
  readonly browser: Browser;
  /** This test's context (fresh per test, cookies and storage empty unless `storageState` was given). */
  readonly context: BrowserContext;
  /** This test's first page. */
  readonly page: Page;
  /** Another context for this test (closed after it). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * A page in a new context (closed after the test) already signed in as `email`. The first call
   * per e-mail signs in through the dev IdP; later ones reuse the saved cookies, so tests that
   * only need "some signed-in player" do not each walk the sign-in pages. The session is shared
   * by every test of the file that asks for the same e-mail: never log out with it.
   */
  signedInPage(email: string, options?: BrowserContextOptions): Promise<Page>;
  /**
   * For this test only, do not count console errors that `expected` matches (e.g. Chromium's
   * "Failed to load resource: ... status of 409" when the test provokes a refusal on purpose).
   */
  allowConsoleErrors(expected: (message: ConsoleMessage) => boolean): void;
  /** The file's embedded app (its ESPN replay, for a test that plays a game day). */
  readonly embedded: Embedded;
}

export interface E2eOptions {
  /**
   * The ESPN replay of the file's app. Default: the bundled recordings with their real dates
   * (shift 0, so 2025 is a season of the past); `{ dateShiftDays: 'auto' }` moves them so the
   * 2025 opener is 2-8 days ahead (upcoming weeks to publish).
   */
  espnReplay?: EmbeddedOptions['espnReplay'];
  /** sports-data-staging's live feed (off by default in memory; a game-day test turns it on). */
  liveFeed?: EmbeddedOptions['liveFeed'];
}

/**
 * Registers the hooks of a browser suite inside a `describe`: one embedded app (in memory) and one
 * Chromium per file, a new context and page per test (1280x800 unless asked otherwise), every
 * request off the app (ESPN logos and photos) answered with a pixel in every context (images.ts), a
 * screenshot in test-results/e2e when a test fails, and a failure when a page threw or logged a
 * console error. Returns accessors valid inside tests and hooks registered after this call.
 */
export function setupE2e(options: E2eOptions = {}): E2e {
  let app: Embedded | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let extraContexts: BrowserContext[] = [];
  /** Pages opened during the test, newest last: the newest one still open is shot on failure. */
  let pages: Page[] = [];
  /** Uncaught exceptions and console errors of this test's pages (CSP violations land here too). */
  let problems: string[] = [];
  const savedSignIns = new Map<string, StorageState>();
  /** This test's extra allowances (see `allowConsoleErrors`). */
  let allowedConsoleErrors: Array<(message: ConsoleMessage) => boolean> = [];

  function watch(opened: Page): void {
    pages.push(opened);
    opened.on('pageerror', (error) => problems.push(`uncaught ${error.stack ?? error.message} (${opened.url()})`));
    opened.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (allowedConsoleErrors.some((allowed) => allowed(message))) return;
      problems.push(`console error: ${message.text()} (${opened.url()})`);
    });
  }

  // Service workers off unless a test asks for them (`serviceWorkers: 'allow'`, installable.test.ts):
  // Playwright's request routing (logos stubbed, chunks made to fail) does not see what a worker fetches.
  const contextOptions = (): BrowserContextOptions => ({ viewport: DESKTOP, baseURL: need(app, 'app').url, serviceWorkers: 'block' });

  async function newContext(extra: BrowserContextOptions = {}): Promise<BrowserContext> {
    const created = await need(browser, 'browser').newContext({ ...contextOptions(), ...extra });
    await stubExternalImages(created, need(app, 'app').url);
    await reportCspViolations(created);
    created.on('page', watch);
    extraContexts.push(created);
    return created;
  }

  beforeAll(async () => {
    await ensureWebBuilt();
    [app, browser] = await Promise.all([
      startEmbedded({
        port: 0,
        inMemory: true,
        environment: 'test',
        logLevel: 'warn',
        rateLimits: { signInPerMinute: 1000 },
        pgliteFrom: await pgliteTemplate(),
        ...(options.espnReplay !== undefined ? { espnReplay: options.espnReplay } : {}),
        ...(options.liveFeed !== undefined ? { liveFeed: options.liveFeed } : {}),
      }),
      launchChromium(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  beforeEach(async () => {
    context = await need(browser, 'browser').newContext(contextOptions());
    await stubExternalImages(context, need(app, 'app').url);
    await reportCspViolations(context);
    context.on('page', watch);
    page = await context.newPage();
  });

  afterEach(async ({ task }) => {
    try {
      const shown = pages.filter((p) => !p.isClosed() && p.url() !== 'about:blank').at(-1) ?? page;
      if (task.result?.state === 'fail' && shown && !shown.isClosed()) {
        await mkdir(SCREENSHOT_DIR, { recursive: true });
        const name = `${path.basename(task.file.name, '.test.ts')}--${task.name}`.replace(/[^\w.-]+/g, '-').slice(0, 150);
        const file = path.join(SCREENSHOT_DIR, `${name}.png`);
        await shown.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined);
        console.info(`[e2e] screenshot of the failed test: ${path.relative(REPO_ROOT, file)} (page ${shown.url()})`);
      }
    } finally {
      await Promise.all([context, ...extraContexts].filter((c) => c !== undefined).map((c) => c.close()));
      context = undefined;
      page = undefined;
      extraContexts = [];
      pages = [];
    }
    const seen = problems;
    problems = [];
    allowedConsoleErrors = [];
    if (seen.length > 0 && task.result?.state !== 'fail') {
      throw new Error(`the pages reported errors during the test:\n${seen.join('\n')}`);
    }
  });

  return {
    get url() {
      return need(app, 'app').url;
    },
    get embedded() {
      return need(app, 'app');
    },
    get browser() {
      return need(browser, 'browser');
    },
    get context() {
      return need(context, 'context');
    },
    get page() {
      return need(page, 'page');
    },
    newContext,
    allowConsoleErrors(expected) {
      allowedConsoleErrors.push(expected);
    },
    async signedInPage(email: string, extra: BrowserContextOptions = {}) {
      let state = savedSignIns.get(email);
      if (!state) {
        const signingIn = await newContext({ viewport: DESKTOP });
        const page = await signingIn.newPage();
        await signIn(page, email);
        state = await signingIn.storageState();
        savedSignIns.set(email, state);
      }
      return (await newContext({ ...extra, storageState: state })).newPage();
    },
  };
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`e2e: no ${what} yet (use it inside a test or a hook registered after setupE2e)`);
  return value;
}

/** A fresh `@powerpool.test` address: the dev IdP creates the account on first sign-in. */
export function freshEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@powerpool.test`;
}
