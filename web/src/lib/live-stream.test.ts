import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSseParser, openLiveStream, reconnectDelay, StaleStreamError } from './live-stream';
import type { LiveStreamState, SseMessage } from './live-stream';

describe('createSseParser', () => {
  it('should dispatch an event per blank line with its data lines joined and the last id, across any chunks', () => {
    const seen: SseMessage[] = [];
    const parser = createSseParser({ onMessage: (m) => seen.push(m) });
    parser.push('id: 4\ndata: {"a"');
    parser.push(':1}\n\n: heartbeat\n\ndata: line one\r\ndata:line two\n');
    expect(seen).toEqual([{ event: 'message', data: '{"a":1}', id: '4' }]);
    parser.push('\nevent: other\ndata: x\nid: 5\n\n');
    expect(seen.slice(1)).toEqual([
      { event: 'message', data: 'line one\nline two', id: '4' },
      { event: 'other', data: 'x', id: '5' },
    ]);
    expect(parser.lastEventId).toBe('5');
  });

  it('should report retry and ignore comments, unknown fields and blank lines without data', () => {
    const seen: SseMessage[] = [];
    const retries: number[] = [];
    const parser = createSseParser({ onMessage: (m) => seen.push(m), onRetry: (ms) => retries.push(ms) });
    parser.push('retry: 2000\n\n: heartbeat\n\nfoo: bar\n\nretry: soon\n\n');
    expect(seen).toEqual([]);
    expect(retries).toEqual([2000]);
  });

  it('should drop a half-received event but keep the last id when reset', () => {
    const seen: SseMessage[] = [];
    const parser = createSseParser({ onMessage: (m) => seen.push(m) });
    parser.push('id: 7\ndata: {"v":7}\n\ndata: {"half"');
    parser.reset();
    parser.push('data: {"v":8}\n\n');
    expect(seen.map((m) => m.data)).toEqual(['{"v":7}', '{"v":8}']);
    expect(seen[1]!.id).toBe('7');
  });
});

describe('reconnectDelay', () => {
  it('should double from the base up to the longest wait, taking off at most a quarter at random', () => {
    expect([0, 1, 2, 3, 10].map((n) => reconnectDelay(n, 2000, 60_000, () => 0))).toEqual([2000, 4000, 8000, 16_000, 60_000]);
    expect(reconnectDelay(0, 2000, 60_000, () => 1)).toBe(1500);
  });
});

/** A server connection the test writes to; failing when the browser aborts the request, as fetch's bodies do. */
interface FakeConnection {
  headers: Record<string, string>;
  send(text: string): void;
  end(): void;
}

/** A fetch that answers each request with the next queued status (200 opens a connection the test drives). */
function fakeServer() {
  const connections: FakeConnection[] = [];
  const statuses: number[] = [];
  const encoder = new TextEncoder();
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const status = statuses.shift() ?? 200;
    if (status !== 200) return new Response(JSON.stringify({ error: 'forbidden', message: 'No access' }), { status });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    let open = true;
    init?.signal?.addEventListener('abort', () => {
      if (open) controller.error(init.signal!.reason);
      open = false;
    });
    connections.push({
      headers: (init?.headers ?? {}) as Record<string, string>,
      send: (text) => controller.enqueue(encoder.encode(text)),
      end: () => {
        open = false;
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, connections, refuseNext: (status: number) => statuses.push(status) };
}

interface Versioned {
  version: number;
}
const parseVersioned = (data: unknown): Versioned | undefined =>
  typeof data === 'object' && data !== null && typeof (data as Versioned).version === 'number' ? (data as Versioned) : undefined;
const event = (version: number) => `id: ${version}\ndata: ${JSON.stringify({ version })}\n\n`;

describe('openLiveStream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function open(server: ReturnType<typeof fakeServer>) {
    const states: LiveStreamState[] = [];
    const events: Array<[number, string | null]> = [];
    const errors: unknown[] = [];
    const stream = openLiveStream<Versioned>({
      url: '/api/stream',
      parse: parseVersioned,
      onEvent: (e, id) => events.push([e.version, id]),
      onState: (s) => states.push(s),
      onError: (e) => errors.push(e),
      fetch: server.fetch,
      random: () => 0,
      staleMs: 40_000,
      retryMs: 2000,
      maxRetryMs: 60_000,
    });
    return { stream, states, events, errors };
  }

  it('should be connecting until the first event, then live, passing parsed events with their ids and skipping unknown data', async () => {
    const server = fakeServer();
    const { stream, states, events } = open(server);
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.state).toBe('connecting');
    expect(server.connections[0]!.headers['accept']).toBe('text/event-stream');
    expect(server.connections[0]!.headers['last-event-id']).toBeUndefined();

    server.connections[0]!.send('data: not json\n\ndata: {"other":1}\n\n' + event(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.state).toBe('live');
    expect(states).toEqual(['live']);
    expect(events).toEqual([[1, '1']]);
    stream.close();
  });

  it('should stay live while heartbeats arrive and fall back, then reconnect with Last-Event-ID, when nothing is heard for staleMs', async () => {
    const server = fakeServer();
    const { stream, states, events, errors } = open(server);
    await vi.advanceTimersByTimeAsync(0);
    server.connections[0]!.send(event(3));
    await vi.advanceTimersByTimeAsync(30_000);
    server.connections[0]!.send(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(stream.state).toBe('live');

    await vi.advanceTimersByTimeAsync(10_001);
    expect(stream.state).toBe('fallback');
    expect(errors[0]).toBeInstanceOf(StaleStreamError);
    expect(server.connections).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(2000);
    expect(server.connections).toHaveLength(2);
    expect(server.connections[1]!.headers['last-event-id']).toBe('3');
    server.connections[1]!.send(event(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['live', 'fallback', 'live']);
    expect(events.map(([v]) => v)).toEqual([3, 4]);
    stream.close();
  });

  it('should back off longer after each refusal and start again from the base once an event arrives', async () => {
    const server = fakeServer();
    server.refuseNext(403);
    server.refuseNext(503);
    const { stream, states, errors } = open(server);
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.state).toBe('fallback');
    expect(String(errors[0])).toContain('403');

    await vi.advanceTimersByTimeAsync(2000); // second try: refused again
    expect(server.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1); // third try after 4 s: opens
    expect(server.connections).toHaveLength(1);
    server.connections[0]!.send(event(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['fallback', 'live']);

    server.connections[0]!.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.state).toBe('fallback');
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.connections).toHaveLength(2);
    stream.close();
  });

  it("should follow the server's retry as the base wait", async () => {
    const server = fakeServer();
    const { stream } = open(server);
    await vi.advanceTimersByTimeAsync(0);
    server.connections[0]!.send('retry: 500\n\n' + event(1));
    server.connections[0]!.end();
    await vi.advanceTimersByTimeAsync(499);
    expect(server.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.connections).toHaveLength(2);
    stream.close();
  });

  it('should reconnect at once without Last-Event-ID and without falling back when asked to resync', async () => {
    const server = fakeServer();
    const { stream, states, errors } = open(server);
    await vi.advanceTimersByTimeAsync(0);
    server.connections[0]!.send(event(5));
    await vi.advanceTimersByTimeAsync(0);
    stream.resync();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.connections).toHaveLength(2);
    expect(server.connections[1]!.headers['last-event-id']).toBeUndefined();
    expect(states).toEqual(['live']);
    expect(errors).toEqual([]);
    stream.close();
  });

  it('should stop for good, reporting nothing more, when closed (also from inside an event)', async () => {
    const server = fakeServer();
    const states: LiveStreamState[] = [];
    const stream = openLiveStream<Versioned>({
      url: '/api/stream',
      parse: parseVersioned,
      onEvent: () => stream.close(),
      onState: (s) => states.push(s),
      fetch: server.fetch,
    });
    await vi.advanceTimersByTimeAsync(0);
    server.connections[0]!.send(event(1) + event(2));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.connections).toHaveLength(1);
    expect(states).toEqual(['live']);
  });
});
