import { liveLeaderboardSchema } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { presentGame, presentLiveBoard, presentStanding } from './present.js';
import { standingsOf } from './standings.js';
import { gamesById, KICKOFF, liveGame, member, pick, POOL, WEEK } from './test-fixtures.js';

const games = [
  liveGame('g1', { status: 'COMPLETE', homeScore: 20, awayScore: 17 }, { spread: -3 }),
  liveGame('g2', { status: 'IN_PROGRESS', homeScore: 0, awayScore: 7 }, { voided: true }),
  liveGame('g3'),
];
const players = standingsOf({
  members: [member('u-alice', 'Alice')],
  picks: [
    pick({ userId: 'u-alice', gameId: 'g1', team: 'H', rank: 3 }),
    pick({ userId: 'u-alice', gameId: 'g3', team: 'H', rank: 2 }),
    pick({ userId: 'u-alice', gameId: 'g2', team: 'A', rank: 1 }),
  ],
  stored: [],
  gameOf: gamesById(games),
});
const board = { pool: POOL, week: WEEK, games, players, tiebreak: null };
const poolWeeks = [WEEK, { ...WEEK, weekNumber: 2, state: 'PUBLISHED' as const }, { ...WEEK, year: 2024, weekNumber: 18 }];

describe('presentLiveBoard: the live leaderboard as the API sends it', () => {
  it('should present a board the contract accepts, with the metadata of the week and the caller', () => {
    const now = new Date(KICKOFF.getTime() + 60_000);
    const live = liveLeaderboardSchema.parse(presentLiveBoard(board, { access: 'FULL_ACCESS', overrides: [], poolWeeks, now }));
    expect(live.metadata).toMatchObject({
      poolId: POOL.id,
      poolName: 'Office Pool',
      weekNumber: 1,
      currentState: 'GAMES_IN_PROGRESS',
      picksAvailable: true,
      accessLevel: 'FULL_ACCESS',
      generatedAt: now.toISOString(),
      // The only game in progress is void.
      gamesInProgress: false,
    });
    expect(live.metadata.allWeeks.map((w) => [w.weekNumber, w.state])).toEqual([
      [1, 'GAMES_IN_PROGRESS'],
      [2, 'PUBLISHED'],
    ]);
    // g1 lands on the spread (a push); g2 is void (a push); g3 has not started.
    expect(live.standings.map((s) => [s.displayName, s.rank, s.weekPoints, s.picks.map((p) => [p.gameId, p.result, p.isCorrect])])).toEqual([
      [
        'Alice',
        1,
        0,
        [
          ['g1', 'PUSH', null],
          ['g3', 'PENDING', null],
          ['g2', 'PUSH', null],
        ],
      ],
    ]);
    // Each game of the board with how the pool picked it (docs/game.md#pick-consensus).
    expect(live.consensus).toEqual({ g1: [1, 0, 3, 0, 0, 0], g2: [0, 1, 0, 1, 0, 0], g3: [1, 0, 2, 0, 0, 0] });
  });

  it('should name the tiebreaker game in the metadata of a week that has one, and nothing otherwise (docs/game.md#weekly-winners)', () => {
    const view = { access: 'FULL_ACCESS' as const, overrides: [], poolWeeks, now: KICKOFF };
    const withGame = presentLiveBoard({ ...board, week: { ...WEEK, tiebreakerGameId: 'g3' } }, view);
    expect(liveLeaderboardSchema.parse(withGame).metadata.tiebreakerGameId).toBe('g3');
    expect('tiebreakerGameId' in presentLiveBoard(board, view).metadata).toBe(false);
  });

  it('should give a final game its cover against the locked spread, and a void game none', () => {
    expect([presentGame(games[0]!).cover, presentGame(games[0]!).spread]).toEqual(['PUSH', -3]);
    expect([presentGame(games[1]!).isVoid, presentGame(games[1]!).cover]).toEqual([true, null]);
    expect([presentGame(games[2]!).homeTeam, presentGame(games[2]!).homeTeamLogo, presentGame(games[2]!).venue]).toEqual(['g3 Home', null, null]);
  });
});

describe('presentStanding: the tiebreaker column and the winner badge (docs/game.md#weekly-winners)', () => {
  it('should add the prediction and the winner flag when the week has a tiebreaker game, and neither otherwise', () => {
    const alice = players[0]!;
    expect(presentStanding(alice, { predictions: new Map([['u-alice', 44]]), winners: new Set(['u-alice']) })).toMatchObject({
      tiebreaker: 44,
      isWeekWinner: true,
    });
    expect(presentStanding(alice, { predictions: new Map(), winners: new Set() })).toMatchObject({ tiebreaker: null, isWeekWinner: false });
    const plain = presentStanding(alice, null);
    expect('tiebreaker' in plain || 'isWeekWinner' in plain).toBe(false);
  });
});
