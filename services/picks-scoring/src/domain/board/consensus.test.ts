import { consensusSidesOf } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { consensusOf } from './consensus.js';
import { standingsOf } from './standings.js';
import { gamesById, liveGame, member, pick, storedRow } from './test-fixtures.js';

const games = [
  liveGame('g1', { status: 'COMPLETE', homeScore: 24, awayScore: 17 }),
  liveGame('g2', { status: 'IN_PROGRESS', homeScore: 7, awayScore: 10 }),
  liveGame('g3', {}, { minutes: 60 }),
  liveGame('g4', {}, { voided: true }),
];
const members = [member('u-alice', 'Alice'), member('u-bob', 'Bob'), member('u-carol', 'Carol')];

describe('consensusOf: how the pool picked each game of the board', () => {
  it('should count the confidence picks, their points and the power picks on each side when players pick both sides', () => {
    const picks = [
      pick({ userId: 'u-alice', gameId: 'g1', team: 'H', rank: 3 }),
      pick({ userId: 'u-alice', gameId: 'g2', team: 'H', rank: 2 }),
      pick({ userId: 'u-alice', gameId: 'g3', team: 'A', rank: 1 }),
      pick({ userId: 'u-alice', gameId: 'g1', team: 'H', rank: 0 }),
      pick({ userId: 'u-bob', gameId: 'g1', team: 'A', rank: 1 }),
      pick({ userId: 'u-bob', gameId: 'g2', team: 'H', rank: 3 }),
      pick({ userId: 'u-bob', gameId: 'g3', team: 'A', rank: 2 }),
      pick({ userId: 'u-bob', gameId: 'g3', team: 'A', rank: 0 }),
      pick({ userId: 'u-carol', gameId: 'g1', team: 'H', rank: 2 }),
      pick({ userId: 'u-carol', gameId: 'g2', team: 'A', rank: 1 }),
      pick({ userId: 'u-carol', gameId: 'g4', team: 'A', rank: 3 }),
      pick({ userId: 'u-carol', gameId: 'g2', team: 'A', rank: 0 }),
    ];
    const board = { games, players: standingsOf({ members, picks, stored: [], gameOf: gamesById(games) }) };
    expect(consensusOf(board)).toEqual({
      g1: [2, 1, 5, 1, 1, 0],
      g2: [2, 1, 5, 1, 0, 1],
      g3: [0, 2, 0, 3, 0, 1],
      g4: [0, 1, 0, 3, 0, 0],
    });
  });

  it('should give every game of the board zeros when nobody picked', () => {
    const board = { games, players: standingsOf({ members, picks: [], stored: [], gameOf: gamesById(games) }) };
    expect(consensusOf(board)).toEqual({ g1: [0, 0, 0, 0, 0, 0], g2: [0, 0, 0, 0, 0, 0], g3: [0, 0, 0, 0, 0, 0], g4: [0, 0, 0, 0, 0, 0] });
  });

  it('should leave out picks on games not on the board and count an unscorable or stored week when it has picks', () => {
    const picks = [
      // A commissioner's power pick on a game the pool did not publish.
      pick({ userId: 'u-alice', gameId: 'gx', team: 'H', rank: 0 }),
      // Bob's week cannot be scored (no rank 2 or 1): his pick still says what he picked.
      pick({ userId: 'u-bob', gameId: 'g3', team: 'H', rank: 3 }),
      // Carol's week is shown as the calculation stored it.
      pick({ userId: 'u-carol', gameId: 'g1', team: 'A', rank: 3, stored: { result: 'LOSS', pointsEarned: 0 } }),
    ];
    const board = { games, players: standingsOf({ members, picks, stored: [storedRow('u-carol')], gameOf: gamesById(games) }) };
    expect(board.players.find((p) => p.userId === 'u-bob')!.error).not.toBeNull();
    const consensus = consensusOf(board);
    expect(Object.keys(consensus)).toEqual(['g1', 'g2', 'g3', 'g4']);
    expect(consensus.g1).toEqual([0, 1, 0, 3, 0, 0]);
    expect(consensus.g3).toEqual([1, 0, 3, 0, 0, 0]);
  });
});

describe('consensusSidesOf: a game consensus read side by side', () => {
  it('should count confidence and power picks alike in the shares when a game has both, telling the power picks apart', () => {
    // Home: 2 confidence picks (5 points) and a power pick; away: 1 confidence pick (1 point).
    expect(consensusSidesOf([2, 1, 5, 1, 1, 0])).toEqual({
      picks: 4,
      home: { picks: 3, percent: 75, powerPicks: 1, points: 5 },
      away: { picks: 1, percent: 25, powerPicks: 0, points: 1 },
    });
    // A confidence pick against a power pick: half each.
    expect(consensusSidesOf([0, 1, 0, 1, 1, 0])).toEqual({
      picks: 2,
      home: { picks: 1, percent: 50, powerPicks: 1, points: 0 },
      away: { picks: 1, percent: 50, powerPicks: 0, points: 1 },
    });
  });

  it('should give the whole game to its side when its only pick is a power pick', () => {
    expect(consensusSidesOf([0, 0, 0, 0, 0, 1])).toEqual({
      picks: 1,
      home: { picks: 0, percent: 0, powerPicks: 0, points: 0 },
      away: { picks: 1, percent: 100, powerPicks: 1, points: 0 },
    });
  });

  it('should give whole percentages adding up to 100 when the shares do not divide evenly', () => {
    const { home, away } = consensusSidesOf([1, 1, 3, 2, 0, 1]);
    expect([home.percent, away.percent]).toEqual([33, 67]);
  });

  it('should say nobody picked the game, 0 percent on both sides, when it has no pick', () => {
    expect(consensusSidesOf([0, 0, 0, 0, 0, 0])).toEqual({
      picks: 0,
      home: { picks: 0, percent: 0, powerPicks: 0, points: 0 },
      away: { picks: 0, percent: 0, powerPicks: 0, points: 0 },
    });
  });

  it("should read the board's consensus so: a game picked only by a power pick, mixed ones, one nobody picked", () => {
    const six = [...games.slice(0, 3), liveGame('g4'), liveGame('g5', {}, { minutes: 90 }), liveGame('g6', {}, { minutes: 120 })];
    const picks = [
      ...[
        pick({ userId: 'u-alice', gameId: 'g1', team: 'H', rank: 3 }),
        pick({ userId: 'u-alice', gameId: 'g4', team: 'H', rank: 2 }),
        pick({ userId: 'u-alice', gameId: 'g5', team: 'A', rank: 1 }),
        pick({ userId: 'u-alice', gameId: 'g3', team: 'A', rank: 0 }),
      ],
      ...[
        pick({ userId: 'u-bob', gameId: 'g1', team: 'A', rank: 3 }),
        pick({ userId: 'u-bob', gameId: 'g5', team: 'A', rank: 2 }),
        pick({ userId: 'u-bob', gameId: 'g4', team: 'H', rank: 1 }),
      ],
      ...[
        pick({ userId: 'u-carol', gameId: 'g5', team: 'H', rank: 3 }),
        pick({ userId: 'u-carol', gameId: 'g4', team: 'A', rank: 2 }),
        pick({ userId: 'u-carol', gameId: 'g6', team: 'H', rank: 1 }),
        pick({ userId: 'u-carol', gameId: 'g1', team: 'H', rank: 0 }),
      ],
    ];
    const board = { games: six, players: standingsOf({ members, picks, stored: [], gameOf: gamesById(six) }) };
    expect(board.players.every((p) => p.error === null)).toBe(true);
    const read = Object.fromEntries(Object.entries(consensusOf(board)).map(([id, c]) => [id, consensusSidesOf(c)]));
    // g1: Alice's 3 and Carol's power pick on home, Bob's 3 on away.
    expect(read.g1).toEqual({
      picks: 3,
      home: { picks: 2, percent: 67, powerPicks: 1, points: 3 },
      away: { picks: 1, percent: 33, powerPicks: 0, points: 3 },
    });
    expect(read.g2).toMatchObject({ picks: 0, home: { percent: 0 }, away: { percent: 0 } });
    // g3: Alice's power pick is its only pick.
    expect(read.g3).toEqual({
      picks: 1,
      home: { picks: 0, percent: 0, powerPicks: 0, points: 0 },
      away: { picks: 1, percent: 100, powerPicks: 1, points: 0 },
    });
    expect(read.g6).toMatchObject({ picks: 1, home: { picks: 1, percent: 100, powerPicks: 0, points: 1 } });
  });
});
