import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSkipReason } from '@powerpool/testing';
import { buildInvitation, buildPool, call, eventSeen, person, startPools, type Person, type PoolsHarness } from './helpers.js';

const skip = await integrationSkipReason();
const DAY_MS = 24 * 3_600_000;

describe.skipIf(skip)('pool members', () => {
  let h: PoolsHarness;
  let commissioner: Person;
  let otherCommissioner: Person;
  let admin: Person;
  let member: Person;
  let outsider: Person;
  let poolId: string;

  async function join(who: Person, pool = poolId): Promise<void> {
    const inv = await buildInvitation(h, commissioner, pool);
    const res = await call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: who });
    if (res.statusCode !== 200) throw new Error(`join answered ${res.statusCode}: ${res.body}`);
  }

  beforeAll(async () => {
    h = await startPools();
    commissioner = await person(h, { role: 'pool_commissioner', name: 'Casey Commish' });
    otherCommissioner = await person(h, { role: 'pool_commissioner', name: 'Other Commish' });
    admin = await person(h, { role: 'super_admin', name: 'Ada Admin' });
    member = await person(h, { role: 'user', name: 'Mel Member' });
    outsider = await person(h, { role: 'user', name: 'Olly Outsider' });
    poolId = (await buildPool(h, commissioner)).id;
    await join(member);
  });
  afterAll(async () => h?.close());

  it('should list member details with names from identity when the commissioner asks', async () => {
    const res = await call(h, { method: 'GET', url: `/api/pools/${poolId}/members/details`, who: commissioner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: commissioner.id, role: 'admin', userRole: 'pool_commissioner', email: commissioner.email }),
        expect.objectContaining({
          userId: member.id,
          email: member.email,
          displayName: 'Mel Member',
          name: 'Mel Member',
          firstName: null,
          lastName: null,
          profileImageUrl: null,
          role: 'member',
          isActive: true,
          hasPaid: false,
          paymentNotes: null,
          notes: null,
          lastActive: expect.any(String),
        }),
      ]),
    );
  });

  it('should count members for the stat cards when the commissioner asks for stats', async () => {
    const pool = await buildPool(h, commissioner);
    const a = await person(h, { role: 'user', name: 'Stat A' });
    const b = await person(h, { role: 'user', name: 'Stat B' });
    await join(a, pool.id);
    await join(b, pool.id);
    await call(h, { method: 'PATCH', url: `/api/pools/${pool.id}/members/${a.id}`, who: commissioner, payload: { isActive: false, hasPaid: true } });
    const res = await call(h, { method: 'GET', url: `/api/pools/${pool.id}/members/stats`, who: commissioner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalMembers: 3, activeMembers: 2, inactiveMembers: 1, recentJoins: 3, membersWithPayment: 1, adminCount: 1, memberCount: 2 });
    h.clock.now = new Date(h.clock.now.getTime() + 31 * DAY_MS);
    try {
      expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}/members/stats`, who: commissioner })).json().recentJoins).toBe(0);
    } finally {
      h.clock.now = new Date();
    }
  });

  it('should update the four member fields and announce the change when the commissioner patches a member', async () => {
    // A member of its own: the shared member's fields are read by the other tests.
    const member = await person(h, { role: 'user', name: 'Pat Patched' });
    await join(member);
    const res = await call(h, {
      method: 'PATCH',
      url: `/api/pools/${poolId}/members/${member.id}`,
      who: commissioner,
      payload: {
        hasPaid: true,
        paymentNotes: ' Venmo ',
        notes: 'early bird',
        isActive: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: member.id, hasPaid: true, paymentNotes: 'Venmo', notes: 'early bird', isActive: true });
    await eventSeen(h, 'pools.member.updated', (d) => d.member.userId === member.id && d.member.hasPaid === true && d.member.paymentNotes === 'Venmo');
    const only = await call(h, { method: 'PATCH', url: `/api/pools/${poolId}/members/${member.id}`, who: admin, payload: { hasPaid: false } });
    expect(only.json()).toMatchObject({ hasPaid: false, paymentNotes: 'Venmo' });
  });

  it('should answer 400 when the patch is empty or carries unknown fields', async () => {
    const empty = await call(h, { method: 'PATCH', url: `/api/pools/${poolId}/members/${member.id}`, who: commissioner, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('validation_failed');
    const extra = await call(h, { method: 'PATCH', url: `/api/pools/${poolId}/members/${member.id}`, who: commissioner, payload: { role: 'admin' } });
    expect(extra.statusCode).toBe(400);
  });

  it('should answer 404 when the user is not a member of the pool', async () => {
    const res = await call(h, { method: 'PATCH', url: `/api/pools/${poolId}/members/${outsider.id}`, who: commissioner, payload: { hasPaid: true } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('member_not_found');
  });

  it('should hide the pool from a member and the short list when the member is made inactive', async () => {
    const pool = await buildPool(h, commissioner);
    const benched = await person(h, { role: 'user', name: 'Benny Benched' });
    await join(benched, pool.id);
    await call(h, { method: 'PATCH', url: `/api/pools/${pool.id}/members/${benched.id}`, who: commissioner, payload: { isActive: false } });
    expect((await call(h, { method: 'GET', url: '/api/user/pools', who: benched })).json().map((p: { id: string }) => p.id)).not.toContain(pool.id);
    expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}`, who: benched })).statusCode).toBe(403);
    const short = (await call(h, { method: 'GET', url: `/api/pools/${pool.id}/members`, who: commissioner })).json();
    expect(short.map((m: { userId: string }) => m.userId)).toEqual([commissioner.id]);
  });

  it('should remove and announce a member, and refuse with 409, when the commissioner removes a member or themselves', async () => {
    const pool = await buildPool(h, commissioner);
    const leaving = await person(h, { role: 'user', name: 'Lee Leaving' });
    await join(leaving, pool.id);
    const res = await call(h, { method: 'DELETE', url: `/api/pools/${pool.id}/members/remove/${leaving.id}`, who: commissioner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ poolId: pool.id, userId: leaving.id });
    await eventSeen(h, 'pools.member.removed', (d) => d.member.userId === leaving.id && d.member.poolId === pool.id);
    expect((await call(h, { method: 'GET', url: '/api/user/pools', who: leaving })).json()).toEqual([]);
    expect((await call(h, { method: 'DELETE', url: `/api/pools/${pool.id}/members/remove/${leaving.id}`, who: commissioner })).statusCode).toBe(404);
    const self = await call(h, { method: 'DELETE', url: `/api/pools/${pool.id}/members/remove/${commissioner.id}`, who: admin });
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe('cannot_remove_commissioner');
  });

  it('should show the short member list with names only when a member asks and answer 403 when an outsider asks', async () => {
    const res = await call(h, { method: 'GET', url: `/api/pools/${poolId}/members`, who: member });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ userId: member.id, displayName: 'Mel Member' });
    expect(res.json()).toContainEqual({ userId: commissioner.id, displayName: 'Casey Commish' });
    // A player never sees the other members' e-mail addresses (nor their own in this list).
    for (const row of res.json()) expect(Object.keys(row).sort()).toEqual(['displayName', 'userId']);
    expect(res.body).not.toContain('@');
    expect((await call(h, { method: 'GET', url: `/api/pools/${poolId}/members`, who: outsider })).statusCode).toBe(403);
    expect((await call(h, { method: 'GET', url: `/api/pools/${poolId}/members`, who: otherCommissioner })).statusCode).toBe(403);
    expect((await call(h, { method: 'GET', url: `/api/pools/${poolId}/members`, who: admin })).statusCode).toBe(200);
  });

  it("should include e-mail addresses in the short member list when the pool's commissioner or a super admin asks", async () => {
    for (const who of [commissioner, admin]) {
      const res = await call(h, { method: 'GET', url: `/api/pools/${poolId}/members`, who: who });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toContainEqual({ userId: member.id, displayName: 'Mel Member', email: member.email });
      expect(res.json()).toContainEqual({ userId: commissioner.id, displayName: 'Casey Commish', email: commissioner.email });
    }
  });

  it('should answer 403 on every commissioner member call when a member, an outsider or another commissioner calls', async () => {
    for (const who of [member, outsider, otherCommissioner]) {
      expect((await call(h, { method: 'GET', url: `/api/pools/${poolId}/members/details`, who: who })).statusCode).toBe(403);
      expect((await call(h, { method: 'GET', url: `/api/pools/${poolId}/members/stats`, who: who })).statusCode).toBe(403);
      expect((await call(h, { method: 'PATCH', url: `/api/pools/${poolId}/members/${member.id}`, who: who, payload: { hasPaid: true } })).statusCode).toBe(403);
      expect((await call(h, { method: 'DELETE', url: `/api/pools/${poolId}/members/remove/${member.id}`, who: who })).statusCode).toBe(403);
    }
    expect((await call(h, { method: 'GET', url: `/api/pools/${poolId}/members/details`, who: null })).statusCode).toBe(401);
  });
});
