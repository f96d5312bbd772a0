import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { Browser as PlaywrightBrowser, LaunchOptions } from 'playwright-core';
import { mustRunEverything } from './services.js';

/** Names tried on PATH, in order, when CHROMIUM_PATH is not set. */
const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/**
 * Flags for a quiet, self-contained headless browser: no sandbox (containers run as root), no GPU,
 * no QUIC, and none of the background traffic (updates, sync, first-run pages) that would make
 * tests slow or flaky.
 */
export const CHROMIUM_ARGS: readonly string[] = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium to drive: `CHROMIUM_PATH` when set, else the first of chromium, chromium-browser,
 * google-chrome-stable, google-chrome found on PATH (what `command -v chromium` answers). Null when
 * there is none.
 */
export function findChromium(): string | null {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return isExecutable(configured) ? configured : null;
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of CHROMIUM_NAMES) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * Decide whether a browser suite can run. Returns null when a Chromium is installed; otherwise the
 * reason to skip, printed once. Under CI=true it throws instead: CI never skips.
 */
export function chromiumUnavailableReason(): string | null {
  if (findChromium()) return null;
  const reason = process.env.CHROMIUM_PATH
    ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file`
    : `no Chromium on PATH (tried ${CHROMIUM_NAMES.join(', ')}; install one, e.g. apt-get install chromium, or set CHROMIUM_PATH)`;
  if (mustRunEverything) throw new Error(`CI=true and ${reason}`);
  console.warn(`[skip] ${reason}`);
  return reason;
}

/**
 * Starts a headless Chromium through playwright-core (loaded only here, so other users of this
 * library do not pay for it). One per test file; a new context per test.
 */
export async function launchChromium(options: Omit<LaunchOptions, 'executablePath'> = {}): Promise<PlaywrightBrowser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(chromiumUnavailableReason() ?? 'no Chromium found');
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    headless: true,
    timeout: 30_000,
    ...options,
    executablePath,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}
