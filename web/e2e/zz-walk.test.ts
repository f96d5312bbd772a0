import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason, WILD_CARD_PICKS, WILD_CARD_SPREADS, wildCardBatch } from '@powerpool/testing';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS } from './support/sign-in.js';
import { publishWildCardPool } from './support/wild-card.js';
import { pushSeasonToProduction } from './support/sports.js';

// A throwaway walk (not committed): screenshots of the game day at 390 and 1280 px.
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desk', width: 1280, height: 800 },
];
async function shoot(page: Page, label: string) {
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/walk/${label}-${w.name}.png`, fullPage: true });
  }
}

describe.skipIf(chromiumUnavailableReason())('walk', () => {
  const e2e = setupE2e({
    espnReplay: { gameDay: { minutes: 1.5, kickoffInMinutes: 24 * 60 } },
    liveFeed: { intervalMs: 500, idleIntervalMs: 1_000 },
  });
  it('walks', { timeout: 600_000 }, async () => {
    e2e.allowConsoleErrors(() => true);
    await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
    const { poolId, commissioner, members, poolGames } = await publishWildCardPool(e2e, 'Walk Pool', undefined, undefined, { weeklyTiebreaker: 'last_game_total' });
    const [player, player2] = members as [Page, Page];
    await player.goto('/');
    await player.getByTestId('picks-button').waitFor();
    await shoot(player, '01-make-picks-empty');
    // Save without the tiebreaker: marked
    await commissioner.goto('/admin');
    await commissioner.waitForTimeout(1500);
    await shoot(commissioner, '02-pool-management');
    await commissioner.goto('/weeks/19');
    await commissioner.waitForTimeout(2000);
    await shoot(commissioner, '03-manage-weeks-published');
    const saved = await player2.request.post('/api/picks/batch', { data: { ...wildCardBatch(poolId, poolGames, WILD_CARD_PICKS.casey), tiebreaker: 44 } });
    expect(saved.status(), await saved.text()).toBe(200);
    const saved1 = await player.request.post('/api/picks/batch', { data: { ...wildCardBatch(poolId, poolGames, WILD_CARD_PICKS.pat), tiebreaker: 49 } });
    expect(saved1.status(), await saved1.text()).toBe(200);
    await player.goto('/');
    await player.waitForTimeout(2000);
    await shoot(player, '04-make-picks-saved');
    await player.goto(`/live-leaderboard/${poolId}/19`);
    await player.waitForTimeout(2000);
    await shoot(player, '05-live-before-deadline');
    const started = await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/games-in-progress`, { data: { testing: true } });
    expect(started.status()).toBe(200);
    e2e.embedded.replay!.gameDay.start({ kickoffInSeconds: 2 });
    await player.goto(`/live-leaderboard/${poolId}/19`);
    await player.waitForTimeout(25_000);
    await shoot(player, '06-live-in-play');
    await player.goto('/live-results');
    await player.waitForTimeout(3000);
    await shoot(player, '07-live-results-in-play');
    for (const gameId of Object.keys(WILD_CARD_SPREADS)) {
      await expect
        .poll(async () => (await player.request.get(`/api/pools/${poolId}/weeks/19/live-leaderboard`)).text(), { timeout: 200_000 })
        .toContain('"status":"COMPLETE"');
      void gameId;
    }
    await player.waitForTimeout(90_000);
    await player.goto(`/live-leaderboard/${poolId}/19`);
    await player.waitForTimeout(3000);
    await shoot(player, '08-live-final');
    const scoring = await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/scoring`, { data: {} });
    expect(scoring.status(), await scoring.text()).toBe(200);
    await commissioner.goto('/weeks/19');
    await commissioner.waitForTimeout(3000);
    await shoot(commissioner, '09-scoring-review-before-calc');
    expect((await commissioner.request.post(`/api/pools/${poolId}/weeks/19/scores/calculate`)).status()).toBe(200);
    await commissioner.reload();
    await commissioner.waitForTimeout(3000);
    await shoot(commissioner, '10-scoring-review-calc');
    const complete = await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/complete`, { data: {} });
    expect(complete.status(), await complete.text()).toBe(200);
    await player.goto(`/live-leaderboard/${poolId}/19`);
    await player.waitForTimeout(3000);
    await shoot(player, '11-live-complete');
    await player.goto('/leaderboard');
    await player.waitForTimeout(3000);
    await shoot(player, '12-season-leaderboard');
    await commissioner.goto('/dev-mail');
    await commissioner.waitForTimeout(2000);
    await shoot(commissioner, '13-dev-mail');
  });
});
