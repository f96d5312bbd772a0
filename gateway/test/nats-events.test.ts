import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectServiceBus, type Bus } from '@powerpool/service-kit';
import {
  createIsolatedNatsBus,
  natsServerUnavailableReason,
  startNatsServer,
  unavailableReason,
  type PrivateNatsServer,
  type TestBus,
} from '@powerpool/testing';
import { hashSessionId } from '../src/app.js';
import {
  answerSessions,
  cookie,
  sessionUser,
  startGateway,
  startUpstreams,
  userSnapshot,
  type FakeIdentity,
  type TestGateway,
  type Upstreams,
} from './helpers.js';

const skip = await unavailableReason('nats');

/**
 * The production bus: session lookups and evictions over a real NATS server. Two gateway
 * replicas share one identity; an event must reach both (fan-out, not a queue group).
 */
describe.skipIf(skip !== null)('session events over NATS', () => {
  let upstreams: Upstreams;
  let nats: TestBus;
  let identity: FakeIdentity;
  let replicas: TestGateway[];

  beforeAll(async () => {
    upstreams = await startUpstreams();
    nats = await createIsolatedNatsBus('gateway-test');
    identity = await answerSessions(nats.bus);
    replicas = [await startGateway(upstreams, { bus: nats.bus }), await startGateway(upstreams, { bus: nats.bus })];
  });

  afterAll(async () => {
    await Promise.all((replicas ?? []).map((r) => r.close()));
    await nats?.close();
    await upstreams?.close();
  });

  const status = async (gw: TestGateway, sessionId: string) => (await gw.fetch('/api/auth/user', { headers: cookie(sessionId) })).status;

  it('should drop the session on every replica when identity.session.ended is published', async () => {
    identity.sessions.set('n-1', sessionUser('nora'));
    // identity's count of lookups is shared by the file's tests: this test's own are the ones after this.
    const before = identity.requests;
    for (const gw of replicas) expect(await status(gw, 'n-1')).toBe(200);
    for (const gw of replicas) expect(await status(gw, 'n-1')).toBe(200);
    expect(identity.requests).toBe(before + 2);

    identity.sessions.delete('n-1');
    await nats.bus.publish('identity.session.ended', { sessionIdHash: hashSessionId('n-1'), userId: 'nora' });
    for (const gw of replicas) await vi.waitFor(async () => expect(await status(gw, 'n-1')).toBe(401), { timeout: 3000, interval: 25 });
  });

  it('should drop the sessions of a user on every replica when an identity.user event names them', async () => {
    identity.sessions.set('n-2', sessionUser('otto'));
    for (const gw of replicas) expect(await status(gw, 'n-2')).toBe(200);
    const before = identity.requests;

    identity.sessions.delete('n-2');
    await nats.bus.publish('identity.user.profile-changed', { user: userSnapshot(sessionUser('otto')) });
    for (const gw of replicas) await vi.waitFor(async () => expect(await status(gw, 'n-2')).toBe(401), { timeout: 3000, interval: 25 });
    expect(identity.requests).toBeGreaterThanOrEqual(before + 2);
  });
});

/**
 * NATS killed and restarted under the gateway (a private nats-server, so nothing else is touched).
 * The cache's evictions come as plain subscriptions: one sent while the gateway is cut off is lost
 * to it. So when the bus reconnects, every cached session is asked again: here the session ends
 * while NATS is down (its event could never reach the gateway), and the gateway must stop taking
 * it once NATS is back, not when the cache's TTL (60 s in these tests) runs out.
 */
const natsServerSkip = skip ?? (await natsServerUnavailableReason());

describe.skipIf(natsServerSkip !== null)('sessions after the bus reconnects', () => {
  let upstreams: Upstreams;
  let server: PrivateNatsServer;
  let bus: Bus;
  let identity: FakeIdentity;
  let gateway: TestGateway;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    server = await startNatsServer();
    bus = await connectServiceBus({ servers: server.url, name: 'gateway-reconnect-test', namespace: `reconnect${Date.now()}` });
    identity = await answerSessions(bus);
    gateway = await startGateway(upstreams, { bus });
  });

  afterAll(async () => {
    await gateway?.close();
    await bus?.close();
    await server?.stop();
    await upstreams?.close();
  });

  const status = async (sessionId: string) => (await gateway.fetch('/api/auth/user', { headers: cookie(sessionId) })).status;

  it('should ask identity again for a cached session once NATS is back, since an eviction sent meanwhile was lost', { timeout: 60_000 }, async () => {
    identity.sessions.set('r-1', sessionUser('rita'));
    expect(await status('r-1')).toBe(200);
    expect(await status('r-1')).toBe(200);
    expect(identity.requests).toBe(1);

    await server.kill();
    // The session ends while the gateway cannot hear about it; meanwhile the cached answer serves.
    identity.sessions.delete('r-1');
    expect(await status('r-1')).toBe(200);

    await server.restart();
    await vi.waitFor(() => expect(bus.isReady()).toBe(true), { timeout: 20_000 });
    await vi.waitFor(async () => expect(await status('r-1')).toBe(401), { timeout: 10_000, interval: 100 });
    expect(identity.requests).toBeGreaterThanOrEqual(2);
  });
});
