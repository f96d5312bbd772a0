import { describe, expect, it } from 'vitest';
import { standingsOf, weekTiebreakOf } from './standings.js';
import { gamesById, liveGame, member, pick, storedRow } from './test-fixtures.js';

const games = [
  liveGame('g1', { status: 'COMPLETE', homeScore: 24, awayScore: 17 }),
  liveGame('g2', { status: 'IN_PROGRESS', homeScore: 7, awayScore: 10 }, { spread: 3.5 }),
  liveGame('g3'),
];
const members = [member('u-dave', 'dave'), member('u-carol', 'Carol', 10), member('u-bob', 'Bob'), member('u-alice', 'Alice')];
const picks = [
  pick({ userId: 'u-alice', gameId: 'g3', team: 'A', rank: 1 }),
  pick({ userId: 'u-alice', gameId: 'g1', team: 'H', rank: 3 }),
  pick({ userId: 'u-alice', gameId: 'g2', team: 'H', rank: 2 }),
  pick({ userId: 'u-bob', gameId: 'g1', team: 'A', rank: 3 }),
  pick({ userId: 'u-bob', gameId: 'g2', team: 'A', rank: 2 }),
  pick({ userId: 'u-bob', gameId: 'g3', team: 'H', rank: 1 }),
  pick({ userId: 'u-bob', gameId: 'g3', team: 'H', rank: 0 }),
  pick({ userId: 'u-carol', gameId: 'g1', team: 'H', rank: 3 }),
];

describe('standingsOf: a pool week standings from rows already read', () => {
  it('should rank by week points (shared), then season points, then name, when scored on the fly', () => {
    const players = standingsOf({ members, picks, stored: [], gameOf: gamesById(games) });
    expect(players.map((p) => [p.displayName, p.rank, p.weekPoints, p.seasonPoints, p.seasonRank])).toEqual([
      ['Alice', 1, 3, 3, 2],
      ['Carol', 2, 0, 10, 1],
      ['Bob', 2, 0, 0, 3],
      ['dave', 2, 0, 0, 3],
    ]);
  });

  it('should show what each pick is covering now and the points still possible, when games are being played', () => {
    const [alice, , bob] = standingsOf({ members, picks, stored: [], gameOf: gamesById(games) });
    expect(alice!.picks.map((p) => p.confidenceRank)).toEqual([3, 2, 1]);
    expect(alice!.outcome.picks.map((o) => [o.pick.gameId, o.result, o.pointsEarned, o.covering])).toEqual([
      ['g1', 'WIN', 3, null],
      ['g2', 'PENDING', null, 'COVERING'],
      ['g3', 'PENDING', null, null],
    ]);
    expect(alice!.outcome.possiblePointsRemaining).toBe(3);
    // Bob's power pick is pending: his best is (2 + 1) x 2.
    expect(bob!.outcome.powerEffect).toBe('pending');
    expect(bob!.outcome.picks.find((o) => o.pick.gameId === 'g2')?.covering).toBe('NOT_COVERING');
    expect(bob!.outcome.possiblePointsRemaining).toBe(6);
  });

  it('should list a player with zeros and pending picks, and tell, when their picks cannot be scored', () => {
    const told: Array<[string, string]> = [];
    const players = standingsOf({ members, picks, stored: [], gameOf: gamesById(games), onUnscorable: (userId, reason) => told.push([userId, reason]) });
    const carol = players.find((p) => p.userId === 'u-carol')!;
    expect(carol.error).toMatch(/Expected one pick of each rank 3, 2 and 1/);
    expect(carol.outcome.picks.map((o) => o.result)).toEqual(['PENDING']);
    expect([carol.weekPoints, carol.seasonPoints]).toEqual([0, 10]);
    expect(told).toEqual([['u-carol', carol.error]]);
    expect(players.filter((p) => p.userId !== 'u-carol').every((p) => p.error === null)).toBe(true);
  });

  it('should show the stored calculation instead of scoring now, when a player has a stored row', () => {
    const storedPicks = [
      pick({ userId: 'u-alice', gameId: 'g1', team: 'H', rank: 3, stored: { result: 'WIN', pointsEarned: 3 } }),
      pick({ userId: 'u-alice', gameId: 'g2', team: 'H', rank: 2, stored: { result: 'LOSS', pointsEarned: 0 } }),
      pick({ userId: 'u-alice', gameId: 'g3', team: 'A', rank: 1, stored: { result: 'PUSH', pointsEarned: 0 } }),
      pick({ userId: 'u-alice', gameId: 'g1', team: 'H', rank: 0, stored: { result: 'WIN', pointsEarned: 3 } }),
    ];
    const stored = [
      storedRow('u-alice', { rawPoints: 3, multiplier: 2, finalPoints: 6, powerEffect: 'x2' }),
      storedRow('u-bob', { hasCalculationError: true, errorMessage: 'Team X does not play in this game' }),
    ];
    const players = standingsOf({ members, picks: [...storedPicks, ...picks.filter((p) => p.userId !== 'u-alice')], stored, gameOf: gamesById(games) });
    const alice = players.find((p) => p.userId === 'u-alice')!;
    expect([alice.weekPoints, alice.outcome.powerBonus, alice.outcome.powerPickCorrect, alice.outcome.possiblePointsRemaining]).toEqual([6, 3, true, 0]);
    expect(alice.outcome.picks.map((o) => [o.result, o.pointsEarned, o.covering])).toEqual([
      ['WIN', 3, null],
      ['LOSS', 0, null],
      ['PUSH', 0, null],
      ['WIN', 3, null],
    ]);
    const bob = players.find((p) => p.userId === 'u-bob')!;
    expect([bob.error, bob.weekPoints, bob.outcome.powerEffect]).toEqual(['Team X does not play in this game', 0, 'none']);
  });
});

describe('weekTiebreakOf: the week winners on the board (docs/game.md#weekly-winners)', () => {
  // Alice and Bob both score 3 on g1 (final 24-17: total 41); Carol 0; Dave made no picks.
  const final = [
    liveGame('g1', { status: 'COMPLETE', homeScore: 24, awayScore: 17 }),
    liveGame('g2', { status: 'COMPLETE', homeScore: 10, awayScore: 3 }),
    liveGame('g3', { status: 'COMPLETE', homeScore: 20, awayScore: 10 }),
  ];
  const week = (userId: string, first: 'H' | 'A') => [
    pick({ userId, gameId: 'g1', team: first, rank: 3 }),
    pick({ userId, gameId: 'g2', team: 'A', rank: 2 }),
    pick({ userId, gameId: 'g3', team: 'A', rank: 1 }),
  ];
  const tied = [...week('u-alice', 'H'), ...week('u-bob', 'H'), ...week('u-carol', 'A')];
  const players = standingsOf({ members, picks: tied, stored: [], gameOf: gamesById(final) });
  const predictions = new Map([
    ['u-alice', 45],
    ['u-bob', 40],
    ['u-carol', 41],
  ]);
  const g1 = { status: 'COMPLETE' as const, homeScore: 24, awayScore: 17, isVoid: false };
  const weekIn = (state: 'GAMES_IN_PROGRESS' | 'SCORING' | 'COMPLETE') => ({ state, tiebreakerGameId: 'g1' });

  it('should be null when the week has no tiebreaker game', () => {
    expect(weekTiebreakOf({ state: 'SCORING', tiebreakerGameId: null }, { players, predictions, tiebreakerGame: g1 })).toBeNull();
  });
  it('should name the equal top score closest to the total as the winner when the week is in SCORING or COMPLETE', () => {
    for (const state of ['SCORING', 'COMPLETE'] as const) {
      const tiebreak = weekTiebreakOf(weekIn(state), { players, predictions, tiebreakerGame: g1 })!;
      expect([...tiebreak.winners]).toEqual(['u-bob']);
      expect(tiebreak.predictions.get('u-alice')).toBe(45);
    }
  });
  it('should name no winner yet while games are being played', () => {
    expect([...weekTiebreakOf(weekIn('GAMES_IN_PROGRESS'), { players, predictions, tiebreakerGame: g1 })!.winners]).toEqual([]);
  });
  it('should share the win among the equal top scores when the tiebreaker game is void', () => {
    const tiebreak = weekTiebreakOf(weekIn('SCORING'), { players, predictions, tiebreakerGame: { ...g1, isVoid: true } })!;
    expect([...tiebreak.winners].sort()).toEqual(['u-alice', 'u-bob']);
  });
});
