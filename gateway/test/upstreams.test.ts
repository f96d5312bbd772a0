import net, { type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { picksEndpoints } from '@powerpool/contracts';
import { deadUrl, readEventStream } from '@powerpool/testing';
import { cookie, sessionUser, startGateway, startUpstream, startUpstreams, type FakeUpstream, type TestGateway, type Upstreams } from './helpers.js';

/** Replicas of picks-scoring behind one gateway: round-robin, failover when a replica refuses the connection. */
describe('upstream replicas', () => {
  let upstreams: Upstreams;
  let a: FakeUpstream;
  let b: FakeUpstream;
  let gw: TestGateway;
  let allDead: TestGateway;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    a = await startUpstream('picks-scoring', upstreams.verifier);
    b = await startUpstream('picks-scoring', upstreams.verifier);
    const dead = await deadUrl();
    gw = await startGateway(upstreams, { env: { PICKS_SCORING_URL: `${a.url},${dead},${b.url}` } });
    gw.identity.sessions.set('alice-session', sessionUser('alice'));
    allDead = await startGateway(upstreams, { env: { PICKS_SCORING_URL: `${dead},${await deadUrl()}` } });
    allDead.identity.sessions.set('alice-session', sessionUser('alice'));
  });
  afterAll(async () => {
    await gw?.close();
    await allDead?.close();
    await a?.close();
    await b?.close();
    await upstreams?.close();
  });

  const reset = () => {
    a.calls.length = 0;
    b.calls.length = 0;
  };

  it('should balance requests round-robin and pass those of a replica that refuses the connection to the next one', async () => {
    reset();
    // A gateway of its own: its round-robin starts at the first replica, whatever the other tests sent.
    const fresh = await startGateway(upstreams, { env: { PICKS_SCORING_URL: `${a.url},${await deadUrl()},${b.url}` } });
    fresh.identity.sessions.set('alice-session', sessionUser('alice'));
    try {
      for (let i = 0; i < 6; i++) {
        const res = await fresh.fetch(`/api/pools/p-${i}/weeks/1/live-leaderboard`, { headers: cookie('alice-session') });
        expect(res.status).toBe(200);
      }
    } finally {
      await fresh.close();
    }
    // Turns: a, (dead -> b), b, a, (dead -> b), b.
    expect(a.calls.map((c) => c.url)).toEqual(['/api/pools/p-0/weeks/1/live-leaderboard', '/api/pools/p-3/weeks/1/live-leaderboard']);
    expect(b.calls.map((c) => c.url)).toEqual([
      '/api/pools/p-1/weeks/1/live-leaderboard',
      '/api/pools/p-2/weeks/1/live-leaderboard',
      '/api/pools/p-4/weeks/1/live-leaderboard',
      '/api/pools/p-5/weeks/1/live-leaderboard',
    ]);
    expect(upstreams.byService['picks-scoring'].calls).toHaveLength(0);
  });

  it('should send every stream of a pool to the same replica, spread the pools over the replicas, and pass a pool whose replica refuses to the next when live streams open', async () => {
    reset();
    const pools = Array.from({ length: 12 }, (_, i) => `pool-${i}`);
    for (const poolId of pools) {
      for (let i = 0; i < 3; i++) {
        const res = await gw.fetch(`/api/pools/${poolId}/weeks/1/live-leaderboard/stream`, { headers: cookie('alice-session') });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
    }
    const poolsOf = (upstream: FakeUpstream) => upstream.calls.map((c) => c.url.split('/')[3]!);
    // Every pool's three streams went to one replica (the dead one's pools to their next choice).
    for (const poolId of pools) {
      const onA = poolsOf(a).filter((p) => p === poolId).length;
      const onB = poolsOf(b).filter((p) => p === poolId).length;
      expect([onA, onB].sort(), poolId).toEqual([0, 3]);
    }
    expect(new Set(poolsOf(a)).size).toBeGreaterThan(0);
    expect(new Set(poolsOf(b)).size).toBeGreaterThan(0);
    // The plain live leaderboard of the same pools still goes round-robin.
    reset();
    for (let i = 0; i < 4; i++) await (await gw.fetch('/api/pools/pool-0/weeks/1/live-leaderboard', { headers: cookie('alice-session') })).arrayBuffer();
    expect(a.calls.length).toBeGreaterThan(0);
    expect(b.calls.length).toBeGreaterThan(0);
  });

  it('should fail a POST over to the next replica once, with its body, when the connection was refused', async () => {
    reset();
    const bodies: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = JSON.stringify({ weekId: '2025:1', picks: [], n: i });
      bodies.push(body);
      const res = await gw.fetch('/api/picks/batch', { method: 'POST', headers: { ...cookie('alice-session'), 'content-type': 'application/json' }, body });
      expect(res.status).toBe(200);
    }
    const calls = [...a.calls, ...b.calls];
    expect(calls).toHaveLength(3);
    expect(calls.map((c) => c.body).sort()).toEqual(bodies.sort());
    expect(calls.every((c) => c.method === 'POST')).toBe(true);
  });

  it('should answer 503 service_unavailable when no replica can be reached', async () => {
    const res = await allDead.fetch('/api/pools/p/weeks/1/live-leaderboard', { headers: cookie('alice-session') });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe('service_unavailable');
  });
});

/** A replica that dies with the request in flight: it takes the connection, then drops it unanswered (a SIGKILLed pod). */
describe('a replica that drops the connection before answering', () => {
  let upstreams: Upstreams;
  let b: FakeUpstream;
  let dropper: net.Server;
  let gw: TestGateway;
  let dropped = 0;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    b = await startUpstream('picks-scoring', upstreams.verifier);
    dropper = net.createServer((socket) =>
      socket.once('data', () => {
        dropped += 1;
        socket.resetAndDestroy();
      }),
    );
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
    const dropperUrl = `http://127.0.0.1:${(dropper.address() as AddressInfo).port}`;
    gw = await startGateway(upstreams, { env: { PICKS_SCORING_URL: `${dropperUrl},${b.url}` } });
    gw.identity.sessions.set('alice-session', sessionUser('alice'));
  });
  afterAll(async () => {
    await gw?.close();
    await b?.close();
    await new Promise((resolve) => dropper?.close(resolve));
    await upstreams?.close();
  });

  it('should send a GET on to the next replica, and answer a POST 503 rather than risk doing it twice', async () => {
    // Turns: (dropper -> b), b, dropper.
    const first = await gw.fetch('/api/pools/p-1/weeks/1/live-leaderboard', { headers: cookie('alice-session') });
    expect(first.status).toBe(200);
    expect((await gw.fetch('/api/pools/p-2/weeks/1/live-leaderboard', { headers: cookie('alice-session') })).status).toBe(200);
    expect(b.calls.map((c) => c.url)).toEqual(['/api/pools/p-1/weeks/1/live-leaderboard', '/api/pools/p-2/weeks/1/live-leaderboard']);
    const post = await gw.fetch('/api/picks/batch', {
      method: 'POST',
      headers: { ...cookie('alice-session'), 'content-type': 'application/json' },
      body: '{"weekId":"2025:1","picks":[]}',
    });
    expect(post.status).toBe(503);
    expect(((await post.json()) as { error: string }).error).toBe('service_unavailable');
    expect(b.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(dropped).toBe(2);
  });
});

/**
 * A hung replica (a stopped or deadlocked process: the kernel still accepts its connections, nothing
 * answers). Without an upstream timeout undici waits 300 s for the headers: a hang to the browser.
 */
describe('a replica that accepts the connection and never answers', () => {
  let upstreams: Upstreams;
  let b: FakeUpstream;
  let hung: net.Server;
  let gw: TestGateway;
  let alone: TestGateway;
  const sockets = new Set<net.Socket>();
  let received = 0;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    b = await startUpstream('picks-scoring', upstreams.verifier);
    hung = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('data', () => (received += 1));
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const hungUrl = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
    gw = await startGateway(upstreams, { env: { PICKS_SCORING_URL: `${hungUrl},${b.url}`, UPSTREAM_TIMEOUT_MS: '300' } });
    gw.identity.sessions.set('alice-session', sessionUser('alice'));
    alone = await startGateway(upstreams, { env: { PICKS_SCORING_URL: hungUrl, UPSTREAM_TIMEOUT_MS: '300' } });
    alone.identity.sessions.set('alice-session', sessionUser('alice'));
  });
  afterAll(async () => {
    await gw?.close();
    await alone?.close();
    await b?.close();
    sockets.forEach((s) => s.destroy());
    await new Promise((resolve) => hung?.close(resolve));
    await upstreams?.close();
  });

  it('should answer 503 in the one error shape once the upstream timeout passes, never hang', async () => {
    const res = await alone.fetch('/api/pools/p-1/weeks/1/live-leaderboard', { headers: cookie('alice-session'), signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'service_unavailable', message: 'The picks-scoring service is unavailable. Please try again shortly.' });
  });

  it('should send a GET on to the next replica after the timeout, and answer a POST 503 rather than risk doing it twice', async () => {
    b.calls.length = 0;
    const before = received;
    // Turns: (hung -> b), b, hung.
    expect((await gw.fetch('/api/pools/p-1/weeks/1/live-leaderboard', { headers: cookie('alice-session'), signal: AbortSignal.timeout(10_000) })).status).toBe(
      200,
    );
    expect((await gw.fetch('/api/pools/p-2/weeks/1/live-leaderboard', { headers: cookie('alice-session'), signal: AbortSignal.timeout(10_000) })).status).toBe(
      200,
    );
    const post = await gw.fetch('/api/picks/batch', {
      method: 'POST',
      headers: { ...cookie('alice-session'), 'content-type': 'application/json' },
      body: '{"weekId":"2025:1","picks":[]}',
      signal: AbortSignal.timeout(10_000),
    });
    expect(post.status).toBe(503);
    expect(((await post.json()) as { error: string }).error).toBe('service_unavailable');
    expect(b.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/pools/p-1/weeks/1/live-leaderboard', 'GET /api/pools/p-2/weeks/1/live-leaderboard']);
    expect(received - before).toBeGreaterThanOrEqual(2);
  });
});

/** A picks-scoring stand-in whose live stream the test drives: heartbeats on a timer, events on demand. */
async function streamingUpstream(heartbeatMs: number) {
  const app: FastifyInstance = Fastify({ logger: false });
  const open = new Set<{ write(s: string): void }>();
  let closedByClient = 0;
  app.get(picksEndpoints.liveLeaderboardStream.path, (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    reply.raw.write('retry: 2000\n\n');
    const conn = { write: (s: string) => void reply.raw.write(s) };
    open.add(conn);
    const timer = setInterval(() => reply.raw.write(': heartbeat\n\n'), heartbeatMs);
    request.raw.socket.on('close', () => {
      clearInterval(timer);
      open.delete(conn);
      closedByClient += 1;
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    send: (data: unknown) => open.forEach((c) => c.write(`id: v1\ndata: ${JSON.stringify(data)}\n\n`)),
    get open() {
      return open.size;
    },
    get closedByClient() {
      return closedByClient;
    },
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}

describe('event streams through the gateway', () => {
  let upstreams: Upstreams;
  const opened: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    upstreams = await startUpstreams();
  });
  afterEach(async () => {
    for (const o of opened.splice(0)) await o.close();
  });
  afterAll(async () => {
    await upstreams?.close();
  });

  /**
   * A streaming upstream and a gateway in front of it, of the test's own: the counts of open and
   * closed streams are this test's alone. Closed after the test.
   */
  async function streamsThroughGateway() {
    const upstream = await streamingUpstream(50);
    opened.push(upstream);
    const gw = await startGateway(upstreams, { env: { PICKS_SCORING_URL: upstream.url } });
    opened.push(gw);
    gw.identity.sessions.set('alice-session', sessionUser('alice'));
    return { upstream, gw };
  }

  it('should pass a long stream through unbuffered and uncompressed, past many heartbeats, and close the upstream when the browser goes', async () => {
    const { upstream, gw } = await streamsThroughGateway();
    const res = await gw.fetch('/api/pools/p-1/weeks/1/live-leaderboard/stream', { headers: { ...cookie('alice-session'), 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = readEventStream(res);
    expect(await reader.next()).toEqual({ kind: 'retry', ms: 2000 });
    for (let i = 0; i < 20; i++) expect(await reader.next()).toEqual({ kind: 'comment', text: 'heartbeat' });
    upstream.send({ type: 'patch', n: 1 });
    expect(await reader.nextEvent()).toEqual({ id: 'v1', data: { type: 'patch', n: 1 } });

    expect(upstream.open).toBe(1);
    await reader.close();
    await vi.waitFor(() => expect(upstream.closedByClient).toBe(1));
    expect(upstream.open).toBe(0);
  });

  it('should hold more streams to one upstream than undici pools by default (128)', async () => {
    const { upstream, gw } = await streamsThroughGateway();
    const readers = [];
    for (let i = 0; i < 150; i++) {
      const res = await gw.fetch('/api/pools/p-2/weeks/1/live-leaderboard/stream', { headers: cookie('alice-session') });
      expect(res.status).toBe(200);
      readers.push(readEventStream(res));
    }
    await vi.waitFor(() => expect(upstream.open).toBe(150));
    upstream.send({ type: 'patch', n: 2 });
    for (const r of readers) expect((await r.nextEvent()).data).toEqual({ type: 'patch', n: 2 });
    await Promise.all(readers.map((r) => r.close()));
  });
});
