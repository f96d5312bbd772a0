import { describe, expect, it } from 'vitest';
import { applyLivePatch, diffLiveBoards } from './live-patch.js';
import type { LiveGame, LiveLeaderboard, LiveStanding } from './picks.schemas.js';

const game = (gameId: string, homeScore: number | null = null): LiveGame => ({
  gameId,
  poolGameId: `pg-${gameId}`,
  gameTime: '2025-09-14T17:00:00.000Z',
  homeTeam: 'Philadelphia Eagles',
  awayTeam: 'Dallas Cowboys',
  homeTeamAbbr: 'PHI',
  awayTeamAbbr: 'DAL',
  homeTeamLogo: null,
  awayTeamLogo: null,
  status: homeScore === null ? 'SCHEDULED' : 'IN_PROGRESS',
  quarter: null,
  clock: null,
  statusDetail: null,
  homeScore,
  awayScore: homeScore === null ? null : 0,
  spread: -3.5,
  isVoid: false,
  cover: null,
  venue: null,
});

const standing = (userId: string, weekPoints = 0): LiveStanding => ({
  userId,
  displayName: userId,
  rank: 1,
  weekPoints,
  seasonPoints: weekPoints,
  rawPoints: weekPoints,
  powerBonus: 0,
  powerEffect: 'none',
  possiblePointsRemaining: 6,
  hasPicks: true,
  picks: [],
});

const board = (standings: LiveStanding[], games: LiveGame[], generatedAt = '2025-09-14T18:00:00.000Z'): LiveLeaderboard => ({
  status: 'ok',
  message: null,
  standings,
  gamesCentric: games,
  impactGames: [],
  overrides: [],
  metadata: {
    poolId: 'p',
    poolName: 'Pool',
    year: 2025,
    weekNumber: 2,
    weekDisplayName: 'Week 2',
    currentState: 'GAMES_IN_PROGRESS',
    pickDeadline: '2025-09-14T16:50:00.000Z',
    gamesInProgress: true,
    picksAvailable: true,
    accessLevel: 'FULL_ACCESS',
    allWeeks: [],
    generatedAt,
  },
});

describe('live board patches', () => {
  it('should carry only the changed game and standing, and no order when the order is unchanged', () => {
    const before = board([standing('a', 3), standing('b')], [game('g1'), game('g2')]);
    const after = board([standing('a', 3), standing('b', 1)], [game('g1', 7), game('g2')], '2025-09-14T18:01:00.000Z');
    const patch = diffLiveBoards(before, after)!;
    expect(patch.games.map((g) => g.gameId)).toEqual(['g1']);
    expect(patch.standings.map((s) => s.userId)).toEqual(['b']);
    expect(patch).not.toHaveProperty('order');
    expect(patch).not.toHaveProperty('impactGames');
    expect(applyLivePatch(before, patch)).toEqual(after);
  });

  it('should carry the order when players swap, the removed ones, and new players', () => {
    const before = board([standing('a', 3), standing('b'), standing('c')], [game('g1')]);
    const after = board([standing('d', 5), standing('b', 4), standing('a', 3)], [game('g1')]);
    const patch = diffLiveBoards(before, after)!;
    expect(patch.removed).toEqual(['c']);
    expect(patch.order).toEqual(['d', 'b', 'a']);
    expect(applyLivePatch(before, patch)).toEqual(after);
  });

  it('should refuse to patch when a game left the board (a snapshot is sent instead)', () => {
    expect(diffLiveBoards(board([], [game('g1'), game('g2')]), board([], [game('g2')]))).toBeNull();
  });
});
