import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashSessionId } from '../src/app.js';
import { cookie, FAKE_SESSION_EXPIRES, sessionUser, startGateway, startUpstreams, userSnapshot, type TestGateway, type Upstreams } from './helpers.js';

let upstreams: Upstreams;
const gateways: TestGateway[] = [];

beforeAll(async () => {
  upstreams = await startUpstreams();
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
  upstreams.reset();
});

afterAll(async () => {
  await upstreams?.close();
});

async function gateway(options: Parameters<typeof startGateway>[1] = {}): Promise<TestGateway> {
  const gw = await startGateway(upstreams, options);
  gateways.push(gw);
  return gw;
}

async function whoAmI(gw: TestGateway, sessionId: string): Promise<{ status: number; role?: string }> {
  upstreams.reset();
  const res = await gw.fetch('/api/auth/user', { headers: cookie(sessionId) });
  await res.arrayBuffer();
  const call = upstreams.calls()[0];
  const identity = call?.identity;
  return { status: res.status, role: identity && 'user' in identity ? identity.user?.role : undefined };
}

describe('session cache', () => {
  it('should ask identity once when the same session calls twice', async () => {
    const gw = await gateway();
    gw.identity.sessions.set('s-1', sessionUser('ann'));
    expect(await whoAmI(gw, 's-1')).toEqual({ status: 200, role: 'user' });
    expect(await whoAmI(gw, 's-1')).toEqual({ status: 200, role: 'user' });
    expect(gw.identity.requests).toBe(1);
  });

  it('should remember a signed-out answer when the session is unknown', async () => {
    const gw = await gateway();
    expect((await whoAmI(gw, 'nobody')).status).toBe(401);
    expect((await whoAmI(gw, 'nobody')).status).toBe(401);
    expect(gw.identity.requests).toBe(1);
  });

  it('should share one lookup when requests of one session arrive together', async () => {
    const gw = await gateway();
    gw.identity.sessions.set('s-2', sessionUser('ben'));
    const replies = await Promise.all(Array.from({ length: 5 }, () => gw.fetch('/api/user/pools', { headers: cookie('s-2') })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await Promise.all(replies.map((r) => r.arrayBuffer()));
    expect(gw.identity.requests).toBe(1);
  });

  it('should ask identity again when a session outlives the cache TTL', async () => {
    let clock = 1_000_000;
    const gw = await gateway({ env: { SESSION_CACHE_TTL_MS: '50' }, now: () => clock });
    gw.identity.sessions.set('s-3', sessionUser('cat'));
    await whoAmI(gw, 's-3');
    clock += 49;
    await whoAmI(gw, 's-3');
    expect(gw.identity.requests).toBe(1);
    clock += 1;
    await whoAmI(gw, 's-3');
    expect(gw.identity.requests).toBe(2);
  });

  it('should drop the session when identity.session.ended names it', async () => {
    const gw = await gateway();
    gw.identity.sessions.set('s-4', sessionUser('dan'));
    gw.identity.sessions.set('s-5', sessionUser('dan'));
    expect((await whoAmI(gw, 's-4')).status).toBe(200);
    expect((await whoAmI(gw, 's-5')).status).toBe(200);

    gw.identity.sessions.delete('s-4');
    await gw.bus.publish('identity.session.ended', { sessionIdHash: hashSessionId('s-4'), userId: 'dan' });
    await vi.waitFor(async () => expect((await whoAmI(gw, 's-4')).status).toBe(401), { timeout: 2000, interval: 20 });
    // The other session of the same user is still cached.
    const before = gw.identity.requests;
    expect((await whoAmI(gw, 's-5')).status).toBe(200);
    expect(gw.identity.requests).toBe(before);
  });

  it('should drop every session of a user when identity.user.role-changed names them', async () => {
    const gw = await gateway();
    gw.identity.sessions.set('s-6', sessionUser('eve'));
    gw.identity.sessions.set('s-7', sessionUser('eve'));
    gw.identity.sessions.set('s-8', sessionUser('fay'));
    for (const s of ['s-6', 's-7', 's-8']) await whoAmI(gw, s);
    expect(gw.identity.requests).toBe(3);

    const promoted = sessionUser('eve', 'pool_commissioner');
    gw.identity.sessions.set('s-6', promoted);
    gw.identity.sessions.set('s-7', promoted);
    await gw.bus.publish('identity.user.role-changed', { user: userSnapshot(promoted), previousRole: 'user' });
    await vi.waitFor(async () => expect(await whoAmI(gw, 's-6')).toEqual({ status: 200, role: 'pool_commissioner' }), { timeout: 2000, interval: 20 });
    expect(await whoAmI(gw, 's-7')).toEqual({ status: 200, role: 'pool_commissioner' });
    expect(gw.identity.requests).toBe(5);
    // fay was not concerned: still answered from the cache.
    await whoAmI(gw, 's-8');
    expect(gw.identity.requests).toBe(5);
  });
});

describe('identity unavailable', () => {
  it('should answer 503 on a session route when identity does not answer', async () => {
    const gw = await gateway({ answerSessions: false });
    const res = await gw.fetch('/api/auth/user', { headers: cookie('s-9') });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'service_unavailable', message: 'The identity service is unavailable. Please try again shortly.' });
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should answer 503, not 429, to session writes while identity does not answer, however many come from one address', async () => {
    const gw = await gateway({ answerSessions: false, env: { RATE_LIMIT_WRITES_PER_MINUTE: '2' } });
    for (let i = 0; i < 4; i++) {
      const res = await gw.fetch('/api/pools', { method: 'POST', headers: { ...cookie(`s-${10 + i}`), 'content-type': 'application/json' }, body: '{}' });
      expect(res.status, `write ${i + 1}`).toBe(503);
      expect(await res.json()).toEqual({ error: 'service_unavailable', message: 'The identity service is unavailable. Please try again shortly.' });
    }
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should continue anonymously on a public route when identity does not answer', async () => {
    const gw = await gateway({ answerSessions: false });
    const res = await gw.fetch('/api/invitations/tok-9', { headers: cookie('s-9') });
    expect(res.status).toBe(200);
    expect(upstreams.calls()[0]?.identity).toMatchObject({ user: null });
  });

  it('should answer 401, not 503, on a session route when no cookie is sent and identity is down', async () => {
    const gw = await gateway({ answerSessions: false });
    const res = await gw.fetch('/api/auth/user');
    expect(res.status).toBe(401);
  });
});

describe('signed-in hint cookie', () => {
  const hintOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('pp_signed_in='));

  it('should set a readable pp_signed_in=1 with the session cookie’s lifetime when sign-in sets the session cookie', async () => {
    const gw = await gateway();
    const res = await gw.fetch('/api/callback?code=c&state=s');
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie()).toContain(`pp_session=new-session; Path=/; Expires=${FAKE_SESSION_EXPIRES}; HttpOnly; SameSite=Lax`);
    const hint = hintOf(res);
    expect(hint).toBe(`pp_signed_in=1; Path=/; Expires=${FAKE_SESSION_EXPIRES}; SameSite=Lax`);
    expect(hint).not.toMatch(/HttpOnly/i);
  });

  it('should clear pp_signed_in when logout clears the session cookie', async () => {
    const gw = await gateway();
    const res = await gw.fetch('/api/logout', { headers: cookie('s-1', '; pp_signed_in=1') });
    expect(res.status).toBe(302);
    expect(hintOf(res)).toMatch(/^pp_signed_in=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; SameSite=Lax$/);
  });

  it('should clear pp_signed_in and still answer 401 when the hint comes with a session that is gone', async () => {
    const gw = await gateway();
    const gone = await gw.fetch('/api/auth/user', { headers: cookie('ended', '; pp_signed_in=1') });
    expect(gone.status).toBe(401);
    expect(hintOf(gone)).toMatch(/^pp_signed_in=; .*Max-Age=0/);
    const noSession = await gw.fetch('/api/auth/user', { headers: { cookie: 'pp_signed_in=1' } });
    expect(noSession.status).toBe(401);
    expect(hintOf(noSession)).toMatch(/^pp_signed_in=; .*Max-Age=0/);
  });

  it('should grant nothing: the hint alone is signed out, and a live session keeps its hint untouched', async () => {
    const gw = await gateway();
    gw.identity.sessions.set('s-2', sessionUser('bea'));
    const live = await gw.fetch('/api/auth/user', { headers: cookie('s-2', '; pp_signed_in=1') });
    expect(live.status).toBe(200);
    expect(hintOf(live)).toBeUndefined();
    const hintOnly = await gw.fetch('/api/user/pools', { headers: { cookie: 'pp_signed_in=1' } });
    expect(hintOnly.status).toBe(401);
  });
});
