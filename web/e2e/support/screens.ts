import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The two themes every screen is checked in. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Puts the page in `theme` and waits until the app has followed it. */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  // The app's theme is "system" until the person picks one: it follows the device's colour scheme live.
  await page.emulateMedia({ colorScheme: theme });
  // Polled with evaluate: waitForFunction compiles its string in the page, which the app's CSP refuses.
  await expect.poll(() => page.evaluate(`document.documentElement.classList.contains('${theme}')`), { timeout: 5_000 }).toBe(true);
}

/** Waits until the screen has loaded: `ready` is visible and no loading indicator is left in <main>. */
export async function settle(page: Page, ready: Locator): Promise<void> {
  await ready.first().waitFor({ timeout: 30_000 });
  await expect
    .poll(
      () =>
        page
          .locator('main [role="status"]')
          .filter({ hasText: /Loading|Authenticating|Finding/ })
          .count(),
      { timeout: 30_000 },
    )
    .toBe(0);
}

/** Waits two animation frames: a resize or a theme change has been laid out and painted. */
export async function nextPaint(page: Page): Promise<void> {
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
}

/**
 * Waits until no CSS transition is running (the colours a theme change fades, a hover's fade): a
 * contrast check in the middle of one measures colours no one reads. Looping animations (a
 * spinner, the live dot) are not transitions and do not hold this up.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate<number>(`document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running').length`), {
      timeout: 5_000,
    })
    .toBe(0);
}
