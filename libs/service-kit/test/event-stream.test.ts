import http from 'node:http';
import net from 'node:net';
import zlib, { inflateSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@powerpool/contracts';
import { readEventStream } from '../../testing/src/event-stream.js';
import {
  createEventStreamHub,
  eventFrameWithId,
  sendEventStream,
  type EventStreamConnection,
  type EventStreamHub,
  type EventStreamHubOptions,
} from '../src/event-stream.js';

const ticks = endpoint({
  method: 'GET',
  path: '/ticks',
  service: 'sports-data-staging',
  access: 'public',
  summary: 'test stream',
  produces: 'text/event-stream',
  events: z.object({ n: z.number() }),
});
const json = endpoint({
  method: 'GET',
  path: '/json',
  service: 'sports-data-staging',
  access: 'public',
  summary: 'test json',
  reply: z.object({ ok: z.boolean() }),
});

/** A bare Fastify listening on a loopback port, with whatever routes the test adds. */
async function serve(setup: (app: FastifyInstance) => void): Promise<{ app: FastifyInstance; url: string; logs: string[] }> {
  const logs: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } } });
  setup(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, logs };
}

describe('sendEventStream', () => {
  let open: FastifyInstance | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  it('should frame each event as a data line with the event-stream headers and end the stream when the producer is done', async () => {
    const s = await serve((app) =>
      app.get('/ticks', (_req, reply) =>
        sendEventStream(reply, ticks, async (send) => {
          send({ n: 1 });
          await new Promise((r) => setTimeout(r, 10));
          send({ n: 2 });
        }),
      ),
    );
    open = s.app;
    const res = await fetch(`${s.url}/ticks`);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(await res.text()).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n');
  });

  it('should end the stream and log the error when the producer throws', async () => {
    const s = await serve((app) =>
      app.get('/ticks', (_req, reply) =>
        sendEventStream(reply, ticks, async (send) => {
          send({ n: 1 });
          throw new Error('producer broke');
        }),
      ),
    );
    open = s.app;
    const res = await fetch(`${s.url}/ticks`);
    expect(await res.text()).toBe('data: {"n":1}\n\n');
    expect(s.logs.join('')).toContain('producer broke');
  });

  it('should refuse an endpoint that does not declare an event stream', async () => {
    const s = await serve((app) => app.get('/json', (_req, reply) => sendEventStream(reply, json, async () => undefined)));
    open = s.app;
    const res = await fetch(`${s.url}/json`);
    expect(res.status).toBe(500);
  });
});

describe('createEventStreamHub', () => {
  let open: FastifyInstance | undefined;
  let hub: EventStreamHub | undefined;
  afterEach(async () => {
    hub?.close();
    await open?.close();
    open = hub = undefined;
  });

  /** A hub whose connections the test holds, with a route that opens one per request. */
  async function hubServer(options: Partial<EventStreamHubOptions> = {}) {
    const h = createEventStreamHub({ heartbeatMs: 60_000, retryMs: 2000, maxBufferedBytes: 1_048_576, ...options });
    const connections: EventStreamConnection[] = [];
    const closedCount = { n: 0 };
    const s = await serve((app) =>
      app.get('/live', (request, reply) => {
        connections.push(h.open(request, reply, () => void (closedCount.n += 1)));
        return reply;
      }),
    );
    hub = h;
    open = s.app;
    return { hub: h, url: s.url, connections, closedCount };
  }

  it('should send retry first, heartbeats on one timer, the Last-Event-ID it was given, and end every stream on close', async () => {
    const s = await hubServer({ heartbeatMs: 50 });
    const res = await fetch(`${s.url}/live`, { headers: { 'last-event-id': 'v-7' } });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = readEventStream(res);
    expect(await reader.next()).toEqual({ kind: 'retry', ms: 2000 });
    expect(await reader.next()).toEqual({ kind: 'comment', text: 'heartbeat' });
    await vi.waitFor(() => expect(s.connections).toHaveLength(1));
    expect(s.connections[0]!.lastEventId).toBe('v-7');
    s.connections[0]!.write(eventFrameWithId('v-8', { n: 8 }));
    expect(await reader.nextEvent()).toEqual({ id: 'v-8', data: { n: 8 } });
    s.hub.close();
    // A heartbeat the timer sent before the close may still be on its way; then the stream ends.
    let after = await reader.next().catch((err: unknown) => err);
    while (!(after instanceof Error)) {
      expect(after).toEqual({ kind: 'comment', text: 'heartbeat' });
      after = await reader.next().catch((err: unknown) => err);
    }
    expect(after.message).toMatch(/ended/);
    expect(s.hub.size).toBe(0);
  });

  it('should drop a reader that does not read once too much waits for it, while another reader gets every frame', async () => {
    const s = await hubServer({ maxBufferedBytes: 64 * 1024 });
    const paused = net.connect(Number(new URL(s.url).port), '127.0.0.1');
    await new Promise<void>((resolve) => paused.once('connect', resolve));
    paused.write(`GET /live HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`);
    paused.pause();
    await vi.waitFor(() => expect(s.connections).toHaveLength(1));
    const reader = readEventStream(await fetch(`${s.url}/live`));
    await vi.waitFor(() => expect(s.connections).toHaveLength(2));
    const [slow, fast] = s.connections as [EventStreamConnection, EventStreamConnection];

    // Frames go out until the paused socket's buffers are full and 64 KiB wait in the process.
    const payload = 'x'.repeat(16 * 1024);
    let sent = 0;
    while (!slow.closed) {
      const frame = eventFrameWithId(`v-${sent}`, { n: sent, payload });
      slow.write(frame);
      fast.write(frame);
      sent += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(s.hub.dropped).toBe(1);
    expect(fast.closed).toBe(false);
    for (let n = 0; n < sent; n++) {
      expect((await reader.nextEvent()).id).toBe(`v-${n}`);
    }
    expect(s.closedCount.n).toBe(1);
    paused.destroy();
    await reader.close();
  });
  it('should deflate the frames for a client that takes deflate, each flushed on its own and deflated once, and end with a valid trailer', async () => {
    const s = await hubServer();
    const raw: Buffer[] = [];
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${s.url}/live`, { headers: { 'accept-encoding': 'br;q=1, deflate;q=0.5' } }, resolve).on('error', reject),
    );
    res.on('data', (c: Buffer) => raw.push(c));
    const ended = new Promise((resolve) => res.on('end', resolve));
    expect(res.headers['content-encoding']).toBe('deflate');
    expect(res.headers.vary).toBe('accept-encoding');
    const plain = await fetch(`${s.url}/live`, { headers: { 'accept-encoding': 'gzip, deflate;q=0' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    await vi.waitFor(() => expect(s.connections).toHaveLength(2));
    const [deflated, other] = s.connections as [EventStreamConnection, EventStreamConnection];
    expect([deflated.encoding, other.encoding]).toEqual(['deflate', null]);

    const frame = Buffer.from(eventFrameWithId('v-1', { n: 1, board: 'y'.repeat(50_000) }));
    deflated.write(frame);
    // Flushed: what arrived so far inflates to the whole frame, before anything else is sent.
    const upTo = async (text: string) =>
      vi.waitFor(() => expect(inflateSync(Buffer.concat(raw), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString()).toContain(text));
    await upTo('"n":1');
    const bytes = Buffer.concat(raw).length;
    expect(bytes).toBeLessThan(frame.length / 20);
    deflated.write(frame);
    deflated.write('data: {"n":2}\n\n');
    await upTo('"n":2');
    deflated.end();
    await ended;
    const text = inflateSync(Buffer.concat(raw)).toString();
    expect(text).toBe(`retry: 2000\n\n${frame.toString()}${frame.toString()}data: {"n":2}\n\n`);
    await plain.body?.cancel();
  });
});
