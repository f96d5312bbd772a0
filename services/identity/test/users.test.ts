import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventPayload } from '@powerpool/contracts';
import type { BusMessage } from '@powerpool/service-kit';
import { integrationSkipReason } from '@powerpool/testing';
import { resolve, signIn as signInThrough, startIdentity, type IdentityHarness, type SignedIn } from './helpers.js';

const skip = await integrationSkipReason();

describe.skipIf(skip)('identity profile and super admin user calls', () => {
  let h: IdentityHarness;
  let player: SignedIn;
  let commissioner: SignedIn;
  let admin: SignedIn;
  const events: Array<{ subject: string; data: EventPayload<'identity.user.profile-changed'> }> = [];
  // Everyone who signed in to this harness: the user list holds exactly them, whichever tests ran first.
  const signedInEmails = new Set<string>();
  const signIn = async (harness: IdentityHarness, email: string) => {
    const s = await signInThrough(harness, email);
    signedInEmails.add(email);
    return s;
  };

  beforeAll(async () => {
    h = await startIdentity();
    await h.runtime.bus.subscribe(
      'identity.user.*',
      (m: BusMessage<EventPayload<'identity.user.profile-changed'>>) => void events.push({ subject: m.subject, data: m.data }),
    );
    player = await signIn(h, 'player@powerpool.test');
    commissioner = await signIn(h, 'commissioner@powerpool.test');
    admin = await signIn(h, 'admin@powerpool.test');
  });
  afterAll(async () => h?.close());

  const put = (url: string, headers: Record<string, string>, payload: unknown) => h.app.inject({ method: 'PUT', url, headers, payload: payload as object });

  describe('PUT /api/user/profile', () => {
    it('should save the trimmed names and announce the change when the display name is valid', async () => {
      const res = await put('/api/user/profile', player.headers, { displayName: '  Pat the Picker  ', firstName: ' Pat ', lastName: '' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        displayName: 'Pat the Picker',
        firstName: 'Pat',
        lastName: null,
        name: 'Pat the Picker',
        email: 'player@powerpool.test',
      });
      const me = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: player.headers });
      expect(me.json().name).toBe('Pat the Picker');
      await vi.waitFor(() =>
        expect(events.some((e) => e.subject === 'identity.user.profile-changed' && e.data.user.displayName === 'Pat the Picker')).toBe(true),
      );
    });

    it.each([
      [{ displayName: '   ' }, 'displayName', 'is required'],
      [{ firstName: 'Pat' }, 'displayName', 'is required'],
      [{ displayName: 'x'.repeat(61) }, 'displayName', 'must be at most 60 characters'],
      [{ displayName: 'Pat', lastName: 'y'.repeat(61) }, 'lastName', 'must be at most 60 characters'],
    ])('should answer 400 naming the field when the body is %j', async (body, field, problem) => {
      const res = await put('/api/user/profile', player.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', details: [{ field, problem }] });
      expect(res.json().message).toContain(field);
    });

    it('should refuse to change the e-mail when the body carries one', async () => {
      const res = await put('/api/user/profile', player.headers, { displayName: 'Pat', email: 'new@evil.example' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation_failed');
      const me = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: player.headers });
      expect(me.json().email).toBe('player@powerpool.test');
    });

    it('should answer 400 when the body is not JSON', async () => {
      const res = await h.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: { ...player.headers, 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request' });
    });

    it('should answer 400 naming the field when a name carries a NUL or a line break', async () => {
      for (const [body, field] of [
        [{ displayName: 'Pat\u0000' }, 'displayName'],
        [{ displayName: 'Pat', firstName: '\u0000' }, 'firstName'],
        [{ displayName: 'Pat', lastName: 'a\u0000b' }, 'lastName'],
        [{ displayName: 'Pat\nPicker' }, 'displayName'],
      ] as const) {
        const res = await put('/api/user/profile', player.headers, body);
        expect(res.statusCode, field).toBe(400);
        expect(res.json(), field).toEqual({
          error: 'validation_failed',
          message: `Invalid body: ${field} must not contain control characters`,
          details: [{ field, problem: 'must not contain control characters' }],
        });
      }
    });

    it('should answer 401 when the caller is signed out', async () => {
      const res = await put('/api/user/profile', await h.runtime.headersFor(null), { displayName: 'Ghost' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('super admin calls', () => {
    const calls = () =>
      [
        ['GET', '/api/admin/users/global', undefined],
        ['PUT', `/api/admin/users/${player.user.id}/role`, { role: 'super_admin' }],
        ['GET', '/api/admin/users/payments', undefined],
        ['PUT', `/api/admin/users/${player.user.id}/payment`, { hasPaid: true }],
      ] as const;

    it('should answer 403 to a player and a commissioner on every super admin call', async () => {
      for (const who of [player, commissioner]) {
        for (const [method, url, payload] of calls()) {
          const res = await h.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
          expect(res.statusCode, `${who.user.email} ${method} ${url}`).toBe(403);
          expect(res.json()).toMatchObject({ error: 'forbidden' });
        }
      }
      expect(await resolve(h, player.sessionId)).toMatchObject({ role: 'user' });
    });

    it('should answer 401 to a signed-out caller on every super admin call', async () => {
      for (const [method, url, payload] of calls()) {
        const res = await h.app.inject({ method, url, headers: await h.runtime.headersFor(null), ...(payload ? { payload } : {}) });
        expect(res.statusCode).toBe(401);
      }
    });

    it('should list every user with displayed name and pool assignments when a super admin asks', async () => {
      const res = await h.app.inject({ method: 'GET', url: '/api/admin/users/global', headers: admin.headers });
      expect(res.statusCode).toBe(200);
      const users = res.json<Array<{ email: string; name: string; role: string; poolAssignments: unknown[] }>>();
      expect(users.map((u) => u.email).sort()).toEqual([...signedInEmails].sort());
      expect(users.map((u) => u.email)).toEqual(expect.arrayContaining(['admin@powerpool.test', 'commissioner@powerpool.test', 'player@powerpool.test']));
      expect(users.find((u) => u.email === 'commissioner@powerpool.test')).toMatchObject({
        name: 'Chris Commissioner',
        role: 'pool_commissioner',
        poolAssignments: [],
      });
    });

    it('should change a role, take effect on the next session lookup and announce it', async () => {
      const res = await put(`/api/admin/users/${player.user.id}/role`, admin.headers, { role: 'pool_commissioner' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: player.user.id, role: 'pool_commissioner' });
      expect(await resolve(h, player.sessionId)).toMatchObject({ role: 'pool_commissioner' });
      await vi.waitFor(() => expect(events.some((e) => e.subject === 'identity.user.role-changed' && e.data.user.id === player.user.id)).toBe(true));
      await put(`/api/admin/users/${player.user.id}/role`, admin.headers, { role: 'user' });
    });

    it('should refuse when a super admin changes their own role', async () => {
      const res = await put(`/api/admin/users/${admin.user.id}/role`, admin.headers, { role: 'user' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('cannot_change_own_role');
    });

    it('should refuse to demote a super admin who is one by configuration', async () => {
      const other = await signIn(h, 'second-admin@powerpool.test');
      await put(`/api/admin/users/${other.user.id}/role`, admin.headers, { role: 'super_admin' });
      const otherAdmin = await signIn(h, 'second-admin@powerpool.test');
      const res = await put(`/api/admin/users/${admin.user.id}/role`, otherAdmin.headers, { role: 'user' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('configured_super_admin');
    });

    it('should answer 400 naming the field when the role is unknown', async () => {
      const res = await put(`/api/admin/users/${player.user.id}/role`, admin.headers, { role: 'owner' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe('role');
    });

    it('should answer 404 when the user does not exist and 400 when the id is malformed', async () => {
      const missing = await put('/api/admin/users/00000000-0000-4000-8000-000000000000/role', admin.headers, { role: 'user' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'user_not_found', message: 'User not found' });
      const malformed = await put('/api/admin/users/not-a-uuid/role', admin.headers, { role: 'user' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().details[0].field).toBe('userId');
    });

    it('should record payment with notes, keep notes when omitted and clear them when empty', async () => {
      const url = `/api/admin/users/${commissioner.user.id}/payment`;
      const paid = await put(url, admin.headers, { hasPaid: true, notes: '  Venmo 9/1  ' });
      expect(paid.json()).toMatchObject({ hasPaid: true, paymentNotes: 'Venmo 9/1' });
      const kept = await put(url, admin.headers, { hasPaid: false });
      expect(kept.json()).toMatchObject({ hasPaid: false, paymentNotes: 'Venmo 9/1' });
      const cleared = await put(url, admin.headers, { hasPaid: false, notes: '' });
      expect(cleared.json()).toMatchObject({ hasPaid: false, paymentNotes: null });
      const list = await h.app.inject({ method: 'GET', url: '/api/admin/users/payments', headers: admin.headers });
      expect(list.json().find((u: { id: string }) => u.id === commissioner.user.id)).toMatchObject({ hasPaid: false, name: 'Chris Commissioner' });
    });

    it('should answer 400 naming the field when payment notes carry a NUL or another control character', async () => {
      for (const notes of ['Venmo\u0000', 'bell\u0007']) {
        const res = await put(`/api/admin/users/${player.user.id}/payment`, admin.headers, { hasPaid: true, notes });
        expect(res.statusCode, JSON.stringify(notes)).toBe(400);
        expect(res.json().details).toEqual([{ field: 'notes', problem: 'must not contain control characters' }]);
      }
      const multiLine = await put(`/api/admin/users/${player.user.id}/payment`, admin.headers, { hasPaid: true, notes: 'Venmo\n\tSept 1' });
      expect(multiLine.statusCode).toBe(200);
      expect(multiLine.json().paymentNotes).toBe('Venmo\n\tSept 1');
    });

    it('should answer 400 when hasPaid is missing', async () => {
      const res = await put(`/api/admin/users/${player.user.id}/payment`, admin.headers, { notes: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toEqual({ field: 'hasPaid', problem: 'must be true or false' });
    });
  });
});
