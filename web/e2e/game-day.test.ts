import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason, WILD_CARD_FINALS, WILD_CARD_PICKS, WILD_CARD_SPREADS, wildCardBatch } from '@powerpool/testing';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS } from './support/sign-in.js';
import { publishWildCardPool } from './support/wild-card.js';
import { pushSeasonToProduction } from './support/sports.js';

/**
 * A whole replayed game day on an open live leaderboard (docs/screens.md#live-leaderboard), in the browser against the
 * real services: the replay plays the recorded 2025 Wild Card round in accelerated time, the live
 * feed follows it, picks-scoring pushes each change over the stream, and the page moves from
 * kickoff to the recorded finals without a reload. Make Picks' game cards move the same way.
 *
 * The kickoff is a day away while the commissioner publishes and the players pick (before the real
 * deadline), then the game day is started and the week moved to GAMES_IN_PROGRESS with the
 * Testing tool (the deadline, fixed at publish, is still a day away).
 *
 * The Wild Card spreads, the players' picks and their points (Pat 6, Casey 3) are libs/testing's
 * wild-card.ts, as in picks.test.ts.
 */

/** The round plays in this many minutes of wall time once started. */
const GAME_DAY_MINUTES = 1.5;

const liveGame = (page: Page, gameId: string) => page.locator(`[data-testid="live-game"][data-game-id="${gameId}"]`);
const scoresOf = async (page: Page, gameId: string) => {
  const game = liveGame(page, gameId);
  return `${(await game.getByTestId('live-game-away-score').textContent())?.trim()}-${(await game.getByTestId('live-game-home-score').textContent())?.trim()}`;
};

describe.skipIf(chromiumUnavailableReason())('a replayed game day on an open live leaderboard', () => {
  const e2e = setupE2e({
    espnReplay: { gameDay: { minutes: GAME_DAY_MINUTES, kickoffInMinutes: 24 * 60 } },
    liveFeed: { intervalMs: 500, idleIntervalMs: 1_000 },
  });

  it('should play the whole round on the open live leaderboard and the Make Picks cards, without a reload', { timeout: 300_000 }, async () => {
    await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
    const { poolId, commissioner, members, poolGames } = await publishWildCardPool(e2e, 'E2E Game Day Pool');
    const [player, player2] = members as [Page, Page];
    for (const [who, picks] of [
      [player, WILD_CARD_PICKS.pat],
      [player2, WILD_CARD_PICKS.casey],
    ] as const) {
      const saved = await who.request.post('/api/picks/batch', { data: wildCardBatch(poolId, poolGames, picks) });
      expect(saved.status(), await saved.text()).toBe(200);
    }

    // Games start: the Testing tool (the real deadline is a day away), then the replayed round.
    const started = await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/games-in-progress`, { data: { testing: true } });
    expect(started.status(), await started.text()).toBe(200);
    await expect.poll(async () => (await player.request.get(`/api/pools/${poolId}/weeks/19/live-leaderboard`)).status(), { timeout: 10_000 }).toBe(200);

    // Pat keeps the live leaderboard and Make Picks open; neither is reloaded from here on.
    await player.goto(`/live-leaderboard/${poolId}/19`);
    await player.getByText('Live Leaderboard - Week 19').waitFor();
    // The board comes from the stream (the Live indicator itself shows once a game is being played).
    await player.locator('[data-testid="live-heading"][data-stream="live"]').waitFor({ timeout: 20_000 });
    const makePicks = await player.context().newPage();
    await makePicks.goto('/');
    await expect.poll(() => makePicks.getByTestId('game-card').count(), { timeout: 15_000 }).toBe(4);
    for (const page of [player, makePicks]) await page.evaluate('window.__sameDocument = true');
    const pageLoads: string[] = [];
    for (const page of [player, makePicks]) page.on('load', () => pageLoads.push(page.url()));

    const replay = e2e.embedded.replay;
    expect(replay, 'the e2e app serves the ESPN replay').not.toBeNull();
    replay!.gameDay.start({ kickoffInSeconds: 2 });

    // The first game in play: status, quarter and clock on the board, scores moving.
    const first = liveGame(player, '401772979');
    await expect.poll(async () => (await first.getByTestId('live-game-status').textContent())?.trim(), { timeout: 60_000 }).toMatch(/Live/);
    await player.getByTestId('live-indicator').waitFor();
    const seen = new Set<string>();
    // How Pat's picks stand while games are played: covering, pushing (exactly on the spread) or not covering.
    const patRow = player.getByTestId('live-standing-row').filter({ hasText: 'Pat Player' });
    const pickStates = new Set<string | null>();
    await expect
      .poll(
        async () => {
          seen.add(await scoresOf(player, '401772979'));
          for (const state of await patRow.getByTestId('live-pick').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-state'))))
            pickStates.add(state);
          return (await first.getByTestId('live-game-status').textContent())?.trim();
        },
        { timeout: 120_000, interval: 250 },
      )
      .toBe('Final');
    // Several intermediate scores were shown on the way to the final (34-31, LAR away).
    expect(await scoresOf(player, '401772979')).toBe(WILD_CARD_FINALS['401772979']);
    expect(seen.size, [...seen].join(' ')).toBeGreaterThanOrEqual(3);
    expect(
      [...pickStates].some((state) => state === 'covering' || state === 'pushing' || state === 'not-covering'),
      [...pickStates].join(' '),
    ).toBe(true);

    // Every game final, the week's points as the rules give them, on the same page.
    for (const gameId of Object.keys(WILD_CARD_SPREADS)) {
      await expect.poll(async () => (await liveGame(player, gameId).getByTestId('live-game-status').textContent())?.trim(), { timeout: 150_000 }).toBe('Final');
    }
    // The Final Score column (the row's last cell): Pat 6, Casey 3.
    const finalScore = async (name: string) =>
      ((await player.getByRole('row').filter({ hasText: name }).first().getByRole('cell').last().textContent()) ?? '').trim();
    await expect.poll(() => finalScore('Pat Player'), { timeout: 20_000 }).toBe('6');
    await expect.poll(() => finalScore('Casey Second'), { timeout: 20_000 }).toBe('3');

    // Make Picks' cards followed the same games: final scores, no reload.
    for (const gameId of Object.keys(WILD_CARD_SPREADS)) {
      await expect
        .poll(
          async () => (await makePicks.locator(`[data-testid="game-card"][data-game-id="${gameId}"]`).getByTestId('game-live-status').textContent())?.trim(),
          { timeout: 30_000 },
        )
        .toMatch(/^Final/);
    }
    expect(pageLoads).toEqual([]);
    for (const page of [player, makePicks]) expect(await page.evaluate('window.__sameDocument === true')).toBe(true);
  });
});
