import { LIVE_STREAM } from '@powerpool/contracts';
import { LIVE_POLL_INTERVAL_MS } from '@/config/live-leaderboard';
import { throwIfNotOk } from './api-client';

/*
 * The browser side of the live pushes (server-sent events, docs/screens.md#live-leaderboard): the live leaderboard and the
 * games of a week. Read with fetch rather than EventSource: EventSource hides the `: heartbeat`
 * comments, so it cannot tell a quiet stream from a dead one, and it cannot be told to stop
 * reconnecting after a refusal. Here every byte counts as a sign of life, a stream silent for
 * LIVE_STREAM.staleMs is dropped, and reconnects send `Last-Event-ID` so the server resumes.
 */

/**
 * What a live stream reports: `connecting` until its first event; `live` while events and
 * heartbeats arrive; `fallback` once it failed (refused, broken, ended, silent too long) until an
 * event arrives again on a reconnect. Screens poll as before while it is not `live`.
 */
export type LiveStreamState = 'connecting' | 'live' | 'fallback';

/** One dispatched server-sent event: its type, its data lines joined, and the last event id seen. */
export interface SseMessage {
  event: string;
  data: string;
  id: string | null;
}

/**
 * A server-sent events parser (the WHATWG event stream format): lines end with `\n` (a `\r`
 * before it is dropped), a blank line dispatches the event, `:` starts a comment, fields are
 * `data`, `event`, `id` and `retry`. Feed it decoded text in any chunks.
 */
export function createSseParser(handlers: { onMessage: (message: SseMessage) => void; onRetry?: (ms: number) => void }) {
  let pending = '';
  let data: string[] = [];
  let event = '';
  let lastEventId: string | null = null;

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) handlers.onMessage({ event: event || 'message', data: data.join('\n'), id: lastEventId });
      data = [];
      event = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        data.push(value);
        break;
      case 'event':
        event = value;
        break;
      case 'id':
        if (!value.includes('\0')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
        break;
      default:
      // Unknown fields are ignored (the format says so).
    }
  }

  return {
    /** Drops a half-received event (a new connection starts clean); the last event id stays. */
    reset() {
      pending = '';
      data = [];
      event = '';
    },
    push(chunk: string) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const text of lines) line(text.endsWith('\r') ? text.slice(0, -1) : text);
    },
    /** The last `id:` seen (what a reconnect sends as Last-Event-ID). */
    get lastEventId() {
      return lastEventId;
    },
    set lastEventId(id: string | null) {
      lastEventId = id;
    },
  };
}

/** How long to wait before reconnect number `attempt` (0 first): the server's retry doubling up to `maxMs`, with up to 25% less at random. */
export function reconnectDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const full = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(full * (1 - 0.25 * random()));
}

export interface LiveStreamOptions<E> {
  /** Same origin; the session cookie goes with it. */
  url: string;
  /** The declared event schema's parse: undefined for data it does not know (skipped). */
  parse: (data: unknown) => E | undefined;
  onEvent: (event: E, id: string | null) => void;
  onState?: (state: LiveStreamState) => void;
  /** Called with the error of every failed connection (refusal, broken or silent stream). */
  onError?: (error: unknown) => void;
  fetch?: typeof fetch;
  random?: () => number;
  /** Defaults: LIVE_STREAM.staleMs, LIVE_STREAM.retryMs, and the poll interval as the longest wait. */
  staleMs?: number;
  retryMs?: number;
  maxRetryMs?: number;
}

export interface LiveStream {
  readonly state: LiveStreamState;
  /** The last event id received (sent as Last-Event-ID on reconnect). */
  readonly lastEventId: string | null;
  /** Forgets the last event id and reconnects at once: the server answers with a snapshot (a patch that did not fit). */
  resync(): void;
  /** Stops for good (no reconnect). */
  close(): void;
}

/** The stream stopped being heard from for `staleMs`. */
export class StaleStreamError extends Error {
  override readonly name = 'StaleStreamError';
}

/**
 * Opens a live stream and keeps it open: reconnects with back-off (LIVE_STREAM.retryMs, or the
 * server's `retry:`, doubling up to `maxRetryMs`) after a refusal, a broken or ended stream or
 * `staleMs` without a byte; resumes with Last-Event-ID. Reports its state on every change.
 */
export function openLiveStream<E>(options: LiveStreamOptions<E>): LiveStream {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const staleMs = options.staleMs ?? LIVE_STREAM.staleMs;
  const maxRetryMs = options.maxRetryMs ?? LIVE_POLL_INTERVAL_MS;
  let retryMs = options.retryMs ?? LIVE_STREAM.retryMs;
  let state: LiveStreamState = 'connecting';
  let closed = false;
  let attempt = 0;
  let connection: AbortController | null = null;
  let wait: { timer: ReturnType<typeof setTimeout>; done: () => void } | null = null;
  let resyncing = false;

  const parser = createSseParser({
    onMessage: (message) => {
      if (closed || message.event !== 'message') return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = options.parse(data);
      if (event === undefined) return;
      attempt = 0;
      setState('live');
      options.onEvent(event, message.id);
    },
    onRetry: (ms) => {
      retryMs = ms;
    },
  });

  function setState(next: LiveStreamState) {
    if (next === state || closed) return;
    state = next;
    options.onState?.(next);
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        wait = null;
        resolve();
      };
      wait = { timer: setTimeout(done, ms), done };
    });
  }

  async function connect(): Promise<void> {
    const controller = new AbortController();
    connection = controller;
    let stale: ReturnType<typeof setTimeout> | undefined;
    const armStale = () => {
      clearTimeout(stale);
      stale = setTimeout(() => controller.abort(new StaleStreamError(`No event or heartbeat for ${staleMs} ms`)), staleMs);
    };
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (parser.lastEventId !== null) headers['last-event-id'] = parser.lastEventId;
      armStale();
      const res = await fetchImpl(options.url, { credentials: 'include', cache: 'no-store', headers, signal: controller.signal });
      await throwIfNotOk(res);
      if (!res.body) throw new Error('The live stream has no body');
      const reader = res.body.getReader();
      // Some bodies do not fail a pending read when the request is aborted: cancel it as well.
      controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      const decoder = new TextDecoder();
      parser.reset();
      for (;;) {
        armStale();
        const { done, value } = await reader.read();
        if (done || closed) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
      if (controller.signal.aborted) throw controller.signal.reason;
      if (!closed && !resyncing) options.onError?.(new Error('The live stream ended'));
    } catch (error) {
      if (!closed && !resyncing) options.onError?.(controller.signal.aborted ? controller.signal.reason : error);
    } finally {
      clearTimeout(stale);
      if (connection === controller) connection = null;
      // A stream that ends or breaks is over at once, even if the server is still writing.
      controller.abort();
    }
  }

  async function run() {
    while (!closed) {
      await connect();
      if (closed) return;
      if (resyncing) {
        resyncing = false;
        continue;
      }
      setState('fallback');
      await sleep(reconnectDelay(attempt++, retryMs, maxRetryMs, options.random));
    }
  }

  void run();

  return {
    get state() {
      return state;
    },
    get lastEventId() {
      return parser.lastEventId;
    },
    resync() {
      if (closed) return;
      parser.lastEventId = null;
      if (connection) {
        resyncing = true;
        connection.abort();
      } else if (wait) {
        clearTimeout(wait.timer);
        wait.done();
      }
    },
    close() {
      if (closed) return;
      closed = true;
      connection?.abort();
      if (wait) {
        clearTimeout(wait.timer);
        wait.done();
      }
    },
  };
}
