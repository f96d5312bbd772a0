import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@powerpool/service-kit';
import { poolAssignments, poolNames, type PoolAssignmentRow } from './schema.js';

export interface MembershipSnapshot {
  poolId: string;
  userId: string;
  poolName: string;
  isActive: boolean;
  /** Time of the change the event reports. */
  updatedAt: Date;
}

/**
 * identity's copy of pool memberships (SQL only). Every write keeps the newest `updatedAt`, so
 * repeated or late events are harmless; a removal wins a tie with a join of the same instant.
 * Pool names are kept per pool (pool_names), newest by when the name was read: a member event
 * older than a rename never brings the old name back, whichever arrives first.
 */
export function createPoolAssignmentsStore(db: Db) {
  async function nameSeen(poolId: string, name: string, at: Date): Promise<void> {
    await db
      .insert(poolNames)
      .values({ poolId, name, nameAt: at })
      .onConflictDoUpdate({ target: poolNames.poolId, set: { name, nameAt: at }, setWhere: sql`${poolNames.nameAt} < excluded.name_at` });
  }

  async function write(m: MembershipSnapshot, { removed }: { removed: boolean }): Promise<void> {
    await nameSeen(m.poolId, m.poolName, m.updatedAt);
    await db
      .insert(poolAssignments)
      .values({ ...m, removed })
      .onConflictDoUpdate({
        target: [poolAssignments.poolId, poolAssignments.userId],
        set: { poolName: m.poolName, isActive: m.isActive, removed, updatedAt: m.updatedAt },
        setWhere: removed ? sql`${poolAssignments.updatedAt} <= excluded.updated_at` : sql`${poolAssignments.updatedAt} < excluded.updated_at`,
      });
  }

  return {
    upsertMembership: (m: MembershipSnapshot) => write(m, { removed: false }),
    removeMembership: (m: MembershipSnapshot) => write(m, { removed: true }),

    /** A pool's name as of `at` (the pool's updatedAt): kept unless a newer one is known. */
    async renamePool(poolId: string, poolName: string, at: Date): Promise<void> {
      await nameSeen(poolId, poolName, at);
    },

    /** Tombstone every membership of a deleted pool as of `at`. */
    async removePool(poolId: string, at: Date): Promise<void> {
      await db
        .update(poolAssignments)
        .set({ removed: true, updatedAt: sql`greatest(${poolAssignments.updatedAt}, ${at.toISOString()}::timestamptz)` })
        .where(eq(poolAssignments.poolId, poolId));
    },

    /** Current (not removed) memberships of every user, by pool name. */
    async listCurrent(): Promise<PoolAssignmentRow[]> {
      const poolName = sql<string>`coalesce(${poolNames.name}, ${poolAssignments.poolName})`;
      return db
        .select({
          poolId: poolAssignments.poolId,
          userId: poolAssignments.userId,
          poolName,
          isActive: poolAssignments.isActive,
          removed: poolAssignments.removed,
          updatedAt: poolAssignments.updatedAt,
        })
        .from(poolAssignments)
        .leftJoin(poolNames, eq(poolNames.poolId, poolAssignments.poolId))
        .where(eq(poolAssignments.removed, false))
        .orderBy(asc(poolName), asc(poolAssignments.poolId));
    },
  };
}
