import { applyLivePatch, isFrameFedBoard, liveBoardWithGames, liveStreamEventSchema, type LiveLeaderboard, type LiveStreamEvent } from '@powerpool/contracts';
import { readEventStream, type EventStreamReader } from './event-stream.js';

/** One event a follower applied, with when it arrived (Date.now()). */
export interface FollowedEvent {
  at: number;
  event: LiveStreamEvent;
  /** The board after the event. */
  board: LiveLeaderboard;
}

/** A live leaderboard kept up to date from its stream, as the browser keeps it. */
export interface LiveFollower {
  /** The board as the stream's snapshot, patches and games frames made it (null before the first snapshot). */
  readonly board: LiveLeaderboard | null;
  /** The version of `board` (the last event id). */
  readonly version: string | null;
  /** Every snapshot, patch and games frame received, in order. */
  readonly events: readonly FollowedEvent[];
  /** Connections opened so far (1 + reconnects). */
  readonly connections: number;
  /** Resolves with the board once `check` holds for it (rejects after `timeoutMs`). */
  waitFor(check: (board: LiveLeaderboard) => boolean, timeoutMs: number, what: string): Promise<LiveLeaderboard>;
  close(): Promise<void>;
}

export interface FollowOptions {
  /** The stream's absolute URL (through the gateway, or a service). */
  url: string;
  /** Headers of every connection (the session cookie, or a signed identity assertion). */
  headers: Record<string, string>;
  /** Wait before reconnecting (the stream's `retry:` wins once heard). Default 200 ms. */
  retryMs?: number;
}

/**
 * Follows a live leaderboard stream the way the SPA does: applies the snapshot, each patch
 * whose base is the board it holds and each `games` frame (liveBoardWithGames); when the stream ends or fails it reconnects with
 * Last-Event-ID and takes the patches it missed (or a fresh snapshot); a patch that does not
 * follow its board makes it reconnect without Last-Event-ID for a snapshot. A test or benchmark
 * then checks the board it ends with against a plain GET.
 */
export function followLiveBoard(options: FollowOptions): LiveFollower {
  let board: LiveLeaderboard | null = null;
  let version: string | null = null;
  let connections = 0;
  let closed = false;
  let retryMs = options.retryMs ?? 200;
  // Held in an object: TypeScript does not see the assignments made inside the loop's closures.
  const current: { reader: EventStreamReader | null; abort: AbortController | null } = { reader: null, abort: null };
  const events: FollowedEvent[] = [];
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((w) => w());

  const apply = (event: LiveStreamEvent): boolean => {
    if (event.type === 'snapshot') {
      board = event.board;
      version = event.version;
    } else if (event.type === 'patch') {
      if (!board || version !== event.base) return false;
      board = applyLivePatch(board, event);
      version = event.version;
    } else if (event.type === 'games') {
      // A frame for every board: a frame-fed board is scored again on it, keeping its version; any other skips it.
      if (!board) return true;
      if (isFrameFedBoard(board)) board = liveBoardWithGames(board, event.games, event.generatedAt);
    } else {
      return false;
    }
    events.push({ at: Date.now(), event, board });
    changed();
    return true;
  };

  const connectOnce = async (resume: boolean): Promise<boolean> => {
    const abort = new AbortController();
    current.abort = abort;
    const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
    if (resume && version) headers['last-event-id'] = version;
    const response = await fetch(options.url, { headers, signal: abort.signal });
    connections += 1;
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`GET ${options.url} answered ${response.status}`);
    }
    const reader = readEventStream(response);
    current.reader = reader;
    for (;;) {
      const frame = await reader.next(24 * 3600_000);
      if (frame.kind === 'retry') retryMs = frame.ms;
      if (frame.kind !== 'event') continue;
      const event = liveStreamEventSchema.parse(JSON.parse(frame.data));
      if (event.type === 'closed') throw new Error(`the stream was closed: ${event.status} ${event.error}`);
      // A patch that does not follow this board: drop it and reconnect for a snapshot.
      if (!apply(event)) return false;
    }
  };

  void (async () => {
    let resume = true;
    while (!closed) {
      try {
        resume = await connectOnce(resume);
      } catch {
        resume = true; // the stream ended or failed: resume from the version held
      }
      await current.reader?.close();
      if (!closed) await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  })();

  return {
    get board() {
      return board;
    },
    get version() {
      return version;
    },
    get events() {
      return events;
    },
    get connections() {
      return connections;
    },
    waitFor(check, timeoutMs, what) {
      return new Promise((resolve, reject) => {
        const test = () => {
          if (board && check(board)) {
            done();
            resolve(board);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${what}: not within ${timeoutMs} ms (version ${version ?? 'none'}, ${connections} connections)`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(test);
        };
        waiters.add(test);
        test();
      });
    },
    async close() {
      closed = true;
      current.abort?.abort();
      await current.reader?.close();
    },
  };
}
