import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventPayload, MemberEventSnapshot, Pool } from '@powerpool/contracts';
import { integrationSkipReason } from '@powerpool/testing';
import { signIn, startIdentity, type IdentityHarness, type SignedIn } from './helpers.js';

const skip = await integrationSkipReason();

describe.skipIf(skip)('identity pool assignments from pools-invitations events', () => {
  let h: IdentityHarness;
  let admin: SignedIn;
  let player: SignedIn;

  beforeAll(async () => {
    h = await startIdentity();
    admin = await signIn(h, 'admin@powerpool.test');
    player = await signIn(h, 'player@powerpool.test');
  });
  afterAll(async () => h?.close());

  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const member = (poolId: string, poolName: string, updatedAt: string, patch: Partial<MemberEventSnapshot> = {}, who = player): MemberEventSnapshot => ({
    poolId,
    poolName,
    userId: who.user.id,
    role: 'member',
    isActive: true,
    hasPaid: false,
    paymentNotes: null,
    notes: null,
    joinedAt: updatedAt,
    updatedAt,
    ...patch,
  });
  const pool = (id: string, name: string, updatedAt = at(0)): Pool => ({
    id,
    name,
    description: null,
    year: 2025,
    allowsPreseason: false,
    allowsRegularSeason: true,
    allowsPostseason: false,
    maxMembers: 50,
    isPublic: false,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    isActive: true,
    poolType: 'standard',
    createdAt: at(0),
    updatedAt,
    poolCommissionerId: admin.user.id,
    weeklyTiebreaker: 'none',
  });
  const publish = <S extends 'pools.member.joined' | 'pools.member.updated' | 'pools.member.removed' | 'pools.pool.updated' | 'pools.pool.deleted'>(
    subject: S,
    payload: EventPayload<S>,
  ) => h.runtime.bus.publish(subject, payload);
  const assignmentsOfPlayer = async (who = player) => {
    const res = await h.app.inject({ method: 'GET', url: '/api/admin/users/global', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json<Array<{ id: string; poolAssignments: Array<{ poolId: string; poolName: string; isActive: boolean }> }>>().find((u) => u.id === who.user.id)
      ?.poolAssignments;
  };

  it('should list a pool assignment when a member joined event arrives and follow later changes', async () => {
    // A player of its own: the other tests give the shared player pools of their own.
    const joiner = await signIn(h, `joiner-${randomUUID()}@powerpool.test`);
    const poolId = randomUUID();
    await publish('pools.member.joined', { member: member(poolId, 'Alpha Pool', at(0), {}, joiner), via: 'invitation' });
    await vi.waitFor(async () => expect(await assignmentsOfPlayer(joiner)).toEqual([{ poolId, poolName: 'Alpha Pool', isActive: true }]));

    await publish('pools.member.updated', { member: member(poolId, 'Alpha Pool', at(1000), { isActive: false }, joiner) });
    await publish('pools.pool.updated', { pool: pool(poolId, 'Alpha Renamed', at(2000)) });
    await vi.waitFor(async () => expect(await assignmentsOfPlayer(joiner)).toEqual([{ poolId, poolName: 'Alpha Renamed', isActive: false }]));
  });

  it('should keep a rename when a member event read before it arrives after it', async () => {
    // Renames and member events travel on separate consumers: either may come first.
    const poolId = randomUUID();
    await publish('pools.pool.updated', { pool: pool(poolId, 'Delta Renamed', at(2000)) });
    await publish('pools.member.joined', { member: member(poolId, 'Delta Pool', at(1000)), via: 'invitation' });
    await vi.waitFor(async () => expect((await assignmentsOfPlayer())?.map((a) => a.poolId)).toContain(poolId));
    expect((await assignmentsOfPlayer())?.find((a) => a.poolId === poolId)?.poolName).toBe('Delta Renamed');
    // A member event read after the rename carries the new name, and a later rename wins again.
    await publish('pools.member.updated', { member: member(poolId, 'Delta Renamed', at(3000), { isActive: false }) });
    await publish('pools.pool.updated', { pool: pool(poolId, 'Delta Final', at(4000)) });
    await vi.waitFor(async () =>
      expect((await assignmentsOfPlayer())?.find((a) => a.poolId === poolId)).toEqual({ poolId, poolName: 'Delta Final', isActive: false }),
    );
  });

  it('should drop the assignment when the member is removed and ignore an older event arriving late', async () => {
    const poolId = randomUUID();
    await publish('pools.member.joined', { member: member(poolId, 'Beta Pool', at(0)), via: 'admin' });
    await vi.waitFor(async () => expect((await assignmentsOfPlayer())?.map((a) => a.poolId)).toContain(poolId));
    await publish('pools.member.removed', { member: member(poolId, 'Beta Pool', at(2000)) });
    await vi.waitFor(async () => expect((await assignmentsOfPlayer())?.map((a) => a.poolId)).not.toContain(poolId));
    // The removal is in; now an update older than it, then a marker on the same subject (one
    // consumer, in order): once the marker shows, the stale update has been handled.
    await publish('pools.member.updated', { member: member(poolId, 'Beta Pool', at(1000), { hasPaid: true }) });
    const markerPoolId = randomUUID();
    await publish('pools.member.updated', { member: member(markerPoolId, 'Beta Marker', at(0)) });
    await vi.waitFor(async () => expect((await assignmentsOfPlayer())?.map((a) => a.poolId)).toContain(markerPoolId));
    expect((await assignmentsOfPlayer())?.map((a) => a.poolId)).not.toContain(poolId);
  });

  it('should drop every assignment of a pool when the pool deleted event arrives', async () => {
    const poolId = randomUUID();
    await publish('pools.member.joined', { member: member(poolId, 'Gamma Pool', at(0)), via: 'invitation' });
    await vi.waitFor(async () => expect((await assignmentsOfPlayer())?.map((a) => a.poolId)).toContain(poolId));
    await publish('pools.pool.deleted', { pool: pool(poolId, 'Gamma Pool'), deletedAt: at(5000), deletedMembers: 1, deletedInvitations: 0 });
    await vi.waitFor(async () => expect((await assignmentsOfPlayer())?.map((a) => a.poolId)).not.toContain(poolId));
  });
});
