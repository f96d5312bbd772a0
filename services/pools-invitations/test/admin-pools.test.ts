import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADERS, RPC, type PoolAdminDetails } from '@powerpool/contracts';
import { integrationSkipReason } from '@powerpool/testing';
import {
  announce,
  answerWeeksSummary,
  buildInvitation,
  buildPool,
  call,
  castOf,
  eventSeen,
  person,
  startPools,
  WEEKS_TIMEOUT_MS,
  type Person,
  type PoolsHarness,
} from './helpers.js';

const skip = await integrationSkipReason();

describe.skipIf(skip)('super admin pool calls', () => {
  let h: PoolsHarness;
  let commissioner: Person;
  let otherCommissioner: Person;
  let admin: Person;
  let player: Person;

  beforeAll(async () => {
    h = await startPools();
    ({ commissioner, otherCommissioner, admin, player } = await castOf(h));
  });
  afterAll(async () => h?.close());

  it('should answer 403 on every super admin call when a commissioner or a player calls', async () => {
    const pool = await buildPool(h, commissioner);
    const calls = [
      ['GET', '/api/admin/pools/details', undefined],
      ['GET', '/api/admin/pools/all', undefined],
      ['PUT', `/api/admin/pools/${pool.id}/commissioner`, { userId: otherCommissioner.id }],
      ['DELETE', `/api/admin/pools/${pool.id}`, undefined],
      ['POST', `/api/admin/users/${player.id}/pools/${pool.id}`, undefined],
      ['DELETE', `/api/admin/users/${player.id}/pools/${pool.id}`, undefined],
    ] as const;
    for (const who of [commissioner, player]) {
      for (const [method, url, body] of calls) {
        const res = await call(h, { method, url, who, payload: body });
        expect(res.statusCode, `${who.name} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, body] of calls) expect((await call(h, { method, url, who: null, payload: body })).statusCode).toBe(401);
  });

  it('should list every pool with counts and the commissioner from identity when a super admin asks', async () => {
    const pool = await buildPool(h, commissioner, { poolType: 'test', description: 'counted' });
    const inv = await buildInvitation(h, commissioner, pool.id);
    await call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: player });
    await call(h, { method: 'PATCH', url: `/api/pools/${pool.id}/members/${player.id}`, who: commissioner, payload: { isActive: false } });

    const res = await call(h, { method: 'GET', url: '/api/admin/pools/details', who: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      id: pool.id,
      name: pool.name,
      description: 'counted',
      poolType: 'test',
      isActive: true,
      year: pool.year,
      maxMembers: 50,
      memberCount: 2,
      activeMemberCount: 1,
      commissionerName: 'Casey Commish',
      commissionerEmail: commissioner.email,
      lastActivity: expect.any(String),
      currentWeekState: null,
      poolCommissionerId: commissioner.id,
      createdAt: pool.createdAt,
    });
    const all = await call(h, { method: 'GET', url: '/api/admin/pools/all', who: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toContainEqual(pool);
  });

  describe('current week states from weeks-workflow', () => {
    const cards = async () => {
      const res = await call(h, { method: 'GET', url: '/api/admin/pools/details', who: admin });
      expect(res.statusCode).toBe(200);
      return { res, cards: res.json<PoolAdminDetails[]>() };
    };

    it('should show the current week state of each pool weeks-workflow knows when it answers', async () => {
      const published = await buildPool(h, commissioner);
      const unknown = await buildPool(h, commissioner);
      const weeks = await answerWeeksSummary(h, { [published.id]: { weekNumber: 3, currentWeekState: 'PUBLISHED', publishedGames: 5 } });
      try {
        const { res, cards: list } = await cards();
        expect(list.find((p) => p.id === published.id)?.currentWeekState).toBe('PUBLISHED');
        expect(list.find((p) => p.id === unknown.id)?.currentWeekState).toBeNull();
        // One request for every pool, carrying the call's correlation id.
        expect(weeks.requests).toHaveLength(1);
        expect([...weeks.requests[0]!.poolIds].sort()).toEqual(list.map((p) => p.id).sort());
        expect(weeks.requests[0]!.headers[HEADERS.correlationId]).toBe(res.headers[HEADERS.correlationId]);
      } finally {
        await weeks.stop();
      }
    });

    it('should list the pools without week states and log a warning when weeks-workflow does not answer', async () => {
      const pool = await buildPool(h, commissioner);
      const warn = vi.spyOn(h.runtime.logger, 'warn');
      try {
        const { cards: list } = await cards();
        expect(list.find((p) => p.id === pool.id)).toMatchObject({ currentWeekState: null, memberCount: 1, commissionerName: expect.any(String) });
        expect(list.every((p) => p.currentWeekState === null)).toBe(true);
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ subject: RPC.weeksPoolsSummary }),
          expect.stringContaining('weeks-workflow did not answer'),
        );
      } finally {
        warn.mockRestore();
      }
    });

    it('should list the pools without week states when weeks-workflow answers too late', async () => {
      const pool = await buildPool(h, commissioner);
      const weeks = await answerWeeksSummary(
        h,
        { [pool.id]: { weekNumber: 1, currentWeekState: 'SCORING', publishedGames: 2 } },
        { delayMs: WEEKS_TIMEOUT_MS + 250 },
      );
      const warn = vi.spyOn(h.runtime.logger, 'warn');
      try {
        const { cards: list } = await cards();
        expect(list.find((p) => p.id === pool.id)?.currentWeekState).toBeNull();
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ subject: RPC.weeksPoolsSummary, err: expect.stringContaining(`within ${WEEKS_TIMEOUT_MS} ms`) }),
          expect.any(String),
        );
      } finally {
        warn.mockRestore();
        await weeks.stop();
      }
    });

    it('should list the pools without week states and log an error when weeks-workflow answers off contract', async () => {
      const pool = await buildPool(h, commissioner);
      const sub = await h.runtime.bus.handle(RPC.weeksPoolsSummary, async () => ({ pools: [{ poolId: pool.id, currentWeekState: 'SOMEWHERE' }] }), {
        queue: 'weeks-workflow',
      });
      const error = vi.spyOn(h.runtime.logger, 'error');
      try {
        const { cards: list } = await cards();
        expect(list.find((p) => p.id === pool.id)?.currentWeekState).toBeNull();
        expect(error).toHaveBeenCalledWith(
          expect.objectContaining({ subject: RPC.weeksPoolsSummary, issues: expect.any(Array) }),
          expect.stringContaining('invalid reply'),
        );
      } finally {
        error.mockRestore();
        await sub.unsubscribe();
      }
    });
  });

  it('should follow a commissioner renamed in identity when their profile-changed event arrives', async () => {
    const pool = await buildPool(h, otherCommissioner);
    const marker = await person(h, { role: 'pool_commissioner', name: 'Marker Commish' });
    const markerPool = await buildPool(h, marker);
    const commissionerOf = async (poolId: string) =>
      (await call(h, { method: 'GET', url: '/api/admin/pools/details', who: admin }))
        .json<Array<{ id: string; commissionerName: string }>>()
        .find((p) => p.id === poolId)?.commissionerName;
    await announce(h, {
      subject: 'identity.user.profile-changed',
      user: {
        id: otherCommissioner.id,
        email: otherCommissioner.email,
        role: 'pool_commissioner',
        displayName: 'Renamed Commish',
        updatedAt: new Date(Date.now() + 1000).toISOString(),
      },
    });
    // An older snapshot arriving late changes nothing.
    await announce(h, {
      subject: 'identity.user.profile-changed',
      user: {
        id: otherCommissioner.id,
        email: otherCommissioner.email,
        role: 'pool_commissioner',
        displayName: 'Stale Name',
        updatedAt: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    // Marker: a later event on the same subject (one consumer, in order); once it shows, both above were handled.
    await announce(h, {
      subject: 'identity.user.profile-changed',
      user: {
        id: marker.id,
        email: marker.email,
        role: 'pool_commissioner',
        displayName: 'Marker Renamed',
        updatedAt: new Date(Date.now() + 1000).toISOString(),
      },
    });
    await vi.waitFor(async () => expect(await commissionerOf(markerPool.id)).toBe('Marker Renamed'));
    expect(await commissionerOf(pool.id)).toBe('Renamed Commish');
  });

  describe('PUT /api/admin/pools/{poolId}/commissioner', () => {
    it('should hand the pool over, make the new commissioner admin member and announce it when the target is a commissioner', async () => {
      const pool = await buildPool(h, commissioner);
      const res = await call(h, { method: 'PUT', url: `/api/admin/pools/${pool.id}/commissioner`, who: admin, payload: { userId: otherCommissioner.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: pool.id, poolCommissionerId: otherCommissioner.id });
      const members = (await call(h, { method: 'GET', url: `/api/pools/${pool.id}/members/details`, who: otherCommissioner })).json();
      expect(members).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ userId: otherCommissioner.id, role: 'admin' }),
          expect.objectContaining({ userId: commissioner.id, role: 'member' }),
        ]),
      );
      expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}/members/details`, who: commissioner })).statusCode).toBe(403);
      const changed = await eventSeen(h, 'pools.commissioner.changed', (d) => d.pool.id === pool.id);
      expect(changed).toMatchObject({ previousCommissionerId: commissioner.id, pool: { poolCommissionerId: otherCommissioner.id } });
    });

    it('should accept the change when the new commissioner is a super admin', async () => {
      const pool = await buildPool(h, commissioner);
      const res = await call(h, { method: 'PUT', url: `/api/admin/pools/${pool.id}/commissioner`, who: admin, payload: { userId: admin.id } });
      expect(res.statusCode).toBe(200);
    });

    it('should answer 400 not_eligible_commissioner when the user is a plain user', async () => {
      const pool = await buildPool(h, commissioner);
      const res = await call(h, { method: 'PUT', url: `/api/admin/pools/${pool.id}/commissioner`, who: admin, payload: { userId: player.id } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'not_eligible_commissioner', message: expect.stringContaining('pool_commissioner or super_admin') });
    });

    it('should use the role identity announced last when deciding eligibility', async () => {
      const promoted = await person(h, { role: 'user', name: 'Soon Commish' });
      await announce(h, {
        subject: 'identity.user.role-changed',
        user: { id: promoted.id, email: promoted.email, role: 'pool_commissioner', updatedAt: new Date(Date.now() + 1000).toISOString() },
        extra: { previousRole: 'user' },
      });
      const pool = await buildPool(h, commissioner);
      await vi.waitFor(async () => {
        const res = await call(h, { method: 'PUT', url: `/api/admin/pools/${pool.id}/commissioner`, who: admin, payload: { userId: promoted.id } });
        expect(res.statusCode).toBe(200);
      });
    });

    it('should answer 404 or 400 when the user or pool is unknown or the user id is missing', async () => {
      const pool = await buildPool(h, commissioner);
      expect(
        (
          await call(h, {
            method: 'PUT',
            url: `/api/admin/pools/${pool.id}/commissioner`,
            who: admin,
            payload: { userId: '00000000-0000-4000-8000-000000000000' },
          })
        ).json().error,
      ).toBe('user_not_found');
      expect(
        (
          await call(h, {
            method: 'PUT',
            url: `/api/admin/pools/00000000-0000-4000-8000-000000000000/commissioner`,
            who: admin,
            payload: { userId: otherCommissioner.id },
          })
        ).statusCode,
      ).toBe(404);
      const missing = await call(h, { method: 'PUT', url: `/api/admin/pools/${pool.id}/commissioner`, who: admin, payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toEqual([expect.objectContaining({ field: 'userId' })]);
    });
  });

  describe('DELETE /api/admin/pools/{poolId}', () => {
    it('should delete members and invitations, count them and tell the other services when a super admin deletes a pool', async () => {
      const pool = await buildPool(h, commissioner);
      const a = await buildInvitation(h, commissioner, pool.id);
      await buildInvitation(h, commissioner, pool.id);
      await call(h, { method: 'POST', url: `/api/invitations/${a.invitationToken}/use`, who: await person(h, { role: 'user', name: 'Doomed Member' }) });

      const res = await call(h, { method: 'DELETE', url: `/api/admin/pools/${pool.id}`, who: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedMembers: 2, deletedInvitations: 2, deletedGames: 0 });
      const deleted = await eventSeen(h, 'pools.pool.deleted', (d) => d.pool.id === pool.id);
      expect(deleted).toMatchObject({ deletedMembers: 2, deletedInvitations: 2, pool: { id: pool.id, name: pool.name } });
      expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}`, who: admin })).statusCode).toBe(404);
      expect((await call(h, { method: 'GET', url: `/api/invitations/${a.invitationToken}`, who: null })).statusCode).toBe(404);
      expect((await call(h, { method: 'DELETE', url: `/api/admin/pools/${pool.id}`, who: admin })).statusCode).toBe(404);
    });

    it('should report the games weeks-workflow published for the pool, asked before the deletion, when it answers', async () => {
      const pool = await buildPool(h, commissioner);
      const other = await buildPool(h, commissioner);
      const poolThere: boolean[] = [];
      const weeks = await answerWeeksSummary(
        h,
        {
          [pool.id]: { weekNumber: 2, currentWeekState: 'COMPLETE', publishedGames: 7 },
          [other.id]: { weekNumber: 2, currentWeekState: 'SETUP', publishedGames: 3 },
        },
        { before: async ([id]) => void poolThere.push((await h.runtime.database.sql.query('SELECT 1 FROM pools.pools WHERE id = $1', [id])).length === 1) },
      );
      try {
        const res = await call(h, { method: 'DELETE', url: `/api/admin/pools/${pool.id}`, who: admin });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ deletedMembers: 1, deletedInvitations: 0, deletedGames: 7 });
        expect(weeks.requests.map((r) => r.poolIds)).toEqual([[pool.id]]);
        expect(poolThere).toEqual([true]);
        await eventSeen(h, 'pools.pool.deleted', (d) => d.pool.id === pool.id);
        // A pool that is not there (any more) is 404 without asking weeks-workflow.
        expect((await call(h, { method: 'DELETE', url: `/api/admin/pools/${pool.id}`, who: admin })).statusCode).toBe(404);
        expect(weeks.requests).toHaveLength(1);
      } finally {
        await weeks.stop();
      }
    });

    it('should delete the pool with deletedGames 0 and log a warning when weeks-workflow does not answer', async () => {
      const pool = await buildPool(h, commissioner);
      const warn = vi.spyOn(h.runtime.logger, 'warn');
      try {
        const res = await call(h, { method: 'DELETE', url: `/api/admin/pools/${pool.id}`, who: admin });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ deletedMembers: 1, deletedInvitations: 0, deletedGames: 0 });
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ subject: RPC.weeksPoolsSummary, pools: 1 }),
          expect.stringContaining('weeks-workflow did not answer'),
        );
        expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}`, who: admin })).statusCode).toBe(404);
        await eventSeen(h, 'pools.pool.deleted', (d) => d.pool.id === pool.id);
      } finally {
        warn.mockRestore();
      }
    });
  });

  describe('adding users to and removing them from any pool', () => {
    it('should add and remove a member, announcing both, when a super admin manages a known user', async () => {
      const pool = await buildPool(h, otherCommissioner);
      const added = await person(h, { role: 'user', name: 'Added Andy' });
      const res = await call(h, { method: 'POST', url: `/api/admin/users/${added.id}/pools/${pool.id}`, who: admin });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ userId: added.id, role: 'member', name: 'Added Andy' });
      await eventSeen(h, 'pools.member.joined', (d) => d.member.userId === added.id && d.via === 'admin');
      expect((await call(h, { method: 'POST', url: `/api/admin/users/${added.id}/pools/${pool.id}`, who: admin })).json().error).toBe('already_member');

      const removed = await call(h, { method: 'DELETE', url: `/api/admin/users/${added.id}/pools/${pool.id}`, who: admin });
      expect(removed.statusCode).toBe(200);
      await eventSeen(h, 'pools.member.removed', (d) => d.member.userId === added.id && d.member.poolId === pool.id);
      expect((await call(h, { method: 'DELETE', url: `/api/admin/users/${added.id}/pools/${pool.id}`, who: admin })).statusCode).toBe(404);
    });

    it('should answer 404 for a user identity never announced and 409 when the pool is full', async () => {
      const pool = await buildPool(h, commissioner, { maxMembers: 1 });
      expect((await call(h, { method: 'POST', url: `/api/admin/users/00000000-0000-4000-8000-000000000000/pools/${pool.id}`, who: admin })).json().error).toBe(
        'user_not_found',
      );
      const full = await call(h, { method: 'POST', url: `/api/admin/users/${player.id}/pools/${pool.id}`, who: admin });
      expect(full.statusCode).toBe(409);
      expect(full.json().error).toBe('pool_full');
    });
  });
});
