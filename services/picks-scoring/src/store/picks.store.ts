import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { CONFIDENCE_RANKS } from '@powerpool/contracts';
import type { Db } from '@powerpool/service-kit';
import {
  pickOverrides,
  picks,
  poolMembers,
  weekTiebreakers,
  type MemberRow,
  type OverridePickSnapshot,
  type PickOverrideRow,
  type PickRow,
  type WeekTiebreakerRow,
} from './schema.js';

/**
 * A pick as an override record keeps it: what was picked (OverridePickSnapshot) plus who entered
 * it, when, and its result at that moment, so the record can show the picks as they were.
 */
export interface PickSnapshot extends OverridePickSnapshot {
  id: string;
  enteredBy: string;
  updatedAt: string;
  result: PickRow['result'];
  pointsEarned: number | null;
}

/** An override record with its snapshots typed as stored. */
export type OverrideRecord = Omit<PickOverrideRow, 'picksBefore' | 'picksAfter'> & { picksBefore: PickSnapshot[]; picksAfter: PickSnapshot[] };

/** A player's picks of a pool week. */
export interface PickOwner {
  poolId: string;
  userId: string;
  year: number;
  weekNumber: number;
}

const ofOwner = (o: PickOwner) => and(eq(picks.poolId, o.poolId), eq(picks.userId, o.userId), eq(picks.year, o.year), eq(picks.weekNumber, o.weekNumber));

const ofTiebreakerOwner = (o: PickOwner) =>
  and(
    eq(weekTiebreakers.poolId, o.poolId),
    eq(weekTiebreakers.userId, o.userId),
    eq(weekTiebreakers.year, o.year),
    eq(weekTiebreakers.weekNumber, o.weekNumber),
  );

/** Picks and commissioner overrides: the rows picks-scoring owns for players' choices. */
export function createPickStore(db: Db) {
  return {
    /**
     * The member row of `userId` in the pool, locked for update: every write of one player's
     * picks in a pool takes it first, so two saves (or a save and an override) of the same player
     * never interleave their delete and insert.
     */
    async lockMember(poolId: string, userId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select()
        .from(poolMembers)
        .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.userId, userId)))
        .for('update');
      return row;
    },

    async picksOf(owner: PickOwner): Promise<PickRow[]> {
      return db.select().from(picks).where(ofOwner(owner));
    },

    /** A player's tiebreaker prediction of a pool week, if any. */
    async tiebreakerOf(owner: PickOwner): Promise<WeekTiebreakerRow | undefined> {
      const [row] = await db.select().from(weekTiebreakers).where(ofTiebreakerOwner(owner));
      return row;
    },

    /** Every tiebreaker prediction of a pool week (all players). */
    async tiebreakersOfWeek(poolId: string, year: number, weekNumber: number): Promise<WeekTiebreakerRow[]> {
      return db
        .select()
        .from(weekTiebreakers)
        .where(and(eq(weekTiebreakers.poolId, poolId), eq(weekTiebreakers.year, year), eq(weekTiebreakers.weekNumber, weekNumber)));
    },

    /** Replace a player's tiebreaker prediction of a pool week (null: none). Inside the write that replaces their picks. */
    async replaceTiebreaker(owner: PickOwner, row: WeekTiebreakerRow | null): Promise<void> {
      await db.delete(weekTiebreakers).where(ofTiebreakerOwner(owner));
      if (row) await db.insert(weekTiebreakers).values(row);
    },

    /** Every pick of a pool week (all players). */
    async picksOfWeek(poolId: string, year: number, weekNumber: number): Promise<PickRow[]> {
      return db
        .select()
        .from(picks)
        .where(and(eq(picks.poolId, poolId), eq(picks.year, year), eq(picks.weekNumber, weekNumber)));
    },

    /**
     * Each player's latest save of a pool week: how many picks it holds and when it was made (a save
     * replaces every pick of the player's week with rows of one `updatedAt`, the save's time).
     */
    async latestSavesOfWeek(poolId: string, year: number, weekNumber: number): Promise<Array<{ userId: string; pickCount: number; savedAt: Date }>> {
      return db
        .select({ userId: picks.userId, pickCount: sql<number>`count(*)::int`, savedAt: sql<Date>`max(${picks.updatedAt})`.mapWith(picks.updatedAt) })
        .from(picks)
        .where(and(eq(picks.poolId, poolId), eq(picks.year, year), eq(picks.weekNumber, weekNumber)))
        .groupBy(picks.userId)
        .orderBy(picks.userId);
    },

    /** Replace a player's picks of a pool week by `rows` (call inside a write, after lockMember). */
    async replacePicks(owner: PickOwner, rows: PickRow[]): Promise<void> {
      await db.delete(picks).where(ofOwner(owner));
      if (rows.length) await db.insert(picks).values(rows);
    },

    /** How many of the pool's active members have all three confidence picks of the week. */
    async completedUsers(poolId: string, year: number, weekNumber: number): Promise<number> {
      const complete = db
        .select({ userId: picks.userId })
        .from(picks)
        .where(and(eq(picks.poolId, poolId), eq(picks.year, year), eq(picks.weekNumber, weekNumber), inArray(picks.confidenceRank, [...CONFIDENCE_RANKS])))
        .groupBy(picks.userId)
        .having(sql`count(distinct ${picks.confidenceRank}) = ${CONFIDENCE_RANKS.length}`);
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(poolMembers)
        .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.isActive, true), inArray(poolMembers.userId, complete)));
      return row?.n ?? 0;
    },

    async insertOverride(row: OverrideRecord): Promise<void> {
      await db.insert(pickOverrides).values(row);
    },

    /** The overrides of a pool week, newest first. */
    async overridesOf(poolId: string, year: number, weekNumber: number): Promise<OverrideRecord[]> {
      const rows = await db
        .select()
        .from(pickOverrides)
        .where(and(eq(pickOverrides.poolId, poolId), eq(pickOverrides.year, year), eq(pickOverrides.weekNumber, weekNumber)))
        .orderBy(desc(pickOverrides.at), desc(pickOverrides.id));
      return rows as OverrideRecord[];
    },
  };
}
