import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason, WILD_CARD_PICKS, WILD_CARD_SPREADS, WILD_CARD_WEEK, wildCardBatch, type WildCardPick } from '@powerpool/testing';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS } from './support/sign-in.js';
import { pushSeasonToProduction } from './support/sports.js';
import { publishWildCardPool } from './support/wild-card.js';

/**
 * Pick consensus on Live Results (docs/game.md#pick-consensus), in the browser through the real
 * sign-in against the real services: the Wild Card round's six games published, Pat's picks saved
 * (libs/testing's wild-card.ts) and Casey's below. Before the deadline Pat sees no consensus (the
 * board is not his to see yet) while the commissioner does; once the games start (the Testing
 * tool: the deadline counts as passed) Pat sees how the pool picked each game, in words: a power
 * pick counts in its side's share like any pick, and a game nobody picked says so.
 */

const GAMES = { larCar: '401772979', gbChi: '401772981', bufJax: '401772977', sfPhi: '401772980', lacNe: '401772978', houPit: '401772976' } as const;
/** The round's six games: libs/testing's four and two more (home-relative spreads). */
const SPREADS: Record<string, number> = { ...WILD_CARD_SPREADS, [GAMES.lacNe]: -3.5, [GAMES.houPit]: -1.5 };
/** Casey (player2@): against Pat on three games, the 1-point pick on LAC @ NE; SF @ PHI left to Pat's power pick alone, HOU @ PIT to nobody. */
const CASEY: readonly WildCardPick[] = [
  [GAMES.larCar, '14', 3], // LAR
  [GAMES.gbChi, '3', 2], // CHI
  [GAMES.lacNe, '17', 1], // NE
  [GAMES.bufJax, '30', 0], // JAX, the power pick
];
const consensusOf = (page: Page, gameId: string) => page.locator(`[data-testid="live-game"][data-game-id="${gameId}"]`).getByTestId('live-game-consensus');
const text = async (page: Page, gameId: string, part: string) => (await consensusOf(page, gameId).getByTestId(part).innerText()).trim();

describe.skipIf(chromiumUnavailableReason())('pick consensus on Live Results', () => {
  const e2e = setupE2e({
    espnReplay: { gameDay: { minutes: 1_440, kickoffInMinutes: 24 * 60 } },
    liveFeed: { intervalMs: 500, idleIntervalMs: 1_000 },
  });

  it('should show a player how the pool picked each game only after the deadline, and the commissioner before it', { timeout: 300_000 }, async () => {
    await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
    const { poolId, commissioner, members, poolGames } = await publishWildCardPool(e2e, 'E2E Consensus Pool', undefined, SPREADS);
    const [pat, casey] = members as [Page, Page];
    for (const [who, picks] of [
      [pat, WILD_CARD_PICKS.pat],
      [casey, CASEY],
    ] as const) {
      const saved = await who.request.post('/api/picks/batch', { data: wildCardBatch(poolId, poolGames, picks) });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    const board = `/live-leaderboard/${poolId}/${WILD_CARD_WEEK}`;

    // Before the deadline: Pat is told to wait (the call's 403 is expected), no consensus anywhere.
    e2e.allowConsoleErrors((message) => message.text().includes('status of 403'));
    await pat.goto('/live-results');
    await pat.waitForURL((url) => url.pathname === board);
    await pat.getByText('Pick Data Coming Soon').waitFor();
    expect(await pat.getByTestId('live-game-consensus').count()).toBe(0);
    // The commissioner sees it at any time.
    await commissioner.goto(board);
    await expect.poll(() => commissioner.getByTestId('live-game-consensus').count(), { timeout: 15_000 }).toBe(6);
    // Pat's power pick is the only pick of SF @ PHI: SF has all of it.
    expect(await text(commissioner, GAMES.sfPhi, 'consensus-away-share')).toBe('SF 100%');

    // Games start (Testing tool): the deadline counts as passed.
    const started = await commissioner.request.post(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/transition/games-in-progress`, { data: { testing: true } });
    expect(started.status(), await started.text()).toBe(200);
    await expect
      .poll(async () => (await pat.request.get(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/live-leaderboard`)).status(), { timeout: 10_000 })
      .toBe(200);
    await pat.goto('/live-results');
    await pat.waitForURL((url) => url.pathname === board);
    await expect.poll(() => pat.getByTestId('live-game-consensus').count(), { timeout: 15_000 }).toBe(6);

    // Pat: CAR 3, GB 2, BUF 1, power SF; Casey: LAR 3, CHI 2, NE 1, power JAX.
    const seen = async (gameId: string) =>
      Promise.all(['consensus-away-share', 'consensus-home-share', 'consensus-away-counts', 'consensus-home-counts'].map((part) => text(pat, gameId, part)));
    expect(await seen(GAMES.larCar)).toEqual(['LAR 50%', '50% CAR', '1 pick · 3 pts', '1 pick · 3 pts']);
    expect(await seen(GAMES.gbChi)).toEqual(['GB 50%', '50% CHI', '1 pick · 2 pts', '1 pick · 2 pts']);
    // A power pick is a pick of its team: JAX's counts in the share, and is told apart.
    expect(await seen(GAMES.bufJax)).toEqual(['BUF 50%', '50% JAX', '1 pick · 1 pt', '1 pick · 1 power']);
    // The only pick of the game is a power pick: 100% for its side, not 0% on both.
    expect(await seen(GAMES.sfPhi)).toEqual(['SF 100%', '0% PHI', '1 pick · 1 power', '0 picks']);
    expect(await seen(GAMES.lacNe)).toEqual(['LAC 0%', '100% NE', '0 picks', '1 pick · 1 pt']);
    // Nobody picked HOU @ PIT: it says so, with no percentages.
    expect(await text(pat, GAMES.houPit, 'consensus-none')).toBe('Nobody picked this game');
    expect(await consensusOf(pat, GAMES.houPit).getByTestId('consensus-away-share').count()).toBe(0);
    // Named for a screen reader, not by colour: the group says which game it is.
    expect(await consensusOf(pat, GAMES.sfPhi).getAttribute('aria-label')).toBe('Pool picks: SF at PHI');
  });
});
