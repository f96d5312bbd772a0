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
      pick('u-alice', 'g1', 'H', 3),
      pick('u-alice', 'g2', 'H', 2),
      pick('u-alice', 'g3', 'A', 1),
      pick('u-alice', 'g1', 'H', 0),
      pick('u-bob', 'g1', 'A', 1),
      pick('u-bob', 'g2', 'H', 3),
      pick('u-bob', 'g3', 'A', 2),
      pick('u-bob', 'g3', 'A', 0),
      pick('u-carol', 'g1', 'H', 2),
      pick('u-carol', 'g2', 'A', 1),
      pick('u-carol', 'g4', 'A', 3),
      pick('u-carol', 'g2', 'A', 0),
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
      pick('u-alice', 'gx', 'H', 0),
      // Bob's week cannot be scored (no rank 2 or 1): his pick still says what he picked.
      pick('u-bob', 'g3', 'H', 3),
      // Carol's week is shown as the calculation stored it.
      pick('u-carol', 'g1', 'A', 3, { result: 'LOSS', pointsEarned: 0 }),
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
  it('should give whole percentages adding up to 100 when the game was picked', () => {
    expect(consensusSidesOf([2, 1, 5, 1, 1, 0])).toEqual({
      home: { picks: 2, percent: 67, points: 5, powerPicks: 1 },
      away: { picks: 1, percent: 33, points: 1, powerPicks: 0 },
    });
  });

  it('should give 0 percent on both sides when nobody made a confidence pick on the game', () => {
    expect(consensusSidesOf([0, 0, 0, 0, 0, 2])).toEqual({
      home: { picks: 0, percent: 0, points: 0, powerPicks: 0 },
      away: { picks: 0, percent: 0, points: 0, powerPicks: 2 },
    });
  });
});
