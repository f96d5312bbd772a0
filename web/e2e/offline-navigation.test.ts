import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PICK_MESSAGES } from '@powerpool/contracts';
import { chromiumUnavailableReason } from '@powerpool/testing';
import { DESKTOP, freshEmail, setupE2e } from './support/e2e.js';
import { ACCOUNTS, mainNav, navLink, toast } from './support/sign-in.js';
import { pushSeasonToProduction } from './support/sports.js';
import { pickFirstThreeGames, publishWildCardPool } from './support/wild-card.js';

/** The words of the offline page (web/public/offline.html), which the app's offline state repeats. */
const OFFLINE_TITLE = 'You are offline';
const OFFLINE_TEXT = 'PowerPool needs a connection to show your picks and the scores. Your saved picks are safe on the server.';

const VIEWPORTS = [
  { name: '390 px phone', viewport: { width: 390, height: 844 } },
  { name: '1280 px desktop', viewport: DESKTOP },
] as const;

function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The offline state is on screen, inside the app: the navigation is still there, the error screen is not. */
async function expectOfflineState(page: Page): Promise<void> {
  await page.getByRole('heading', { name: OFFLINE_TITLE, level: 1 }).waitFor();
  expect(await page.getByText(OFFLINE_TEXT).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
  expect(await mainNav(page).isVisible()).toBe(true);
}

/**
 * Moving inside the app with no network (docs/screens.md#installable-app): a screen whose code or
 * data has not been loaded shows the offline state in the app shell, not the error screen; a
 * screen already seen shows what it showed.
 */
describe.skipIf(chromiumUnavailableReason())('offline navigation', () => {
  // The Wild Card week a day ahead, for the save offline (its players are new accounts: Pat stays in no pool).
  const e2e = setupE2e({ espnReplay: { gameDay: { minutes: 1.5, kickoffInMinutes: 24 * 60 } } });
  /** The two players of the Wild Card pool, one per width (published by the first save test). */
  let pickers: string[] = [];

  /** Chromium logs each request the lost network refuses. */
  function allowNetworkErrors(): void {
    e2e.allowConsoleErrors((message) => /Failed to (load resource|fetch)|ERR_INTERNET_DISCONNECTED/.test(message.text()));
  }

  for (const { name, viewport } of VIEWPORTS) {
    it(`should show the offline state with the navigation when the player opens a screen not loaded yet offline, and the screen once back online (${name})`, async () => {
      const page = await e2e.signedInPage(ACCOUNTS.player, { viewport });
      allowNetworkErrors();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Make Picks', level: 1 }).waitFor();

      await page.context().setOffline(true);
      await navLink(page, 'Leaderboard').click();
      await page.waitForURL((url) => url.pathname === '/leaderboard');
      await expectOfflineState(page);

      // Still no network: Try again keeps the offline state, on the same page.
      await page.getByRole('button', { name: 'Try again' }).click();
      await expectOfflineState(page);
      expect(pathname(page)).toBe('/leaderboard');

      // The network is back: the browser's `online` event retries by itself.
      await page.context().setOffline(false);
      await page.getByRole('heading', { name: 'Season Leaderboard', level: 1 }).waitFor();
      expect(pathname(page)).toBe('/leaderboard');
      expect(await page.getByRole('heading', { name: OFFLINE_TITLE }).count()).toBe(0);
    });

    it(`should show a screen seen before with its content when the player goes back to it offline (${name})`, async () => {
      const page = await e2e.signedInPage(ACCOUNTS.player, { viewport });
      allowNetworkErrors();
      await page.goto('/leaderboard');
      await page.getByRole('heading', { name: 'Season Leaderboard', level: 1 }).waitFor();
      // The player is in no pool: the screen says so, from the pools the query cache holds.
      await page.getByText(PICK_MESSAGES.noPools).waitFor();
      const shown = await page.locator('#main').innerText();

      await navLink(page, 'Make Picks').click();
      await page.getByRole('heading', { name: 'Make Picks', level: 1 }).waitFor();
      await page.context().setOffline(true);
      await navLink(page, 'Leaderboard').click();
      await page.getByText(PICK_MESSAGES.noPools).waitFor();
      expect(await page.locator('#main').innerText()).toBe(shown);
      expect(await page.getByRole('heading', { name: OFFLINE_TITLE }).count()).toBe(0);
      await page.context().setOffline(false);
    });

    it(`should show the offline state instead of a spinner when a tab's data cannot be fetched offline, and the data once back online (${name})`, async () => {
      const page = await e2e.signedInPage(ACCOUNTS.admin, { viewport });
      allowNetworkErrors();
      await page.goto('/site-admin');
      await page.getByRole('heading', { name: 'Site Administration', level: 1 }).waitFor();
      await page.getByRole('tabpanel', { name: 'Teams' }).waitFor();

      // The screen's code is here, the Users tab's data is not: its queries wait for the network.
      await page.context().setOffline(true);
      await page.getByRole('tab', { name: /Users|User Management/ }).click();
      const users = page.getByRole('tabpanel', { name: /Users|User Management/ });
      const offline = users.getByRole('heading', { name: OFFLINE_TITLE, level: 2 });
      await offline.waitFor();
      expect(await page.getByRole('heading', { name: 'Site Administration', level: 1 }).isVisible()).toBe(true);
      expect(await mainNav(page).isVisible()).toBe(true);
      await users.getByRole('button', { name: 'Try again' }).click();
      await offline.waitFor();

      // Back online, the waiting queries go on by themselves.
      await page.context().setOffline(false);
      await users.getByText(ACCOUNTS.player, { exact: true }).waitFor();
      expect(await offline.count()).toBe(0);
    });

    it(`should say at once that picks cannot be saved offline, keep the edits, and save them once back online (${name})`, async () => {
      if (pickers.length === 0) {
        await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
        pickers = [freshEmail('offline'), freshEmail('offline')];
        await publishWildCardPool(e2e, 'E2E Offline Pool', pickers);
      }
      const page = await e2e.signedInPage(pickers[VIEWPORTS.findIndex((v) => v.name === name)]!, { viewport });
      allowNetworkErrors();
      await page.goto('/');
      await pickFirstThreeGames(page);
      const summary = await page.getByTestId('picks-summary').innerText();
      const button = page.getByTestId('picks-button');

      await page.context().setOffline(true);
      await button.click();
      // Told at once, not a "Saving Picks..." that waits for the network.
      const told = toast(page, PICK_MESSAGES.saveOfflineTitle);
      await told.waitFor({ timeout: 5_000 });
      expect(await told.textContent()).toContain(PICK_MESSAGES.saveOffline);
      expect(await button.textContent()).toBe(PICK_MESSAGES.savePicks);
      expect(await page.getByTestId('picks-summary').innerText()).toBe(summary);
      expect(await page.getByText('You have unsaved changes.').isVisible()).toBe(true);

      // Back online, the same edits save, and the app still shows its toasts: the toaster's code,
      // first wanted offline, was not fetched then (docs/screens.md#installable-app).
      await page.context().setOffline(false);
      await button.click();
      await toast(page, PICK_MESSAGES.savedTitle).waitFor();
      await page.getByTestId('picks-saved').waitFor();
      expect(await page.getByTestId('picks-summary').innerText()).toBe(summary);
    });
  }
});
