import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, type EventPayload } from '@powerpool/contracts';
import type { BusMessage } from '@powerpool/service-kit';
import { integrationSkipReason } from '@powerpool/testing';
import { resolve, signIn, startIdentity, type IdentityHarness } from './helpers.js';

const skip = await integrationSkipReason();

describe.skipIf(skip)('identity sign-in (OIDC code + PKCE against a real provider)', () => {
  let h: IdentityHarness;
  const registered: Array<EventPayload<'identity.user.registered'>> = [];
  const ended: Array<EventPayload<'identity.session.ended'>> = [];

  beforeAll(async () => {
    h = await startIdentity();
    await h.runtime.bus.subscribe('identity.user.registered', (m: BusMessage<EventPayload<'identity.user.registered'>>) => void registered.push(m.data));
    await h.runtime.bus.subscribe('identity.session.ended', (m: BusMessage<EventPayload<'identity.session.ended'>>) => void ended.push(m.data));
  });
  afterAll(async () => h?.close());

  it('should register a player with role user and their provider names when they sign in the first time', async () => {
    const s = await signIn(h, 'player@powerpool.test');
    expect(s.user).toMatchObject({ email: 'player@powerpool.test', role: 'user' });
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: s.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'player@powerpool.test',
      firstName: 'Pat',
      lastName: 'Player',
      displayName: null,
      name: 'Pat Player',
      role: 'user',
      hasPaid: false,
    });
    await vi.waitFor(() => expect(registered.map((e) => e.user.email)).toContain('player@powerpool.test'));
  });

  it('should give the role from the provider claim when the commissioner signs in the first time', async () => {
    const s = await signIn(h, 'commissioner@powerpool.test');
    expect(s.user.role).toBe('pool_commissioner');
  });

  it('should make the user super_admin when their e-mail is in SUPER_ADMIN_EMAILS', async () => {
    const s = await signIn(h, 'admin@powerpool.test');
    expect(s.user.role).toBe('super_admin');
  });

  it('should create one user only when the same person signs in twice', async () => {
    const a = await signIn(h, 'twice@powerpool.test');
    const b = await signIn(h, 'twice@powerpool.test');
    expect(b.user.id).toBe(a.user.id);
    expect(registered.filter((e) => e.user.email === 'twice@powerpool.test')).toHaveLength(1);
  });

  it('should set an HttpOnly SameSite=Lax session cookie for the whole site when sign-in completes', async () => {
    const s = await signIn(h, 'cookie@powerpool.test');
    const cookie = s.callbackCookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy(); // http public URL; https turns Secure on
    expect(s.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const cleared = s.callbackCookies.find((c) => c.name === 'pp_login');
    expect(cleared?.value).toBe('');
  });

  it('should send the browser back to returnTo when it is a same-origin path', async () => {
    // Not the player: their sign-in is the first one in the test above, whichever runs first.
    const s = await signIn(h, 'traveller@powerpool.test', { returnTo: '/join/abc?x=1' });
    expect(s.location).toBe('/join/abc?x=1');
  });

  it.each(['https://evil.example/steal', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'should ignore returnTo %s when it could leave the site',
    async (returnTo) => {
      const s = await signIn(h, 'traveller@powerpool.test', { returnTo });
      expect(s.location).toBe('/');
    },
  );

  it('should issue a new session id and end the old one when a signed-in browser signs in again', async () => {
    const first = await signIn(h, 'player2@powerpool.test');
    const second = await signIn(h, 'player2@powerpool.test', { previousSessionId: first.sessionId });
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await resolve(h, first.sessionId)).toBeNull();
    expect(await resolve(h, second.sessionId)).toMatchObject({ email: 'player2@powerpool.test' });
  });

  it('should refuse the callback when the browser lacks the login cookie', async () => {
    const anon = await h.runtime.headersFor(null);
    const login = await h.app.inject({ method: 'GET', url: '/api/login', headers: anon });
    const state = new URL(login.headers.location as string).searchParams.get('state');
    const res = await h.app.inject({ method: 'GET', url: `/api/callback?code=forged&state=${state}`, headers: anon });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('This sign-in was started in another browser');
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE && c.value)).toBeUndefined();
  });

  it('should refuse a callback whose state was never issued', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/callback?code=x&state=unknown', headers: await h.runtime.headersFor(null) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('expired or was already used');
  });

  it('should answer 400 naming the field when a signed-out callback carries a NUL in its state or code', async () => {
    const anon = await h.runtime.headersFor(null);
    for (const [query, field] of [
      ['code=x&state=a%00b', 'state'],
      ['code=%00&state=x', 'code'],
    ] as const) {
      const res = await h.app.inject({ method: 'GET', url: `/api/callback?${query}`, headers: { ...anon, cookie: 'pp_login=abc' } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({
        error: 'validation_failed',
        message: `Invalid querystring: ${field} must not contain control characters`,
        details: [{ field, problem: 'must not contain control characters' }],
      });
    }
  });

  it('should answer 400 naming returnTo when it carries a control character', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/login?returnTo=/picks%00', headers: await h.runtime.headersFor(null) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'returnTo', problem: 'must not contain control characters' }]);
  });

  it('should show the cancellation when the provider answers access_denied', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/callback?error=access_denied&state=x', headers: await h.runtime.headersFor(null) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Sign-in was cancelled.');
  });

  it('should answer 401 on /api/auth/user when the caller is signed out', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: await h.runtime.headersFor(null) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('should end the session here and at the provider when the user logs out', async () => {
    const s = await signIn(h, 'leaver@powerpool.test');
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { ...(await h.runtime.headersFor(null)), cookie: `${SESSION_COOKIE}=${s.sessionId}` },
    });
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string);
    expect(to.href.startsWith(h.idp.issuer)).toBe(true);
    expect(to.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/');
    expect(to.searchParams.get('id_token_hint')).toBeTruthy();
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect(await resolve(h, s.sessionId)).toBeNull();
    await vi.waitFor(() => expect(ended.map((e) => e.userId)).toContain(s.user.id));
  });

  it('should go home when a signed-out browser logs out', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/logout', headers: await h.runtime.headersFor(null) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('should expire a session when it has been idle longer than the idle timeout', async () => {
    const s = await signIn(h, 'idle@powerpool.test');
    h.clock.now = new Date(h.clock.now.getTime() + 59 * 60_000);
    expect(await resolve(h, s.sessionId)).not.toBeNull(); // touched: idle timer restarts
    h.clock.now = new Date(h.clock.now.getTime() + 59 * 60_000);
    expect(await resolve(h, s.sessionId)).not.toBeNull();
    h.clock.now = new Date(h.clock.now.getTime() + 61 * 60_000);
    expect(await resolve(h, s.sessionId)).toBeNull();
    h.clock.now = new Date();
  });

  it('should expire a session at the absolute timeout even when it is used', async () => {
    const s = await signIn(h, 'absolute@powerpool.test');
    const start = h.clock.now.getTime();
    // Used every 50 minutes (inside the 60-minute idle timeout) for a whole day.
    for (let t = 50 * 60_000; t < 24 * 3_600_000; t += 50 * 60_000) {
      h.clock.now = new Date(start + t);
      expect(await resolve(h, s.sessionId)).not.toBeNull();
    }
    h.clock.now = new Date(start + 24 * 3_600_000 + 1000);
    expect(await resolve(h, s.sessionId)).toBeNull();
    h.clock.now = new Date();
  });
});
