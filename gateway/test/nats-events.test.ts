import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIsolatedNatsBus, unavailableReason, type TestBus } from '@powerpool/testing';
import { hashSessionId } from '../src/app.js';
import { answerSessions, cookie, sessionUser, startGateway, startUpstreams, userSnapshot, type FakeIdentity, type TestGateway, type Upstreams } from './helpers.js';

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
    for (const gw of replicas) expect(await status(gw, 'n-1')).toBe(200);
    for (const gw of replicas) expect(await status(gw, 'n-1')).toBe(200);
    expect(identity.requests).toBe(2);

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
