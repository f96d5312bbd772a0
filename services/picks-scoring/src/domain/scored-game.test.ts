import { describe, expect, it } from 'vitest';
import type { GameStatus } from '@powerpool/contracts';
import { productionGameValues } from '@powerpool/service-kit';
import { buildGame } from '@powerpool/testing';
import type { GameRow, PoolGameRow } from '../store/schema.js';
import { isVoidGame, scoredGameOf, UNPUBLISHED_GAME_SPREAD } from './scored-game.js';
import { pickResultOf, scoreWeek } from '@powerpool/contracts';

const KICKOFF = new Date('2025-09-07T17:00:00Z');

/** DAL @ PHI (home 21, away 6), the production game as picks-scoring stores it. */
const gameRow = (gameStatus: GameStatus, homeScore: number | null, awayScore: number | null): GameRow => ({
  ...productionGameValues(buildGame({ espnId: '401', gameTimeUtc: KICKOFF.toISOString(), updatedAt: KICKOFF.toISOString(), gameStatus, homeScore, awayScore })),
  venueEspnId: null,
});

const poolGameRow = (lockedSpread: number, voidedAt: Date | null = null): PoolGameRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  poolId: '00000000-0000-4000-8000-000000000002',
  year: 2025,
  weekNumber: 1,
  gameId: '401',
  lockedSpread,
  homeTeamEspnId: '21',
  awayTeamEspnId: '6',
  gameTimeUtc: KICKOFF,
  voidReason: voidedAt ? 'Postponed to week 2' : null,
  voidedAt,
});

const phi = { selectedTeamEspnId: '21', confidenceRank: 0, isPowerPick: true };

describe('scoredGameOf: the one way the live board and the calculation see a game', () => {
  it('should score a published game against the locked spread', () => {
    const scored = scoredGameOf(gameRow('COMPLETE', 24, 20), poolGameRow(-6.5));
    expect(scored).toEqual({ homeTeamEspnId: '21', awayTeamEspnId: '6', status: 'COMPLETE', homeScore: 24, awayScore: 20, lockedSpread: -6.5, isVoid: false });
    expect(pickResultOf(phi, scored)).toBe('LOSS'); // PHI won by 4, did not cover 6.5
  });

  it('should score a game the pool did not publish straight up (spread 0, docs/game.md#unpublished-games)', () => {
    const scored = scoredGameOf(gameRow('COMPLETE', 24, 20));
    expect(UNPUBLISHED_GAME_SPREAD).toBe(0);
    expect(scored.lockedSpread).toBe(UNPUBLISHED_GAME_SPREAD);
    expect(pickResultOf(phi, scored)).toBe('WIN'); // PHI won the game
    expect(pickResultOf(phi, scoredGameOf(gameRow('COMPLETE', 20, 20)))).toBe('PUSH'); // a tie
    expect(scoredGameOf(gameRow('COMPLETE', 24, 20), null)).toEqual(scored);
  });

  it("should make a game void by the commissioner's ruling, whatever its score", () => {
    const scored = scoredGameOf(gameRow('COMPLETE', 24, 20), poolGameRow(-3, KICKOFF));
    expect(scored.isVoid).toBe(true);
    expect(pickResultOf(phi, scored)).toBe('PUSH');
  });

  it('should make a cancelled game void as soon as the provider says so, published or not', () => {
    expect(scoredGameOf(gameRow('CANCELLED', null, null), poolGameRow(-3)).isVoid).toBe(true);
    expect(scoredGameOf(gameRow('CANCELLED', null, null)).isVoid).toBe(true);
    expect(isVoidGame(gameRow('CANCELLED', null, null))).toBe(true);
  });

  it('should not make a postponed game void without a ruling: it stays pending', () => {
    const scored = scoredGameOf(gameRow('POSTPONED', null, null), poolGameRow(-3));
    expect(scored.isVoid).toBe(false);
    expect(pickResultOf(phi, scored)).toBe('PENDING');
  });

  it('should let a power pick on an unpublished game be scored while it is played and once final', () => {
    // Three confidence picks on published games PHI covers (24-20 at -3), the power pick on an unpublished game.
    const confidence = [3, 2, 1].map((confidenceRank) => ({ gameId: `g${confidenceRank}`, selectedTeamEspnId: '21', confidenceRank, isPowerPick: false }));
    const picks = [...confidence, { gameId: '401', ...phi }];
    const week = (unpublished: GameRow) =>
      scoreWeek(picks, (p) => (p.gameId === '401' ? scoredGameOf(unpublished) : scoredGameOf(gameRow('COMPLETE', 24, 20), poolGameRow(-3))));

    const live = week(gameRow('IN_PROGRESS', 14, 10));
    expect(live.picks.at(-1)).toMatchObject({ result: 'PENDING', covering: 'COVERING' });
    expect([live.finalPoints, live.powerEffect, live.possiblePointsRemaining]).toEqual([6, 'pending', 6]);

    const final = week(gameRow('COMPLETE', 14, 10));
    expect([final.finalPoints, final.powerEffect, final.picks.at(-1)!.pointsEarned]).toEqual([12, 'x2', 6]);
  });
});
