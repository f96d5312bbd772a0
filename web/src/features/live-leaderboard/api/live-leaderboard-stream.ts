import { applyLivePatch, isFrameFedBoard, isLiveWeekState, liveBoardWithGames } from '@powerpool/contracts';
import type { LiveLeaderboard, LiveStreamEvent } from '@powerpool/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, endpointUrl } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import type { LiveStreamState } from '@/lib/live-stream';
import { useLiveStream } from '@/lib/use-live-stream';
import { liveLeaderboardQueryOptions, shareLiveBoard } from './live-leaderboard-query';

/**
 * True when the board's week is live (LIVE_WEEK_STATES: games being played, or being scored), or
 * PUBLISHED once its deadline has passed (`deadlinePassed`: the server starts it any moment, and
 * the stream brings that change): the page listens to the stream then.
 */
export const isStreamedWeek = (metadata: Pick<LiveLeaderboard['metadata'], 'currentState'> | undefined, deadlinePassed = false): boolean =>
  metadata !== undefined && (isLiveWeekState(metadata.currentState) || (deadlinePassed && metadata.currentState === 'PUBLISHED'));

/** GET /api/pools/{poolId}/weeks/{weekNumber}/live-leaderboard/stream (server-sent events, same origin, session cookie). */
export const liveLeaderboardStreamUrl = (poolId: string, weekNumber: number): string =>
  endpointUrl(routes.liveLeaderboardStream, { params: { poolId, weekNumber } });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * One `data:` of the stream as the declared event (`liveStreamEventSchema`), read without zod like
 * the board's GET (docs/screens.md#data-loading: the service checked it against that schema before
 * sending it, and the screen loads no zod); an event of another type, or without the fields the
 * screen steps on (versions, the board, the patch's lists, the refusal), is skipped.
 */
export function readLiveStreamEvent(data: unknown): LiveStreamEvent | undefined {
  if (!isObject(data)) return undefined;
  switch (data.type) {
    case 'snapshot':
      return isString(data.version) && isObject(data.board) ? (data as LiveStreamEvent) : undefined;
    case 'patch':
      return isString(data.version) &&
        isString(data.base) &&
        Array.isArray(data.games) &&
        Array.isArray(data.standings) &&
        Array.isArray(data.removed) &&
        isObject(data.metadata)
        ? (data as LiveStreamEvent)
        : undefined;
    case 'closed':
      return typeof data.status === 'number' && isString(data.error) && isString(data.message) ? (data as LiveStreamEvent) : undefined;
    case 'games':
      return Array.isArray(data.games) && isString(data.generatedAt) ? (data as LiveStreamEvent) : undefined;
    default:
      return undefined;
  }
}

/** The board the stream has built, with its version. */
export interface VersionedBoard {
  version: string;
  board: LiveLeaderboard;
}

/**
 * What an event does to the stream's board: a snapshot replaces it; a patch applies when the board
 * is the patch's base, otherwise the stream must `resync` (reconnect for a snapshot); a `games`
 * frame scores a frame-fed board again on the games' new facts (liveBoardWithGames, the server's
 * rules: docs/architecture.md#a-scores-path) and keeps its version, and is skipped by any other
 * board (`none`); `closed` ends it with the error a plain GET would now get.
 */
export function streamStep(
  current: VersionedBoard | null,
  event: LiveStreamEvent,
): { type: 'board'; next: VersionedBoard } | { type: 'none' } | { type: 'resync' } | { type: 'closed'; error: ApiError } {
  switch (event.type) {
    case 'snapshot':
      return { type: 'board', next: { version: event.version, board: event.board } };
    case 'patch':
      if (current === null || current.version !== event.base) return { type: 'resync' };
      return { type: 'board', next: { version: event.version, board: applyLivePatch(current.board, event) } };
    case 'games': {
      if (current === null || !isFrameFedBoard(current.board)) return { type: 'none' };
      const board = liveBoardWithGames(current.board, event.games, event.generatedAt);
      return board === current.board ? { type: 'none' } : { type: 'board', next: { version: current.version, board } };
    }
    case 'closed':
      return { type: 'closed', error: new ApiError(event.status, '', JSON.stringify({ error: event.error, message: event.message })) };
  }
}

/**
 * The board the page is to show after the stream's `next`: null when it equals the one `shown`
 * (nothing to render), else `next` with every part equal to the shown one's replaced by that
 * object (shareLiveBoard: a memoised part whose props did not change does not render).
 */
export function boardToShow(shown: LiveLeaderboard | undefined, next: LiveLeaderboard): LiveLeaderboard | null {
  if (shown === undefined) return next;
  const board = shareLiveBoard(shown, next) as LiveLeaderboard;
  return board === shown ? null : board;
}

export interface LiveLeaderboardStream {
  /** connecting, live or fallback while the stream is on; null while off. */
  state: LiveStreamState | null;
  /** Set once the server closed the stream (access lost): the page shows it as a load error. */
  closed: ApiError | null;
}

/**
 * While `enabled`, keeps the live leaderboard stream open and writes every snapshot and patch into
 * the cache of the live leaderboard query (same key), so every part of the page updates at once.
 * A board equal to the one shown (the stream's first snapshot, right after the GET) is not written
 * (`boardToShow`): the page does not render it again.
 */
export function useLiveLeaderboardStream(poolId: string, weekNumber: number, enabled: boolean): LiveLeaderboardStream {
  const queryClient = useQueryClient();
  const board = useRef<VersionedBoard | null>(null);
  const [closed, setClosed] = useState<ApiError | null>(null);
  const url = enabled && closed === null ? liveLeaderboardStreamUrl(poolId, weekNumber) : null;
  const state = useLiveStream(url, readLiveStreamEvent, (event, stream) => {
    const step = streamStep(board.current, event);
    switch (step.type) {
      case 'board': {
        const { queryKey } = liveLeaderboardQueryOptions(poolId, weekNumber);
        const shown = queryClient.getQueryData(queryKey);
        const next = boardToShow(shown, step.next.board);
        // The stream goes on from the board shown (equal to its own): the next frame's board then
        // shares every unchanged part with it, and comparing the two costs only what changed.
        board.current = { version: step.next.version, board: next ?? shown ?? step.next.board };
        if (next !== null) queryClient.setQueryData(queryKey, next);
        break;
      }
      case 'none':
        break;
      case 'resync':
        board.current = null;
        stream.resync();
        break;
      case 'closed':
        stream.close();
        setClosed(step.error);
        break;
    }
  });
  return { state, closed };
}
