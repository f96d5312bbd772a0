import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POOL_MESSAGES } from '@powerpool/contracts';
import { integrationSkipReason } from '@powerpool/testing';
import { announce, buildInvitation, buildPool, call, castOf, eventSeen, person, startPools, type Person, type PoolsHarness } from './helpers.js';

const skip = await integrationSkipReason();
const DAY_MS = 24 * 3_600_000;

describe.skipIf(skip)('invitations', () => {
  let h: PoolsHarness;
  let commissioner: Person;
  let otherCommissioner: Person;
  let admin: Person;
  let player: Person;
  let poolId: string;

  beforeAll(async () => {
    h = await startPools();
    ({ commissioner, otherCommissioner, admin, player } = await castOf(h));
    poolId = (await buildPool(h, commissioner, { name: 'Invite Pool', description: 'Come play' })).id;
  });
  afterAll(async () => h?.close());

  describe('managing invitations', () => {
    it('should create an invitation valid 30 days with an unguessable token when no expiry is given', async () => {
      const res = await call(h, { method: 'POST', url: `/api/pools/${poolId}/invitations`, who: commissioner, payload: {} });
      expect(res.statusCode).toBe(201);
      const inv = res.json();
      expect(inv).toMatchObject({ poolId, notes: null, maxUses: null, currentUses: 0, isActive: true });
      expect(inv.invitationToken).toMatch(/^[A-Za-z0-9_-]{32,}$/);
      expect(Buffer.from(inv.invitationToken, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(new Date(inv.expiresAt).getTime() - h.clock.now.getTime()).toBe(30 * DAY_MS);
    });

    it('should compute expiresAt from daysValid and keep notes and maxUses when given', async () => {
      const res = await call(h, {
        method: 'POST',
        url: `/api/pools/${poolId}/invitations`,
        who: commissioner,
        payload: { daysValid: 7, maxUses: 5, notes: ' family ' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ maxUses: 5, notes: 'family' });
      expect(new Date(res.json().expiresAt).getTime() - h.clock.now.getTime()).toBe(7 * DAY_MS);
    });

    it('should keep the expiry when the screen sends an ISO expiresAt', async () => {
      const expiresAt = new Date(h.clock.now.getTime() + 10 * DAY_MS).toISOString();
      const res = await call(h, {
        method: 'POST',
        url: `/api/pools/${poolId}/invitations`,
        who: commissioner,
        payload: { expiresAt, maxUses: null, notes: null },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().expiresAt).toBe(expiresAt);
    });

    it.each([
      [{ daysValid: 0 }, 'daysValid', POOL_MESSAGES.daysValidPositive],
      [{ daysValid: 366 }, 'daysValid', 'must be at most 365'],
      [{ maxUses: 0 }, 'maxUses', POOL_MESSAGES.maxUsesPositive],
      [{ maxUses: -3 }, 'maxUses', POOL_MESSAGES.maxUsesPositive],
    ])("should answer 400 with the product's text when the body is %j", async (body, field, problem) => {
      const res = await call(h, { method: 'POST', url: `/api/pools/${poolId}/invitations`, who: commissioner, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', details: [{ field, problem }] });
    });

    it('should answer 400 when expiresAt lies in the past', async () => {
      const res = await call(h, {
        method: 'POST',
        url: `/api/pools/${poolId}/invitations`,
        who: commissioner,
        payload: { expiresAt: new Date(h.clock.now.getTime() - 1000).toISOString() },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', details: [{ field: 'expiresAt' }] });
    });

    it('should list, deactivate, reactivate and delete invitations when the commissioner or a super admin asks', async () => {
      const inv = await buildInvitation(h, commissioner, poolId, { notes: 'lifecycle' });
      const list = await call(h, { method: 'GET', url: `/api/pools/${poolId}/invitations`, who: admin });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toContainEqual(expect.objectContaining({ id: inv.id, notes: 'lifecycle', invitationToken: inv.invitationToken }));

      const off = await call(h, { method: 'PUT', url: `/api/invitations/${inv.id}`, who: commissioner, payload: { isActive: false } });
      expect(off.statusCode).toBe(200);
      expect(off.json().isActive).toBe(false);
      const on = await call(h, { method: 'PUT', url: `/api/invitations/${inv.id}`, who: admin, payload: { isActive: true } });
      expect(on.json().isActive).toBe(true);

      const del = await call(h, { method: 'DELETE', url: `/api/invitations/${inv.id}`, who: commissioner });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ id: inv.id });
      expect((await call(h, { method: 'GET', url: `/api/invitations/${inv.invitationToken}`, who: null })).statusCode).toBe(404);
      expect((await call(h, { method: 'DELETE', url: `/api/invitations/${inv.id}`, who: commissioner })).statusCode).toBe(404);
    });

    it('should answer 403 on every invitation call when another commissioner or a player calls', async () => {
      const inv = await buildInvitation(h, commissioner, poolId);
      for (const who of [otherCommissioner, player]) {
        expect((await call(h, { method: 'GET', url: `/api/pools/${poolId}/invitations`, who })).statusCode).toBe(403);
        expect((await call(h, { method: 'POST', url: `/api/pools/${poolId}/invitations`, who, payload: {} })).statusCode).toBe(403);
        expect((await call(h, { method: 'PUT', url: `/api/invitations/${inv.id}`, who, payload: { isActive: false } })).statusCode).toBe(403);
        expect((await call(h, { method: 'DELETE', url: `/api/invitations/${inv.id}`, who })).statusCode).toBe(403);
      }
    });

    it('should answer 400 when the update body is not a boolean', async () => {
      const inv = await buildInvitation(h, commissioner, poolId);
      const res = await call(h, { method: 'PUT', url: `/api/invitations/${inv.id}`, who: commissioner, payload: { isActive: 'no' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ details: [{ field: 'isActive', problem: 'must be true or false' }] });
    });
  });

  describe('GET /api/invitations/{token}', () => {
    it('should show only what the join page needs when anyone asks', async () => {
      const inv = await buildInvitation(h, commissioner, poolId, { maxUses: 3, notes: 'welcome' });
      const res = await call(h, { method: 'GET', url: `/api/invitations/${inv.invitationToken}`, who: null });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['currentUses', 'expiresAt', 'isActive', 'maxUses', 'notes', 'pool', 'poolId', 'status']);
      expect(body).toMatchObject({
        poolId,
        pool: { name: 'Invite Pool', description: 'Come play', year: expect.any(Number), poolType: 'standard' },
        maxUses: 3,
        currentUses: 0,
        isActive: true,
        notes: 'welcome',
        status: 'active',
      });
      expect(Object.keys(body.pool).sort()).toEqual(['description', 'name', 'poolType', 'year']);
    });

    it("should answer 404 with the product's text when the token is unknown", async () => {
      const res = await call(h, { method: 'GET', url: '/api/invitations/no-such-token', who: null });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'invitation_not_found', message: POOL_MESSAGES.invitationNotFound });
    });
  });

  describe('POST /api/invitations/{token}/use', () => {
    it('should join the pool, count the use and announce the member when the invitation is usable', async () => {
      const joiner = await person(h, { role: 'user', name: 'Jo Joiner' });
      const inv = await buildInvitation(h, commissioner, poolId, { maxUses: 2 });
      const res = await call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: joiner });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ poolId, poolName: 'Invite Pool', role: 'member' });
      expect((await call(h, { method: 'GET', url: `/api/invitations/${inv.invitationToken}`, who: null })).json().currentUses).toBe(1);
      expect((await call(h, { method: 'GET', url: '/api/user/pools', who: joiner })).json()).toContainEqual(
        expect.objectContaining({ id: poolId, memberRole: 'member' }),
      );
      expect((await call(h, { method: 'GET', url: `/api/pools/${poolId}`, who: joiner })).statusCode).toBe(200);
      const members = await call(h, { method: 'GET', url: `/api/pools/${poolId}/members`, who: joiner });
      // A player sees names only; the commissioner sees the e-mail too.
      expect(members.json()).toContainEqual({ userId: joiner.id, displayName: 'Jo Joiner' });
      expect((await call(h, { method: 'GET', url: `/api/pools/${poolId}/members`, who: commissioner })).json()).toContainEqual({
        userId: joiner.id,
        displayName: 'Jo Joiner',
        email: joiner.email,
      });
      await eventSeen(h, 'pools.member.joined', (d) => d.member.userId === joiner.id && d.via === 'invitation');
    });

    it("should answer 409 with the product's text when the user is already a member", async () => {
      const joiner = await person(h, { role: 'user', name: 'Twice Joiner' });
      const inv = await buildInvitation(h, commissioner, poolId);
      expect((await call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: joiner })).statusCode).toBe(200);
      const again = await call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: joiner });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'already_member', message: POOL_MESSAGES.alreadyMember });
      expect((await call(h, { method: 'GET', url: `/api/invitations/${inv.invitationToken}`, who: null })).json().currentUses).toBe(1);
    });

    it("should answer 401 with the product's text when the caller is signed out", async () => {
      const inv = await buildInvitation(h, commissioner, poolId);
      const res = await call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: null });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: POOL_MESSAGES.sessionExpired });
    });

    it("should answer 404 with the product's text when the token is unknown", async () => {
      const res = await call(h, { method: 'POST', url: '/api/invitations/unknown-token/use', who: player });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'invitation_not_found', message: POOL_MESSAGES.invitationNotFound });
    });

    it("should answer 410 invitation_limit_reached with the product's text when the uses are spent", async () => {
      const inv = await buildInvitation(h, commissioner, poolId, { maxUses: 1 });
      expect(
        (await call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: await person(h, { role: 'user', name: 'First In' }) }))
          .statusCode,
      ).toBe(200);
      const res = await call(h, {
        method: 'POST',
        url: `/api/invitations/${inv.invitationToken}/use`,
        who: await person(h, { role: 'user', name: 'Too Late' }),
      });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: 'invitation_limit_reached', message: POOL_MESSAGES.invitationLimitReached });
      expect((await call(h, { method: 'GET', url: `/api/invitations/${inv.invitationToken}`, who: null })).json()).toMatchObject({
        currentUses: 1,
        status: 'limit_reached',
      });
    });

    it('should answer 410 invitation_deactivated when the commissioner switched it off', async () => {
      const inv = await buildInvitation(h, commissioner, poolId);
      await call(h, { method: 'PUT', url: `/api/invitations/${inv.id}`, who: commissioner, payload: { isActive: false } });
      const res = await call(h, {
        method: 'POST',
        url: `/api/invitations/${inv.invitationToken}/use`,
        who: await person(h, { role: 'user', name: 'Shut Out' }),
      });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: 'invitation_deactivated', message: POOL_MESSAGES.invitationDeactivated });
      expect((await call(h, { method: 'GET', url: `/api/invitations/${inv.invitationToken}`, who: null })).json().status).toBe('deactivated');
    });

    it('should answer 410 invitation_expired when the expiry has passed', async () => {
      const inv = await buildInvitation(h, commissioner, poolId, { daysValid: 1 });
      const late = await person(h, { role: 'user', name: 'Late Comer' });
      h.clock.now = new Date(h.clock.now.getTime() + DAY_MS + 1000);
      try {
        const res = await call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: late });
        expect(res.statusCode).toBe(410);
        expect(res.json()).toEqual({ error: 'invitation_expired', message: POOL_MESSAGES.invitationExpired });
        expect((await call(h, { method: 'GET', url: `/api/invitations/${inv.invitationToken}`, who: null })).json().status).toBe('expired');
      } finally {
        h.clock.now = new Date();
      }
    });

    it('should answer 409 pool_full when the pool is at maxMembers', async () => {
      const small = await buildPool(h, commissioner, { maxMembers: 2 });
      const inv = await buildInvitation(h, commissioner, small.id);
      expect(
        (await call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: await person(h, { role: 'user', name: 'Second Seat' }) }))
          .statusCode,
      ).toBe(200);
      const res = await call(h, {
        method: 'POST',
        url: `/api/invitations/${inv.invitationToken}/use`,
        who: await person(h, { role: 'user', name: 'Third Wheel' }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'pool_full', message: POOL_MESSAGES.poolFull });
      expect((await call(h, { method: 'GET', url: `/api/invitations/${inv.invitationToken}`, who: null })).json().currentUses).toBe(1);
    });

    it('should let a user identity has not announced yet join and fill in their name when the event arrives', async () => {
      const newcomer = await person(h, { role: 'user', name: 'Quiet Newcomer', announce: false });
      const inv = await buildInvitation(h, commissioner, poolId);
      expect((await call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: newcomer })).statusCode).toBe(200);
      const before = (await call(h, { method: 'GET', url: `/api/pools/${poolId}/members/details`, who: commissioner })).json();
      expect(before).toContainEqual(expect.objectContaining({ userId: newcomer.id, email: newcomer.email, displayName: null }));
      await announce(h, {
        subject: 'identity.user.registered',
        user: {
          id: newcomer.id,
          email: newcomer.email,
          role: 'user',
          displayName: 'Now Named',
          updatedAt: new Date().toISOString(),
        },
      });
      await vi.waitFor(async () => {
        const after = (await call(h, { method: 'GET', url: `/api/pools/${poolId}/members/details`, who: commissioner })).json();
        expect(after).toContainEqual(expect.objectContaining({ userId: newcomer.id, displayName: 'Now Named', name: 'Now Named' }));
      });
    });
  });
});

describe.skipIf(skip)('invitations under concurrency', () => {
  let h: PoolsHarness;

  beforeAll(async () => {
    h = await startPools();
  });
  afterAll(async () => h?.close());

  it('should admit exactly 10 and refuse 40 clearly when 50 people use one invitation limited to 10 at once', async () => {
    const commissioner = await person(h, { role: 'pool_commissioner', name: 'Rush Commish' });
    const pool = await buildPool(h, commissioner, { maxMembers: 1000 });
    const inv = await buildInvitation(h, commissioner, pool.id, { maxUses: 10 });
    const people = await Promise.all(Array.from({ length: 50 }, (_, i) => person(h, { role: 'user', name: `Rusher ${i}`, announce: false })));

    const results = await Promise.all(people.map((p) => call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: p })));

    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    const refusals = results.filter((r) => r.statusCode !== 200);
    expect(refusals).toHaveLength(40);
    for (const r of refusals) {
      expect(r.statusCode).toBe(410);
      expect(r.json()).toEqual({ error: 'invitation_limit_reached', message: POOL_MESSAGES.invitationLimitReached });
    }
    expect((await call(h, { method: 'GET', url: `/api/invitations/${inv.invitationToken}`, who: null })).json()).toMatchObject({
      currentUses: 10,
      maxUses: 10,
    });
    const stats = (await call(h, { method: 'GET', url: `/api/pools/${pool.id}/members/stats`, who: commissioner })).json();
    expect(stats.totalMembers).toBe(11); // the commissioner plus the 10 admitted
  });

  it('should never pass maxMembers when 30 people join a pool of 5 at once through unlimited invitations', async () => {
    const commissioner = await person(h, { role: 'pool_commissioner', name: 'Full Commish' });
    const pool = await buildPool(h, commissioner, { maxMembers: 5 });
    const invs = await Promise.all([1, 2, 3].map(() => buildInvitation(h, commissioner, pool.id)));
    const people = await Promise.all(Array.from({ length: 30 }, (_, i) => person(h, { role: 'user', name: `Crowd ${i}`, announce: false })));
    const results = await Promise.all(people.map((p, i) => call(h, { method: 'POST', url: `/api/invitations/${invs[i % 3]!.invitationToken}/use`, who: p })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 409 && r.json().error === 'pool_full')).toHaveLength(26);
    expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}/members/stats`, who: commissioner })).json().totalMembers).toBe(5);
  });
});
