import http from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * Reading server-sent events in tests and benchmarks (Node's fetch has no EventSource): a parser
 * of the `text/event-stream` format, and a reader over a fetch response that hands out one frame
 * at a time.
 */

/** One frame of an event stream: an event (id, data) or a comment (`: heartbeat`), or a `retry:`. */
export type SseFrame =
  { kind: 'event'; id: string | null; event: string | null; data: string } | { kind: 'comment'; text: string } | { kind: 'retry'; ms: number };

/**
 * An incremental `text/event-stream` parser (WHATWG rules: lines end with LF, CRLF or CR; a blank
 * line dispatches; `data:` lines join with LF; one leading space after the colon is dropped). Feed
 * it text as it arrives; each complete frame goes to `onFrame`.
 */
export function createSseParser(onFrame: (frame: SseFrame) => void): { feed(text: string): void } {
  let buffer = '';
  let id: string | null = null;
  let event: string | null = null;
  let data: string[] = [];
  const line = (l: string) => {
    if (l === '') {
      if (data.length > 0) onFrame({ kind: 'event', id, event, data: data.join('\n') });
      data = [];
      event = null;
      id = null;
      return;
    }
    const colon = l.indexOf(':');
    if (colon === 0) {
      onFrame({ kind: 'comment', text: l.slice(1).trimStart() });
      return;
    }
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? '' : l.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onFrame({ kind: 'retry', ms: Number(value) });
  };
  return {
    feed(text) {
      buffer += text;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) return;
        // A trailing CR may be the first half of CRLF: wait for more.
        if (match[0] === '\r' && match.index === buffer.length - 1) return;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
  };
}

/** The frames of an open event stream, one at a time. */
export interface EventStreamReader {
  /** The next frame (waits up to `timeoutMs`, default 10 s; rejects when the stream ended first). */
  next(timeoutMs?: number): Promise<SseFrame>;
  /** The next `event` frame, skipping comments and retry; its data parsed as JSON. */
  nextEvent<T = any>(timeoutMs?: number): Promise<{ id: string | null; data: T }>;
  /** Frames received but not yet taken. */
  readonly pending: number;
  /** True once the server ended the stream. */
  readonly ended: boolean;
  /** Stop reading and close the connection. */
  close(): Promise<void>;
}

/** Read the frames of `response` (a fetch reply with a `text/event-stream` body). */
export function readEventStream(response: Response): EventStreamReader {
  if (!response.body) throw new Error('the response has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  return readerOfText(
    (async function* () {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    })(),
    () => reader.cancel(),
  );
}

/** An event stream read off the wire (node:http, nothing decoded by the client), with the bytes as sent. */
export interface WireEventStream extends EventStreamReader {
  readonly status: number;
  /** The reply's Content-Encoding (null: none). */
  readonly encoding: string | null;
  /** Bytes received so far as they came on the wire (compressed, when the stream is). */
  readonly wireBytes: number;
}

/**
 * Open `url` with node:http and read its event stream as a browser's EventSource would: a
 * `deflate` or `gzip` body inflated as it arrives (each event as soon as its bytes are in), while
 * `wireBytes` counts what the network carried.
 */
export function openWireEventStream(url: string, headers: Record<string, string>): Promise<WireEventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (res) => {
      let wireBytes = 0;
      res.on('data', (chunk: Buffer) => (wireBytes += chunk.length));
      const encoding = res.headers['content-encoding'] ?? null;
      const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
      const body: Readable = encoding === 'deflate' ? res.pipe(zlib.createInflate(flush)) : encoding === 'gzip' ? res.pipe(zlib.createGunzip(flush)) : res;
      body.setEncoding('utf8');
      const reader = readerOfText(body as AsyncIterable<string>, async () => {
        request.destroy();
      });
      resolve(
        Object.defineProperties(reader, {
          status: { value: res.statusCode ?? 0 },
          encoding: { value: encoding },
          wireBytes: { get: () => wireBytes },
        }) as WireEventStream,
      );
    });
    request.on('error', reject);
  });
}

function readerOfText(source: AsyncIterable<string>, cancel: () => Promise<unknown>): EventStreamReader {
  const frames: SseFrame[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  let failure: Error | null = null;
  const wake = () => waiters.splice(0).forEach((w) => w());
  const parser = createSseParser((frame) => {
    frames.push(frame);
    wake();
  });
  void (async () => {
    try {
      for await (const text of source) parser.feed(text);
    } catch (err) {
      failure = err as Error;
    } finally {
      ended = true;
      wake();
    }
  })();

  const next = async (timeoutMs = 10_000): Promise<SseFrame> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const frame = frames.shift();
      if (frame) return frame;
      if (ended) throw new Error(`the event stream ended${failure ? ` (${String(failure)})` : ''}`);
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no event stream frame within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return {
    next,
    async nextEvent(timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const frame = await next(Math.max(1, until - Date.now()));
        if (frame.kind === 'event') return { id: frame.id, data: JSON.parse(frame.data) };
      }
    },
    get pending() {
      return frames.length;
    },
    get ended() {
      return ended;
    },
    async close() {
      await cancel().catch(() => {});
    },
  };
}
