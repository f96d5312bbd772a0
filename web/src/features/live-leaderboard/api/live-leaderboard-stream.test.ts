import { liveLeaderboardSchema } from '@powerpool/contracts';
import type { LiveLeaderboard, LiveStreamEvent } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { liveErrorMessage } from '@/features/live-leaderboard/lib/errors';
import { boardToShow, isStreamedWeek, liveLeaderboardStreamUrl, readLiveStreamEvent, streamStep } from './live-leaderboard-stream';

const metadata: LiveLeaderboard['metadata'] = {
  poolId: 'p1',
  poolName: 'Sunday Pool',
  year: 2025,
  weekNumber: 3,
  weekDisplayName: 'Week 3',
  currentState: 'GAMES_IN_PROGRESS',
  pickDeadline: null,
  gamesInProgress: true,
  picksAvailable: true,
  accessLevel: 'FULL_ACCESS',
  allWeeks: [],
  generatedAt: '2025-09-21T17:00:00.000Z',
};
const standing = (userId: string, weekPoints: number) => ({
  userId,
  displayName: userId,
  rank: 1,
  weekPoints,
  seasonPoints: weekPoints,
  rawPoints: weekPoints,
  powerBonus: 0,
  powerEffect: 'none' as const,
  possiblePointsRemaining: 0,
  hasPicks: true,
  picks: [],
});
const board: LiveLeaderboard = liveLeaderboardSchema.parse({
  status: 'ok',
  message: null,
  standings: [standing('ann', 0), standing('bob', 0)],
  gamesCentric: [],
  impactGames: [],
  consensus: {},
  overrides: [],
  metadata,
});
const patch = (base: string, version: string): LiveStreamEvent => ({
  type: 'patch',
  base,
  version,
  games: [],
  standings: [standing('bob', 3)],
  removed: [],
  // The implied order is ann, bob: bob first is the second run of one, then the first.
  orderRuns: [
    [1, 1],
    [0, 1],
  ],
  metadata,
});

describe('the live leaderboard stream', () => {
  it('should be on while the week is being played or scored', () => {
    expect((['GAMES_IN_PROGRESS', 'SCORING'] as const).every((currentState) => isStreamedWeek({ currentState }))).toBe(true);
    expect((['SETUP', 'PUBLISHED', 'COMPLETE'] as const).some((currentState) => isStreamedWeek({ currentState }))).toBe(false);
    expect(isStreamedWeek(undefined)).toBe(false);
    // PUBLISHED past its deadline: the server starts it any moment, and the stream brings that.
    expect(isStreamedWeek({ currentState: 'PUBLISHED' }, true)).toBe(true);
    expect(isStreamedWeek({ currentState: 'COMPLETE' }, true)).toBe(false);
  });

  it('should open the declared stream path of the pool week', () => {
    expect(liveLeaderboardStreamUrl('p1', 3)).toBe('/api/pools/p1/weeks/3/live-leaderboard/stream');
  });

  it('should read the declared events and skip anything else', () => {
    expect(readLiveStreamEvent({ type: 'snapshot', version: '1', board })).toEqual({ type: 'snapshot', version: '1', board });
    expect(readLiveStreamEvent({ type: 'snapshot', version: '1' })).toBeUndefined();
    expect(readLiveStreamEvent({ type: 'hello' })).toBeUndefined();
  });

  it('should show nothing new for a board equal to the one shown, and keep the unchanged parts of a changed one', () => {
    const shown = structuredClone(board);
    expect(boardToShow(undefined, board)).toBe(board);
    expect(boardToShow(shown, structuredClone(board))).toBeNull();
    const changed = structuredClone(board);
    changed.standings[0]!.weekPoints += 1;
    const next = boardToShow(shown, changed);
    expect(next?.standings[0]?.weekPoints).toBe(shown.standings[0]!.weekPoints + 1);
    expect(next?.gamesCentric).toBe(shown.gamesCentric);
    expect(next?.standings[1]).toBe(shown.standings[1]);
  });

  it('should keep the objects of players who only moved places, matched by player rather than by place', () => {
    const shown = structuredClone(board);
    const reordered = structuredClone(board);
    reordered.standings.reverse();
    reordered.standings[0]!.rank = 1;
    const next = boardToShow(shown, reordered);
    expect(next?.standings.map((s) => s.userId)).toEqual(reordered.standings.map((s) => s.userId));
    for (const standing of next!.standings.slice(1)) expect(standing).toBe(shown.standings.find((s) => s.userId === standing.userId));
    expect(next?.standings[0]).toEqual(reordered.standings[0]);
  });

  it('should take a snapshot, then apply the patch whose base is the board it has', () => {
    const first = streamStep(null, { type: 'snapshot', version: '1', board });
    if (first.type !== 'board') throw new Error('a snapshot gives a board');
    const second = streamStep(first.next, patch('1', '2'));
    if (second.type !== 'board') throw new Error('a fitting patch gives a board');
    expect(second.next.version).toBe('2');
    expect(second.next.board.standings.map((s) => [s.userId, s.weekPoints])).toEqual([
      ['bob', 3],
      ['ann', 0],
    ]);
  });

  it('should score a frame-fed board again on a games frame, keeping its version, and skip it otherwise', () => {
    const game = {
      gameId: 'g1',
      poolGameId: 'pg1',
      gameTime: '2025-09-21T17:00:00.000Z',
      homeTeam: 'Philadelphia Eagles',
      awayTeam: 'Dallas Cowboys',
      homeTeamAbbr: 'PHI',
      awayTeamAbbr: 'DAL',
      homeTeamLogo: null,
      awayTeamLogo: null,
      status: 'IN_PROGRESS' as const,
      quarter: 4,
      clock: '0:30',
      statusDetail: null,
      homeScore: 20,
      awayScore: 10,
      spread: -3.5,
      isVoid: false,
      cover: null,
      venue: null,
      homeTeamEspnId: '21',
      awayTeamEspnId: '6',
      ruledVoid: false,
      updatedAt: '2025-09-21T19:00:00.000Z',
    };
    const pick = (gameId: string, selectedTeamEspnId: string, confidenceRank: number) => ({
      gameId,
      selectedTeamEspnId,
      selectedTeamAbbr: null,
      selectedTeamLogo: null,
      confidenceRank,
      isPowerPick: false,
      isCorrect: null,
      result: 'PENDING' as const,
      pointsEarned: null,
      covering: null,
    });
    const games = [game, { ...game, gameId: 'g2', poolGameId: 'pg2' }, { ...game, gameId: 'g3', poolGameId: 'pg3' }];
    const picks = [pick('g1', '21', 3), pick('g2', '6', 2), pick('g3', '6', 1)];
    const fed: LiveLeaderboard = { ...board, gamesCentric: games, standings: [{ ...standing('ann', 0), picks }] };
    const { homeTeamEspnId: _h, awayTeamEspnId: _a, ruledVoid: _r, poolGameId: _p, spread: _s, isVoid: _v, cover: _c, ...facts } = game;
    const final = { ...facts, status: 'COMPLETE' as const, homeScore: 27, awayScore: 10, updatedAt: '2025-09-21T19:05:00.000Z' };
    const step = streamStep({ version: '7', board: fed }, { type: 'games', games: [final], generatedAt: '2025-09-21T19:05:01.000Z' });
    if (step.type !== 'board') throw new Error('a newer game moves a frame-fed board');
    expect(step.next.version).toBe('7');
    expect(step.next.board.standings[0]).toMatchObject({ weekPoints: 3, rawPoints: 3 });
    expect(step.next.board.gamesCentric[0]).toMatchObject({ status: 'COMPLETE', cover: 'HOME' });
    expect(step.next.board.metadata.generatedAt).toBe('2025-09-21T19:05:01.000Z');
    // An older frame, or a board in SCORING (its winners are the server's to name): nothing to do.
    expect(streamStep(step.next, { type: 'games', games: [{ ...final, homeScore: 0 }], generatedAt: '2025-09-21T19:05:02.000Z' })).toEqual({ type: 'none' });
    const scoring = { ...fed, metadata: { ...metadata, currentState: 'SCORING' as const } };
    expect(streamStep({ version: '7', board: scoring }, { type: 'games', games: [final], generatedAt: final.updatedAt })).toEqual({ type: 'none' });
    expect(readLiveStreamEvent({ type: 'games', games: [final], generatedAt: final.updatedAt })).toBeDefined();
    expect(readLiveStreamEvent({ type: 'games', games: [final] })).toBeUndefined();
  });

  it('should ask for a snapshot when a patch does not fit the board, or comes before any', () => {
    expect(streamStep({ version: '1', board }, patch('2', '3'))).toEqual({ type: 'resync' });
    expect(streamStep(null, patch('1', '2'))).toEqual({ type: 'resync' });
  });

  it("should turn closed into the error a reload would get, shown with the page's texts", () => {
    const step = streamStep({ version: '1', board }, { type: 'closed', status: 403, error: 'forbidden', message: 'You are not a member of this pool.' });
    if (step.type !== 'closed') throw new Error('closed ends the stream');
    expect(step.error).toBeInstanceOf(ApiError);
    expect(liveErrorMessage(step.error)).toBe('You are not a member of this pool.');
    const gone = streamStep(null, { type: 'closed', status: 404, error: 'not_found', message: 'Pool not found' });
    expect(gone.type === 'closed' && liveErrorMessage(gone.error)).toBe('Pool or week not found');
  });
});
