import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { endpointLabel, type Endpoint } from '@powerpool/contracts';

/** One event of a `text/event-stream` endpoint, as its `events` schema describes it. */
export type EndpointEvent<E extends Endpoint> = E['events'] extends z.ZodType ? z.input<E['events']> : never;

/** The headers of every event stream: no caching, no proxy buffering (each event goes out as it happens). */
export const EVENT_STREAM_HEADERS = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
});

/** One event as it goes on the wire: a `data:` line with its JSON, then a blank line. */
export function eventFrame(event: unknown): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/**
 * Answer a declared `text/event-stream` endpoint: `produce` runs after the headers are sent and
 * reports typed events through `send`; each goes out as one {@link eventFrame}. The stream ends
 * when `produce` settles; events sent after that are dropped. `produce` should report its own
 * failures as events: if it throws anyway, the error is logged and the stream just ends.
 */
export function sendEventStream<E extends Endpoint>(
  reply: FastifyReply,
  endpoint: E,
  produce: (send: (event: EndpointEvent<E>) => void) => Promise<void>,
): FastifyReply {
  if (endpoint.produces !== 'text/event-stream') throw new Error(`${endpointLabel(endpoint)} does not produce text/event-stream`);
  const stream = new PassThrough();
  let ended = false;
  const send = (event: EndpointEvent<E>) => {
    if (!ended) stream.write(eventFrame(event));
  };
  const end = () => {
    ended = true;
    stream.end();
  };
  produce(send).then(end, (err: unknown) => {
    reply.log.error({ err }, `${endpointLabel(endpoint)}: the event stream failed`);
    end();
  });
  return reply.headers(EVENT_STREAM_HEADERS).send(stream);
}

// ---------------------------------------------------------------------------------------------
// Long-lived event streams (live pushes): many connections, frames written as they are, one timer

/** One open `text/event-stream` connection of an {@link EventStreamHub}. */
export interface EventStreamConnection {
  /**
   * Write a ready-made frame (the same string may go to thousands of connections). Never waits for
   * the socket to drain: a connection with more than the hub's `maxBufferedBytes` waiting is
   * closed instead (the browser reconnects and resumes), so a slow one never delays the others.
   * Returns false when the connection is (now) closed.
   */
  write(frame: string | Uint8Array): boolean;
  /** End the stream (after what was written). */
  end(): void;
  readonly closed: boolean;
  /** The `Last-Event-ID` the browser sent when it (re)connected, if any. */
  readonly lastEventId: string | null;
}

export interface EventStreamHubOptions {
  /** Interval of the `: heartbeat` comment written to every open connection. */
  heartbeatMs: number;
  /** The `retry:` sent first (how long a browser waits before reconnecting). */
  retryMs: number;
  /** Bytes a connection may have waiting to be written before it is dropped as too slow. */
  maxBufferedBytes: number;
}

/**
 * Every long-lived event stream of one process: opening them (the reply is hijacked, headers and
 * `retry:` written at once, nothing compressed or buffered), ONE heartbeat timer for all of them,
 * the slow-reader rule, and ending them all when the app closes.
 */
export interface EventStreamHub {
  /** Take over `reply` as an event stream; `onClose` runs once when it ends (either side). */
  open(request: FastifyRequest, reply: FastifyReply, onClose: () => void): EventStreamConnection;
  /** Open connections. */
  readonly size: number;
  /** Connections dropped as too slow so far. */
  readonly dropped: number;
  /** End every stream and stop the heartbeat. */
  close(): void;
}

/** The comment frame of the heartbeat (bytes, encoded once for every connection). */
export const HEARTBEAT_FRAME = Buffer.from(': heartbeat\n\n');

/** `id:` + `data:` frame of one event (serialize once, write to many: see also Buffer.from, to encode it once too). */
export function eventFrameWithId(id: string, event: unknown): string {
  return `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`;
}

export function createEventStreamHub(options: EventStreamHubOptions): EventStreamHub {
  const open = new Set<{ connection: EventStreamConnection; finish: () => void }>();
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;
  const heartbeat = () => {
    for (const entry of open) entry.connection.write(HEARTBEAT_FRAME);
  };
  const startTimer = () => {
    timer ??= setInterval(heartbeat, options.heartbeatMs);
    timer.unref();
  };
  const stopTimerWhenIdle = () => {
    if (open.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };

  return {
    open(request, reply, onClose) {
      reply.hijack();
      const res = reply.raw;
      const socket = request.raw.socket;
      socket.setNoDelay(true);
      socket.setTimeout(0);
      res.writeHead(200, { ...EVENT_STREAM_HEADERS, connection: 'keep-alive' });
      let closed = false;
      const header = request.headers['last-event-id'];
      const entry = {
        connection: {
          get closed() {
            return closed;
          },
          lastEventId: typeof header === 'string' && header.length > 0 ? header : null,
          write(frame: string | Uint8Array): boolean {
            if (closed) return false;
            if (res.writableLength > options.maxBufferedBytes) {
              dropped += 1;
              request.log.info({ buffered: res.writableLength }, 'event stream dropped: the client reads too slowly');
              res.destroy();
              finish();
              return false;
            }
            res.write(frame);
            return true;
          },
          end() {
            if (closed) return;
            res.end();
            finish();
          },
        } satisfies EventStreamConnection,
        finish: () => finish(),
      };
      function finish(): void {
        if (closed) return;
        closed = true;
        open.delete(entry);
        stopTimerWhenIdle();
        onClose();
      }
      res.on('close', finish);
      res.write(`retry: ${options.retryMs}\n\n`);
      open.add(entry);
      startTimer();
      return entry.connection;
    },
    get size() {
      return open.size;
    },
    get dropped() {
      return dropped;
    },
    close() {
      for (const entry of [...open]) entry.connection.end();
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
