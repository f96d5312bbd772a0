import { describe, expect, it } from 'vitest';
import { presentLiveBoard } from './present.js';
import { standingsOf } from './standings.js';
import { gamesById, KICKOFF, liveGame, member, pick, POOL, WEEK } from './test-fixtures.js';

const games = [
  liveGame('g1', { status: 'COMPLETE', homeScore: 24, awayScore: 17 }),
  liveGame('g2', { status: 'IN_PROGRESS', homeScore: 7, awayScore: 10 }, { minutes: 0 }),
  liveGame('g3', {}, { minutes: 60 }),
  liveGame('g4', {}, { voided: true }),
  liveGame('g5', {}, { minutes: 30 }),
];
const members = [member('u-alice', 'Alice', 5), member('u-bob', 'Bob'), member('u-carol', 'Carol', 20)];
const picks = [
  pick({ userId: 'u-alice', gameId: 'g1', team: 'H', rank: 3 }),
  pick({ userId: 'u-alice', gameId: 'g2', team: 'H', rank: 2 }),
  pick({ userId: 'u-alice', gameId: 'g3', team: 'A', rank: 1 }),
  pick({ userId: 'u-bob', gameId: 'g4', team: 'A', rank: 3 }),
  pick({ userId: 'u-bob', gameId: 'g2', team: 'A', rank: 2 }),
  pick({ userId: 'u-bob', gameId: 'g3', team: 'H', rank: 1 }),
  pick({ userId: 'u-bob', gameId: 'g3', team: 'H', rank: 0 }),
  // Carol's week cannot be scored (no rank 2 or 1): nothing of hers is at stake.
  pick({ userId: 'u-carol', gameId: 'g5', team: 'H', rank: 3 }),
];
const board = { pool: POOL, week: WEEK, games, players: standingsOf({ members, picks, stored: [], gameOf: gamesById(games) }), tiebreak: null };
/** The board's impact games (contracts' impactGamesOf over the presented games and standings). */
const impactGamesOf = (b: typeof board) => presentLiveBoard(b, { access: 'FULL_ACCESS', overrides: [], poolWeeks: [], now: KICKOFF }).impactGames;

describe('impactGamesOf: the undecided games with the most points at stake', () => {
  it('should rank the open games by points at stake, leaving out final, void and unpicked games and unscorable players', () => {
    expect(impactGamesOf(board).map((g) => [g.gameId, g.totalImpactPoints])).toEqual([
      // Bob's power pick puts his best raw points at stake (0 + 2 + 1), plus the two 1-point picks.
      ['g3', 5],
      ['g2', 4],
    ]);
  });

  it('should count the picks per rank and power and list the players by season rank', () => {
    const g3 = impactGamesOf(board).find((g) => g.gameId === 'g3')!;
    expect(g3.pickDetails).toMatchObject({ threePtPicks: 0, twoPtPicks: 0, onePtPicks: 2, powerPicks: 1 });
    expect(g3.pickDetails.players.map((p) => [p.displayName, p.seasonRank, p.confidenceRank, p.isPowerPick, p.selectedTeamAbbr])).toEqual([
      ['Alice', 2, 1, false, 'G3A'],
      ['Bob', 3, 1, false, 'G3H'],
      ['Bob', 3, 0, true, 'G3H'],
    ]);
    expect([g3.homeTeamAbbr, g3.awayTeamAbbr, g3.status, g3.gameTime]).toEqual(['G3H', 'G3A', 'SCHEDULED', '2025-09-07T18:00:00.000Z']);
  });

  it('should break ties by kickoff and keep the top IMPACT_GAMES_TOP', () => {
    const many = ['a', 'b', 'c', 'd'].map((id, i) => liveGame(id, {}, { minutes: 40 - i * 10 }));
    const tied = standingsOf({
      members: [member('u-x', 'X')],
      picks: [
        pick({ userId: 'u-x', gameId: 'a', team: 'H', rank: 1 }),
        pick({ userId: 'u-x', gameId: 'b', team: 'H', rank: 2 }),
        pick({ userId: 'u-x', gameId: 'c', team: 'H', rank: 3 }),
        pick({ userId: 'u-x', gameId: 'd', team: 'H', rank: 0 }),
      ],
      stored: [],
      gameOf: gamesById(many),
    });
    // d (power: 6 at stake), c (3), b (2); a (1) is fourth.
    expect(impactGamesOf({ ...board, games: many, players: tied }).map((g) => g.gameId)).toEqual(['d', 'c', 'b']);
  });
});
