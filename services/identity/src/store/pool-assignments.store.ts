import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@powerpool/service-kit';
import { poolAssignments, type PoolAssignmentRow } from './schema.js';

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
 */
export function createPoolAssignmentsStore(db: Db) {
  async function write(m: MembershipSnapshot, { removed }: { removed: boolean }): Promise<void> {
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

    async renamePool(poolId: string, poolName: string): Promise<void> {
      await db.update(poolAssignments).set({ poolName }).where(eq(poolAssignments.poolId, poolId));
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
      return db.select().from(poolAssignments).where(eq(poolAssignments.removed, false)).orderBy(asc(poolAssignments.poolName), asc(poolAssignments.poolId));
    },
  };
}
