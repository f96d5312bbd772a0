import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason, WILD_CARD_WEEK } from '@powerpool/testing';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS } from './support/sign-in.js';
import { pushSeasonToProduction } from './support/sports.js';
import { chunkOf } from './support/web-build.js';
import { publishWildCardPool } from './support/wild-card.js';

/**
 * A screen's first view renders once, when every reply it needs is in (web/src/lib/first-view.tsx,
 * docs/screens.md#main-thread-time): in the browser through the real sign-in, with one reply of
 * the view held back by the test. Until it comes the screen shows its loading state and nothing of
 * what already arrived; then everything at once. A reply that fails is an answer: the screen shows
 * the rest and that part's own error.
 */

/** The pick counts' and a player's saved picks' calls, by path. */
const isPickStats = (url: URL) => /^\/api\/admin\/weeks\/\d+\/pick-stats$/.test(url.pathname);
const isMyPicks = (url: URL) => /^\/api\/weeks\/[^/]+\/picks$/.test(url.pathname);

/** Holds back every request `matches` until `release` is called (the page's own requests, the first load's included). */
async function holdBack(page: Page, matches: (url: URL) => boolean): Promise<{ release: () => void; asked: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const seen = new Promise<void>((resolve) => (asked = resolve));
  await page.route(matches, async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  return { release, asked: seen };
}

/** The published games' reply of the Wild Card week of `poolId`, once it has arrived. */
const gamesReply = (page: Page, poolId: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/games/published`);

/** While a reply of the view is held back: the screen's loading text stays, and none of `parts` is on the page. */
async function expectStillLoading(page: Page, loading: string, parts: readonly string[]): Promise<void> {
  await page.getByText(loading).waitFor();
  await page.waitForTimeout(300);
  expect(await page.getByText(loading).isVisible()).toBe(true);
  for (const part of parts) expect(await page.getByTestId(part).count(), part).toBe(0);
}

describe.skipIf(chromiumUnavailableReason())('first views rendered once', () => {
  const e2e = setupE2e({ espnReplay: { gameDay: { minutes: 1_440, kickoffInMinutes: 24 * 60 } } });
  // The tests share the pool (the embedded app's state); each opens its own pages.
  let poolId = '';

  it('should show Manage Weeks only once the pick counts are in too, then the week, its games and the counts together', async () => {
    await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
    const pool = await publishWildCardPool(e2e, 'E2E First View Pool');
    poolId = pool.poolId;
    const commissioner = pool.commissioner;

    const stats = await holdBack(commissioner, isPickStats);
    const games = gamesReply(commissioner, poolId);
    const state = commissioner.waitForResponse((r) => new URL(r.url()).pathname === `/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/state`);
    await commissioner.goto(`/weeks/${WILD_CARD_WEEK}?pool=${poolId}`);
    expect((await state).status()).toBe(200);
    expect((await games).status()).toBe(200);
    await stats.asked;
    // The state and the games are in, the counts are not: the loading state, none of the week.
    await expectStillLoading(commissioner, 'Loading Wild Card (Week 19)...', ['week-game-row', 'pick-completion']);

    stats.release();
    await commissioner.getByTestId('pick-completion').waitFor();
    expect(await commissioner.getByTestId('week-game-row').count()).toBe(4);
    expect(await commissioner.getByText('Loading pick stats...').count()).toBe(0);
    expect(await commissioner.getByText('Loading Wild Card (Week 19)...').count()).toBe(0);
    await commissioner.unroute(isPickStats);
  });

  it("should ask Manage Weeks' weeks, games and pick counts on the first load, before the screen's code has come", async () => {
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    const chunk = chunkOf('src/app/routes/week-management.tsx');
    const isChunk = (url: URL) => url.pathname === chunk;
    const code = await holdBack(commissioner, isChunk);
    const asked = (matches: (url: URL) => boolean) => commissioner.waitForRequest((request) => matches(new URL(request.url())), { timeout: 15_000 });
    const requests = Promise.all([
      asked((url) => url.pathname === `/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/state`),
      asked((url) => url.pathname === '/api/weeks' && url.searchParams.get('poolId') === poolId),
      asked((url) => url.pathname === `/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/games/published`),
      asked(isPickStats),
    ]);
    await commissioner.goto(`/weeks/${WILD_CARD_WEEK}?pool=${poolId}`);
    await code.asked;
    // All four are asked while the screen's code is still held back (web/src/app/prefetch.ts).
    await requests;

    code.release();
    await commissioner.getByTestId('pick-completion').waitFor();
    expect(await commissioner.getByTestId('week-game-row').count()).toBe(4);
    await commissioner.unroute(isChunk);
  });

  it('should show the week and its games with the pick counts own error when the counts fail', async () => {
    e2e.allowConsoleErrors((message) => message.text().includes('status of 500'));
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    let failed = 0;
    await commissioner.route(isPickStats, async (route) => {
      failed += 1;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal', message: 'Pick stats are down' }) });
    });
    await commissioner.goto(`/weeks/${WILD_CARD_WEEK}?pool=${poolId}`);
    await commissioner.getByText('Unable to load pick stats').waitFor();
    expect(await commissioner.getByTestId('week-game-row').count()).toBe(4);
    expect(failed).toBeGreaterThanOrEqual(1);
    await commissioner.unroute(isPickStats);
  });

  it("should show Make Picks only once the player's saved picks are in too, then the games", async () => {
    const player = await e2e.signedInPage(ACCOUNTS.player);
    const picks = await holdBack(player, isMyPicks);
    const games = gamesReply(player, poolId);
    await player.goto('/');
    expect((await games).status()).toBe(200);
    await picks.asked;
    await expectStillLoading(player, 'Loading your pools...', ['game-card']);

    picks.release();
    await expect.poll(() => player.getByTestId('game-card').count(), { timeout: 10_000 }).toBe(4);
    expect(await player.getByText('Loading games and picks...').count()).toBe(0);
    await player.unroute(isMyPicks);
  });
});
