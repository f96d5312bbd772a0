import { applyLivePatch, isLiveWeekState, liveStreamEventSchema, picksEndpoints } from '@powerpool/contracts';
import type { LiveLeaderboard, LiveStreamEvent } from '@powerpool/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, endpointUrl } from '../../../lib/api-client';
import type { LiveStreamState } from '../../../lib/live-stream';
import { useLiveStream } from '../../../lib/use-live-stream';
import { liveLeaderboardQueryOptions } from './live-leaderboard-query';

/**
 * True when the board's week is live (LIVE_WEEK_STATES: games being played, or being scored), or
 * PUBLISHED once its deadline has passed (`deadlinePassed`: the server starts it any moment, and
 * the stream brings that change): the page listens to the stream then.
 */
export const isStreamedWeek = (metadata: Pick<LiveLeaderboard['metadata'], 'currentState'> | undefined, deadlinePassed = false): boolean =>
  metadata !== undefined && (isLiveWeekState(metadata.currentState) || (deadlinePassed && metadata.currentState === 'PUBLISHED'));

/** GET /api/pools/{poolId}/weeks/{weekNumber}/live-leaderboard/stream (server-sent events, same origin, session cookie). */
export const liveLeaderboardStreamUrl = (poolId: string, weekNumber: number): string =>
  endpointUrl(picksEndpoints.liveLeaderboardStream, { params: { poolId, weekNumber } });

/** One `data:` of the stream, checked with the declared schema; undefined for anything else. */
export function parseLiveStreamEvent(data: unknown): LiveStreamEvent | undefined {
  const parsed = liveStreamEventSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** The board the stream has built, with its version. */
export interface VersionedBoard {
  version: string;
  board: LiveLeaderboard;
}

/**
 * What an event does to the stream's board: a snapshot replaces it; a patch applies when the board
 * is the patch's base, otherwise the stream must `resync` (reconnect for a snapshot); `closed`
 * ends it with the error a plain GET would now get.
 */
export function streamStep(
  current: VersionedBoard | null,
  event: LiveStreamEvent,
): { type: 'board'; next: VersionedBoard } | { type: 'resync' } | { type: 'closed'; error: ApiError } {
  switch (event.type) {
    case 'snapshot':
      return { type: 'board', next: { version: event.version, board: event.board } };
    case 'patch':
      if (current === null || current.version !== event.base) return { type: 'resync' };
      return { type: 'board', next: { version: event.version, board: applyLivePatch(current.board, event) } };
    case 'closed':
      return { type: 'closed', error: new ApiError(event.status, '', JSON.stringify({ error: event.error, message: event.message })) };
  }
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
 */
export function useLiveLeaderboardStream(poolId: string, weekNumber: number, enabled: boolean): LiveLeaderboardStream {
  const queryClient = useQueryClient();
  const board = useRef<VersionedBoard | null>(null);
  const [closed, setClosed] = useState<ApiError | null>(null);
  const url = enabled && closed === null ? liveLeaderboardStreamUrl(poolId, weekNumber) : null;
  const state = useLiveStream(url, parseLiveStreamEvent, (event, stream) => {
    const step = streamStep(board.current, event);
    switch (step.type) {
      case 'board':
        board.current = step.next;
        queryClient.setQueryData(liveLeaderboardQueryOptions(poolId, weekNumber).queryKey, step.next.board);
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
