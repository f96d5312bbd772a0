import { PassThrough } from 'node:stream';
import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
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

/**
 * A frame as it goes on a compressed stream (`Content-Encoding: deflate`, RFC 1950): deflated on its
 * own and ended with a full flush, so its bytes do not depend on what the connection was sent
 * before and are the same for every connection (made once per frame, not per connection), and a
 * browser gets each event as soon as it arrives. The stream's Adler-32 (its trailer) is combined
 * from each frame's, without reading the frames again.
 */
interface DeflatedFrame {
  bytes: Buffer;
  adler: number;
  length: number;
}

/** The zlib header of a stream deflated with a 32 KiB window at the default level. */
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
/** An empty final deflate block (after a full flush, on a byte boundary). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const ADLER_BASE = 65521;

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length;) {
    // 5552: the most bytes before b can overflow 2^53 in the worst case (zlib's NMAX is for 32 bits).
    const end = Math.min(i + 5552, data.length);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return b * 65536 + a;
}

/** The Adler-32 of two byte runs one after the other, from each one's (zlib's adler32_combine). */
function adlerCombine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_BASE;
  const a1 = first % 65536;
  const b1 = Math.floor(first / 65536);
  const a2 = second % 65536;
  const b2 = Math.floor(second / 65536);
  const a = (a1 + a2 + ADLER_BASE - 1) % ADLER_BASE;
  const b = (((rem * a1) % ADLER_BASE) + b1 + b2 + ADLER_BASE - rem) % ADLER_BASE;
  return b * 65536 + a;
}

const deflatedFrames = new WeakMap<Uint8Array, DeflatedFrame>();

function deflate(frame: Uint8Array): DeflatedFrame {
  return { bytes: deflateRawSync(frame, { finishFlush: zlibConstants.Z_FULL_FLUSH }), adler: adler32(frame), length: frame.length };
}

/** A frame deflated once: a Uint8Array written to many connections is kept (by identity); a string is deflated each time. */
function deflatedOf(frame: string | Uint8Array): DeflatedFrame {
  if (typeof frame === 'string') return deflate(Buffer.from(frame));
  let made = deflatedFrames.get(frame);
  if (!made) {
    made = deflate(frame);
    deflatedFrames.set(frame, made);
  }
  return made;
}

/** Whether an Accept-Encoding takes `deflate` (listed, and not with q=0). */
export function acceptsDeflate(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'deflate') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

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
  /** How the frames go on the wire: deflated (each once, whatever the connections) when the client takes it, else as they are. */
  readonly encoding: 'deflate' | null;
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
 * `retry:` written at once, nothing buffered), ONE heartbeat timer for all of them, the slow-reader
 * rule, and ending them all when the app closes. A client that accepts `deflate` gets the stream
 * compressed, each frame flushed on its own and deflated once for every connection (DeflatedFrame):
 * a board's snapshot and patches cost a phone a tenth of their JSON.
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
  const retryFrame = Buffer.from(`retry: ${options.retryMs}\n\n`);
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
      const encoding = acceptsDeflate(request.headers['accept-encoding']) ? 'deflate' : null;
      res.writeHead(200, {
        ...EVENT_STREAM_HEADERS,
        connection: 'keep-alive',
        vary: 'accept-encoding',
        ...(encoding ? { 'content-encoding': encoding } : {}),
      });
      let closed = false;
      let adler = 1;
      const header = request.headers['last-event-id'];
      const send = (frame: string | Uint8Array) => {
        if (!encoding) return res.write(frame);
        const deflated = deflatedOf(frame);
        adler = adlerCombine(adler, deflated.adler, deflated.length);
        return res.write(deflated.bytes);
      };
      const trailer = () => {
        const out = Buffer.alloc(6);
        FINAL_BLOCK.copy(out);
        out.writeUInt32BE(adler, 2);
        return out;
      };
      const entry = {
        connection: {
          get closed() {
            return closed;
          },
          lastEventId: typeof header === 'string' && header.length > 0 ? header : null,
          encoding,
          write(frame: string | Uint8Array): boolean {
            if (closed) return false;
            if (res.writableLength > options.maxBufferedBytes) {
              dropped += 1;
              request.log.info({ buffered: res.writableLength }, 'event stream dropped: the client reads too slowly');
              res.destroy();
              finish();
              return false;
            }
            send(frame);
            return true;
          },
          end() {
            if (closed) return;
            if (encoding) res.end(trailer());
            else res.end();
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
      if (encoding) res.write(ZLIB_HEADER);
      send(retryFrame);
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
