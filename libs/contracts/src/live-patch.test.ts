import { describe, expect, it } from 'vitest';
import { applyLivePatch } from './live-patch.js';
import type { LivePatch } from './live-patch.js';
import { liveLeaderboardSchema, liveStreamEventSchema } from './picks.js';
import type { LiveGame, LiveLeaderboard, LiveStanding } from './picks.js';

const game = (gameId: string, fields: Partial<LiveGame> = {}): LiveGame => ({
  gameId,
  poolGameId: `pg-${gameId}`,
  gameTime: '2025-09-07T17:00:00.000Z',
  homeTeam: 'Philadelphia Eagles',
  awayTeam: 'Dallas Cowboys',
  homeTeamAbbr: 'PHI',
  awayTeamAbbr: 'DAL',
  homeTeamLogo: null,
  awayTeamLogo: null,
  status: 'IN_PROGRESS',
  quarter: 1,
  clock: '15:00',
  statusDetail: null,
  homeScore: 0,
  awayScore: 0,
  spread: -3.5,
  isVoid: false,
  cover: null,
  venue: null,
  ...fields,
});

const standing = (userId: string, fields: Partial<LiveStanding> = {}): LiveStanding => ({
  userId,
  displayName: userId,
  rank: 1,
  weekPoints: 0,
  seasonPoints: 0,
  rawPoints: 0,
  powerBonus: 0,
  powerEffect: 'pending',
  possiblePointsRemaining: 6,
  hasPicks: true,
  picks: [],
  ...fields,
});

const metadata = (fields: Partial<LiveLeaderboard['metadata']> = {}): LiveLeaderboard['metadata'] => ({
  poolId: 'pool-1',
  poolName: 'Sunday Pool',
  year: 2025,
  weekNumber: 1,
  weekDisplayName: 'Week 1',
  currentState: 'GAMES_IN_PROGRESS',
  pickDeadline: '2025-09-07T16:50:00.000Z',
  gamesInProgress: true,
  picksAvailable: true,
  accessLevel: 'FULL_ACCESS',
  allWeeks: [],
  generatedAt: '2025-09-07T17:30:00.000Z',
  ...fields,
});

const board = (): LiveLeaderboard =>
  liveLeaderboardSchema.parse({
    status: 'ok',
    message: 'Games are being played',
    standings: [standing('ann'), standing('bob'), standing('cat')],
    gamesCentric: [game('g1'), game('g2')],
    impactGames: [],
    overrides: [],
    metadata: metadata(),
  });

const patch = (fields: Partial<LivePatch>): LivePatch =>
  liveStreamEventSchema.parse({ type: 'patch', version: '2', base: '1', games: [], standings: [], removed: [], metadata: metadata(), ...fields }) as LivePatch;

describe('applyLivePatch', () => {
  it('should replace changed games by id, keep the others in place and append new ones when a patch carries games', () => {
    const before = board();
    const after = applyLivePatch(before, patch({ games: [game('g3'), game('g1', { homeScore: 7 })] }));
    expect(after.gamesCentric.map((g) => [g.gameId, g.homeScore])).toEqual([
      ['g1', 7],
      ['g2', 0],
      ['g3', 0],
    ]);
    expect(before.gamesCentric[0]!.homeScore).toBe(0);
  });

  it('should replace changed standings, drop removed players and keep the order when the patch has no order', () => {
    const after = applyLivePatch(board(), patch({ standings: [standing('bob', { weekPoints: 3 }), standing('dan')], removed: ['ann'] }));
    expect(after.standings.map((s) => [s.userId, s.weekPoints])).toEqual([
      ['bob', 3],
      ['cat', 0],
      ['dan', 0],
    ]);
  });

  it('should put the standings in the new order when the patch has one', () => {
    const after = applyLivePatch(board(), patch({ standings: [standing('cat', { rank: 1, weekPoints: 6 })], order: ['cat', 'ann', 'bob'] }));
    expect(after.standings.map((s) => s.userId)).toEqual(['cat', 'ann', 'bob']);
    expect(after.standings[0]!.weekPoints).toBe(6);
  });

  it('should keep players the order does not name after the ordered ones', () => {
    const after = applyLivePatch(board(), patch({ order: ['bob'] }));
    expect(after.standings.map((s) => s.userId)).toEqual(['bob', 'ann', 'cat']);
  });

  it('should replace metadata always and impact games, overrides and message only when present', () => {
    const before = board();
    const kept = applyLivePatch(before, patch({ metadata: metadata({ gamesInProgress: false, generatedAt: '2025-09-07T18:00:00.000Z' }) }));
    expect(kept.metadata.gamesInProgress).toBe(false);
    expect(kept.message).toBe('Games are being played');
    expect(kept.impactGames).toBe(before.impactGames);
    expect(kept.overrides).toBe(before.overrides);

    const cleared = applyLivePatch(before, patch({ message: null }));
    expect(cleared.message).toBeNull();
  });
});
