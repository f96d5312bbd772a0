import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason, WILD_CARD_PICKS, WILD_CARD_SPREADS, WILD_CARD_WEEK, wildCardBatch } from '@powerpool/testing';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS } from './support/sign-in.js';
import { publishWildCardPool, type WildCardPool } from './support/wild-card.js';
import { pushSeasonToProduction } from './support/sports.js';

/*
 * A page left open follows the week without a reload. Every page below is opened BEFORE
 * the change, never reloaded, and the change is made by the clock (the picks deadline passing) or
 * by another person (a player's save, the super admin's moves through the API).
 *
 * The clock: the replayed Wild Card round kicks off KICKOFF_IN_MINUTES after the app starts, so the
 * picks deadline (10 minutes before the first kickoff, fixed at publish) is about four minutes after
 * the start: the week is published and the pages opened before it even on a busy machine (files
 * run side by side), and the deadline test waits for the real one. Then
 * the replayed round is started at once and played in GAME_DAY_MINUTES (live feed on) so that every
 * game is final and the week can move to SCORING and COMPLETE by the ordinary rules.
 */

const KICKOFF_IN_MINUTES = 14;
const GAME_DAY_MINUTES = 0.5;
/** How long a page may take to show a change made elsewhere. */
const FOLLOW_MS = 15_000;

const weekPath = (poolId: string) => `/weeks/${WILD_CARD_WEEK}?pool=${poolId}`;
const liveHeading = (page: Page) => page.getByTestId('live-heading');

async function currentStep(page: Page): Promise<string> {
  const step = page.getByRole('navigation', { name: 'Week progress' }).locator('li[aria-current="step"]');
  return ((await step.textContent()) ?? '').replace(/\(current step\)/, '').trim();
}

/** Marks the page so that a reload (a new document) would be noticed. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate('window.__sameDocument = true');
}
async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate('window.__sameDocument === true')).toBe(true);
}

describe.skipIf(chromiumUnavailableReason())('open pages follow the week without a reload', () => {
  const e2e = setupE2e({
    espnReplay: { gameDay: { minutes: GAME_DAY_MINUTES, kickoffInMinutes: KICKOFF_IN_MINUTES } },
    liveFeed: { intervalMs: 500, idleIntervalMs: 1_000 },
  });
  // The tests run in order on one pool: each one's week is where the previous one left it.
  let pool: WildCardPool;
  let deadline: number;

  it('should count a player who saves on the pick completion card open on Manage Weeks', { timeout: 180_000 }, async () => {
    await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
    pool = await publishWildCardPool(e2e, 'E2E Follow Pool');
    const state = (await (await pool.commissioner.request.get(`/api/pools/${pool.poolId}/weeks/${WILD_CARD_WEEK}/state`)).json()) as { pickDeadline: string };
    deadline = Date.parse(state.pickDeadline);
    expect(deadline - Date.now(), 'the deadline is still ahead once the week is published').toBeGreaterThan(30_000);

    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    await commissioner.goto(weekPath(pool.poolId));
    const card = commissioner.getByTestId('pick-completion');
    const completedCount = async () =>
      /(\d+) \/ (\d+) users completed/
        .exec((await card.textContent())?.replace(/\s+/g, ' ') ?? '')
        ?.slice(1, 3)
        .join('/');
    await expect.poll(completedCount, { timeout: 20_000 }).toMatch(/^0\/\d+$/);
    const total = (await completedCount())!.split('/')[1];
    await markDocument(commissioner);

    const player = await e2e.signedInPage(ACCOUNTS.player);
    const saved = await player.request.post('/api/picks/batch', { data: wildCardBatch(pool.poolId, pool.poolGames, WILD_CARD_PICKS.pat) });
    expect(saved.status(), await saved.text()).toBe(200);

    await expect.poll(completedCount, { timeout: FOLLOW_MS }).toBe(`1/${total}`);
    await expectSameDocument(commissioner);
  });

  it(
    'should turn Live Results opened before the deadline into the live board, and Manage Weeks to Games In Progress, when the deadline passes',
    { timeout: 330_000 },
    async () => {
      const player2 = await e2e.signedInPage(ACCOUNTS.player2);
      const saved = await player2.request.post('/api/picks/batch', { data: wildCardBatch(pool.poolId, pool.poolGames, WILD_CARD_PICKS.casey) });
      expect(saved.status(), await saved.text()).toBe(200);

      // Opened before the deadline: "Pick Data Coming Soon" (403 picks_not_available, which Chromium
      // logs as a failed load), and PUBLISHED.
      e2e.allowConsoleErrors((message) => message.text().includes('status of 403') && message.location().url.includes('/live-leaderboard'));
      const player = await e2e.signedInPage(ACCOUNTS.player);
      await player.goto('/live-results');
      await player.getByTestId('picks-not-available').waitFor({ timeout: 20_000 });
      const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
      await commissioner.goto(weekPath(pool.poolId));
      await expect.poll(() => currentStep(commissioner), { timeout: 10_000 }).toMatch(/Published/);
      for (const page of [player, commissioner]) await markDocument(page);
      expect(Date.now(), 'the pages were open before the deadline').toBeLessThan(deadline);

      // The clock: wait for the real deadline, then each page must show the change within FOLLOW_MS.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));
      await player.getByTestId('live-standing-row').first().waitFor({ timeout: FOLLOW_MS });
      expect(await player.getByTestId('picks-not-available').count()).toBe(0);
      await expect.poll(() => currentStep(commissioner), { timeout: FOLLOW_MS }).toMatch(/Games In Progress/);
      await expect.poll(async () => (await liveHeading(player).textContent()) ?? '', { timeout: FOLLOW_MS }).toContain('Games In Progress');
      for (const page of [player, commissioner]) await expectSameDocument(page);
    },
  );

  it(
    'should follow SCORING and COMPLETE made by the super admin on the open Live Results, Manage Weeks and Season Leaderboard',
    { timeout: 240_000 },
    async () => {
      const player = await e2e.signedInPage(ACCOUNTS.player);
      await player.goto(`/live-leaderboard/${pool.poolId}/${WILD_CARD_WEEK}`);
      await player.getByTestId('live-standing-row').first().waitFor({ timeout: 20_000 });
      const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
      await commissioner.goto(weekPath(pool.poolId));
      await expect.poll(() => currentStep(commissioner), { timeout: 10_000 }).toMatch(/Games In Progress/);
      const standings = await e2e.signedInPage(ACCOUNTS.player2);
      await standings.goto('/leaderboard');
      await standings.getByText('0 completed weeks').waitFor({ timeout: 20_000 });
      for (const page of [player, commissioner, standings]) await markDocument(page);

      // The replayed round is played to its finals (the live feed follows it).
      e2e.embedded.replay!.gameDay.start({ kickoffInSeconds: 0 });
      const admin = await e2e.signedInPage(ACCOUNTS.admin);
      await expect
        .poll(
          async () => {
            const games = (await (await admin.request.get(`/api/pools/${pool.poolId}/weeks/${WILD_CARD_WEEK}/games/published`)).json()) as Array<{
              isComplete: boolean;
            }>;
            return games.filter((g) => g.isComplete).length;
          },
          { timeout: 150_000, interval: 1_000 },
        )
        .toBe(Object.keys(WILD_CARD_SPREADS).length);

      // The super admin moves the week to SCORING (no Testing flag: every game is final).
      const scoring = await admin.request.post(`/api/pools/${pool.poolId}/weeks/${WILD_CARD_WEEK}/transition/scoring`, { data: {} });
      expect(scoring.status(), await scoring.text()).toBe(200);
      await expect.poll(() => currentStep(commissioner), { timeout: FOLLOW_MS }).toMatch(/Scoring/);
      await expect.poll(async () => (await liveHeading(player).textContent()) ?? '', { timeout: FOLLOW_MS }).toContain('Scoring');

      const complete = await admin.request.post(`/api/pools/${pool.poolId}/weeks/${WILD_CARD_WEEK}/transition/complete`, { data: {} });
      expect(complete.status(), await complete.text()).toBe(200);
      await expect.poll(() => currentStep(commissioner), { timeout: FOLLOW_MS }).toMatch(/Complete/);
      await expect.poll(async () => (await liveHeading(player).textContent()) ?? '', { timeout: FOLLOW_MS }).toContain('Complete');
      await standings.getByText('1 completed week').waitFor({ timeout: FOLLOW_MS });
      for (const page of [player, commissioner, standings]) await expectSameDocument(page);
    },
  );
});
