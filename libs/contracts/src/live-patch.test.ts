import { describe, expect, it } from 'vitest';
import { applyLivePatch, diffLiveBoards } from './live-patch.js';
import type { GameConsensus } from './picks.rules.js';
import { liveStreamEventSchema, type LiveGame, type LiveLeaderboard, type LiveStanding } from './picks.schemas.js';

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
  homeTeamEspnId: '21',
  awayTeamEspnId: '6',
  ruledVoid: false,
  updatedAt: '2025-09-14T17:00:00.000Z',
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

const board = (
  standings: LiveStanding[],
  games: LiveGame[],
  generatedAt = '2025-09-14T18:00:00.000Z',
  consensus: Record<string, GameConsensus> = Object.fromEntries(games.map((g) => [g.gameId, [0, 0, 0, 0, 0, 0]])),
): LiveLeaderboard => ({
  status: 'ok',
  message: null,
  standings,
  gamesCentric: games,
  impactGames: [],
  overrides: [],
  consensus,
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
    // b is named by its index in the base board.
    expect(patch.standings.map((s) => s.at)).toEqual([1]);
    expect(patch).not.toHaveProperty('orderRuns');
    expect(patch).not.toHaveProperty('impactGames');
    expect(patch).not.toHaveProperty('consensus');
    expect(applyLivePatch(before, patch)).toEqual(after);
  });

  it('should carry the order when players swap, the removed ones, and new players', () => {
    const before = board([standing('a', 3), standing('b'), standing('c')], [game('g1')]);
    const after = board([standing('d', 5), standing('b', 4), standing('a', 3)], [game('g1')]);
    const patch = diffLiveBoards(before, after)!;
    expect(patch.removed).toEqual(['c']);
    // Implied: a, b (c removed), then d (new): d, b, a is runs [2, 1], [1, 1], [0, 1].
    expect(patch.orderRuns).toEqual([
      [2, 1],
      [1, 1],
      [0, 1],
    ]);
    expect(patch.standings.find((s) => s.userId === 'd')).toEqual(after.standings[0]);
    expect(applyLivePatch(before, patch)).toEqual(after);
  });

  it("should carry only a standing's changed fields and picks, and the whole list of picks when a pick came or went", () => {
    const pick = (gameId: string, covering: 'COVERING' | 'NOT_COVERING' | null = null) => ({
      gameId,
      selectedTeamEspnId: '21',
      selectedTeamAbbr: 'PHI',
      selectedTeamLogo: null,
      confidenceRank: 3,
      isPowerPick: false,
      isCorrect: null,
      result: 'PENDING' as const,
      pointsEarned: null,
      covering,
    });
    const a = { ...standing('a'), picks: [pick('g1'), pick('g2')] };
    const b = { ...standing('b'), picks: [pick('g1')] };
    const before = board([a, b], [game('g1'), game('g2')]);
    const after = board(
      [
        { ...a, possiblePointsRemaining: 3, picks: [pick('g1', 'COVERING'), pick('g2')] },
        { ...b, picks: [pick('g1'), pick('g2')] },
      ],
      [game('g1', 7), game('g2')],
    );
    const patch = diffLiveBoards(before, after)!;
    expect(patch.standings).toEqual([
      { at: 0, possiblePointsRemaining: 3, picks: [{ gameId: 'g1', covering: 'COVERING' }] },
      { at: 1, picks: [pick('g1'), pick('g2')], picksReplaced: true },
    ]);
    expect(applyLivePatch(before, patch)).toEqual(after);
  });

  it('should carry only the games whose consensus changed when a pick is overridden, and none when it did not change', () => {
    const games = [game('g1'), game('g2'), game('g3')];
    const before = board([standing('a')], games, undefined, { g1: [2, 1, 5, 1, 1, 0], g2: [0, 3, 0, 6, 0, 1], g3: [1, 1, 3, 2, 0, 0] });
    const after = board([standing('a')], games, '2025-09-14T18:01:00.000Z', { g1: [1, 2, 3, 3, 1, 0], g2: [0, 3, 0, 6, 0, 1], g3: [1, 1, 3, 2, 0, 1] });
    const patch = diffLiveBoards(before, after)!;
    expect(patch.consensus).toEqual({ g1: [1, 2, 3, 3, 1, 0], g3: [1, 1, 3, 2, 0, 1] });
    // What travels is checked by the stream's contract, and applies back to the board after.
    const sent = liveStreamEventSchema.parse(JSON.parse(JSON.stringify({ type: 'patch', version: 'v2', base: 'v1', ...patch })));
    expect(sent.type === 'patch' && sent.consensus).toEqual(patch.consensus);
    expect(applyLivePatch(before, patch)).toEqual(after);
    expect(diffLiveBoards(after, { ...after, metadata: { ...after.metadata, generatedAt: '2025-09-14T18:02:00.000Z' } })).not.toHaveProperty('consensus');
  });

  it('should refuse to patch when a game left the board (a snapshot is sent instead)', () => {
    expect(diffLiveBoards(board([], [game('g1'), game('g2')]), board([], [game('g2')]))).toBeNull();
  });
});

describe('the weekly winner in patches (docs/game.md#weekly-winners)', () => {
  it('should carry only the winner flag when a week in SCORING names its winner, and apply it', () => {
    const before = board(
      [
        { ...standing('a', 6), tiebreaker: 44, isWeekWinner: false },
        { ...standing('b', 6), tiebreaker: 49, isWeekWinner: false },
      ],
      [game('g1')],
    );
    const after = board(
      [
        { ...standing('a', 6), tiebreaker: 44, isWeekWinner: false },
        { ...standing('b', 6), tiebreaker: 49, isWeekWinner: true },
      ],
      [game('g1')],
    );
    const patch = diffLiveBoards(before, after)!;
    expect(patch.standings).toEqual([{ at: 1, isWeekWinner: true }]);
    expect(applyLivePatch(before, patch).standings).toEqual(after.standings);
  });
});
