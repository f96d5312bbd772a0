import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason, WILD_CARD_PICKS, wildCardBatch } from '@powerpool/testing';
import { setupE2e } from './support/e2e.js';
import { blockTeamLogos, isBlockedImageError, logoSlots } from './support/images.js';
import { ACCOUNTS } from './support/sign-in.js';
import { pushSeasonToProduction } from './support/sports.js';
import { publishWildCardPool } from './support/wild-card.js';

/**
 * Team logos (deploy/README.md, "Team logos"): every page gets them from our own origin (GET /api/teams/{id}/logo, the
 * offline replay's stand-in images here). When they load, every slot shows the image; when they
 * cannot be had (the endpoint blocked here: down, never stored, a bad network), each logo slot
 * must show the product's fallback, the team's abbreviation on a coloured circle, never an empty
 * circle: Make Picks, Live Results (the board's pick chips and the games), the season
 * leaderboard's weekly details, the commissioner's scoring review and the demo board.
 */

/** The replayed Wild Card round plays in this many minutes of wall time once started. */
const GAME_DAY_MINUTES = 1.5;

/** Wait until the page shows at least `min` logo slots, then check every one: each is the fallback, with a team's abbreviation. */
async function expectFallbacks(page: Page, where: string, min: number): Promise<void> {
  await expect.poll(async () => (await logoSlots(page)).length, { timeout: 15_000, message: `${where}: logo slots` }).toBeGreaterThanOrEqual(min);
  const slots = await logoSlots(page);
  expect(
    slots.filter((s) => s.look !== 'fallback'),
    `${where}: with the logos blocked, every logo is the abbreviation on a coloured circle`,
  ).toEqual([]);
  for (const s of slots) expect(s.text, where).toMatch(/^[A-Z]{2,3}$/);
}

/** Every element matching `selector` holds exactly one logo slot (a pick chip, a team row...). */
async function expectOneSlotEach(page: Page, selector: string): Promise<void> {
  const counts = await page.locator(selector).evaluateAll((els) => els.map((el) => el.querySelectorAll('[data-testid="team-logo"]').length));
  expect(counts.length, selector).toBeGreaterThan(0);
  expect(
    counts.every((n) => n === 1),
    `${selector}: one logo slot each (${counts.join(',')})`,
  ).toBe(true);
}

describe.skipIf(chromiumUnavailableReason())('team logos from our origin, and their fallback', () => {
  // Game-day mode: the round is SCHEDULED a day ahead while the players pick (a game reported
  // started or final takes no pick), and is played to its recorded finals before the scoring.
  const e2e = setupE2e({
    espnReplay: { gameDay: { minutes: GAME_DAY_MINUTES, kickoffInMinutes: 24 * 60 } },
    liveFeed: { intervalMs: 500, idleIntervalMs: 1_000 },
  });

  it('should show the abbreviation on a coloured circle in every logo slot, never an empty circle', { timeout: 240_000 }, async () => {
    e2e.allowConsoleErrors(isBlockedImageError);
    await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
    const { poolId, commissioner, members, poolGames } = await publishWildCardPool(e2e, 'E2E Logos Pool');
    const [player, player2] = members as [Page, Page];
    for (const [who, picks] of [
      [player, WILD_CARD_PICKS.pat],
      [player2, WILD_CARD_PICKS.casey],
    ] as const) {
      const saved = await who.request.post('/api/picks/batch', { data: wildCardBatch(poolId, poolGames, picks) });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    // With the logos available: every slot on Make Picks shows its image (from our origin).
    await player.goto('/');
    await expect.poll(() => player.getByTestId('game-card').count(), { timeout: 15_000 }).toBe(4);
    await expect
      .poll(async () => (await logoSlots(player)).filter((s) => s.look === 'image').length, { timeout: 15_000, message: 'Make Picks: logos loaded' })
      .toBe(8);

    for (const page of [player, commissioner]) await blockTeamLogos(page);

    // Make Picks: two team rows per game card, each with its logo slot.
    await player.reload();
    await expect.poll(() => player.getByTestId('game-card').count(), { timeout: 15_000 }).toBe(4);
    await expectFallbacks(player, 'Make Picks', 8);
    await expectOneSlotEach(player, '[data-testid="team-row"]');

    // Games start: Live Results, the board's pick chips and the games list.
    const started = await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/games-in-progress`, { data: { testing: true } });
    expect(started.status(), await started.text()).toBe(200);
    await expect.poll(async () => (await player.request.get(`/api/pools/${poolId}/weeks/19/live-leaderboard`)).status(), { timeout: 10_000 }).toBe(200);
    await player.goto('/live-results');
    await expect.poll(() => player.getByTestId('live-pick').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(8);
    await expectOneSlotEach(player, '[data-testid="live-pick"]');
    await expectFallbacks(player, 'Live Results', 8 + 8);

    // The round is played to its finals (the live feed brings them in), then scored and completed:
    // the commissioner's scoring review, then the season leaderboard's weekly details.
    const replay = e2e.embedded.replay;
    expect(replay, 'the e2e app serves the ESPN replay').not.toBeNull();
    replay!.gameDay.start({ kickoffInSeconds: -10 * 60 });
    await expect
      .poll(
        async () => {
          const games = (await (await commissioner.request.get(`/api/pools/${poolId}/weeks/19/games/published`)).json()) as Array<{ isComplete: boolean }>;
          return games.filter((g) => g.isComplete).length;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(Object.keys(poolGames).length);
    expect((await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/scoring`, { data: { testing: true } })).status()).toBe(200);
    await expect.poll(async () => (await commissioner.request.post(`/api/pools/${poolId}/weeks/19/scores/calculate`)).status(), { timeout: 10_000 }).toBe(200);
    await commissioner.goto(`/weeks/19?pool=${poolId}`);
    await commissioner.getByTestId('scoring-review').waitFor({ timeout: 15_000 });
    await expectFallbacks(commissioner, 'scoring review', 8);
    expect((await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/complete`, { data: { testing: true } })).status()).toBe(200);
    await expect
      .poll(async () => ((await (await player.request.get(`/api/pools/${poolId}/completed-weeks`)).json()) as unknown[]).length, { timeout: 10_000 })
      .toBe(1);

    await player.goto('/leaderboard');
    await player.getByRole('heading', { name: 'Season Leaderboard', level: 1 }).waitFor();
    await player.getByRole('button', { name: /Pat Player/ }).click();
    await expectFallbacks(player, 'season leaderboard weekly details', 4);

    // The demo board (no data needed), its chips too.
    await player.goto('/live-leaderboard-demo');
    await expect.poll(() => player.getByTestId('live-pick').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expectOneSlotEach(player, '[data-testid="live-pick"]');
    await expectFallbacks(player, 'demo board', 1);
  });
});
