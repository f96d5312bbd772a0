import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '@powerpool/service-kit';
import type { User } from '@powerpool/contracts';
import { invitations, poolMembers, pools, seasons, users, type InvitationRow, type MemberRow, type PoolRow, type SeasonRow, type UserRow } from './schema.js';

/** A member row with what we know of the user (null until identity has told us about them). */
export interface MemberWithUser {
  member: MemberRow;
  user: UserRow | null;
}

export interface PoolActivity {
  poolId: string;
  memberCount: number;
  activeMemberCount: number;
  lastMemberChange: Date | null;
}

const EPOCH = new Date(0);

/**
 * All of pools-invitations' SQL. Pass a transaction (`tx` from `db.transaction`) as `db` to make
 * several calls atomic.
 */
export function createPoolsStore(db: Db) {
  return {
    // ---- users (from identity's events) ----------------------------------------------------

    /** Upsert a snapshot, keeping the newest `updatedAt` (events may repeat or arrive late). */
    async upsertUser(user: User): Promise<void> {
      const values = {
        id: user.id,
        email: user.email,
        displayName: user.displayName,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        updatedAt: new Date(user.updatedAt),
      };
      await db
        .insert(users)
        .values(values)
        .onConflictDoUpdate({
          target: users.id,
          set: {
            email: values.email,
            displayName: values.displayName,
            firstName: values.firstName,
            lastName: values.lastName,
            role: values.role,
            updatedAt: values.updatedAt,
          },
          setWhere: sql`${users.updatedAt} < excluded.updated_at`,
        });
    },

    /**
     * Remember a caller the gateway vouched for before identity's event arrived. Dated at the epoch,
     * so the first real event replaces it.
     */
    async seedUser(user: { id: string; email: string; role: UserRow['role'] }): Promise<void> {
      await db
        .insert(users)
        .values({ ...user, displayName: null, firstName: null, lastName: null, updatedAt: EPOCH })
        .onConflictDoNothing({ target: users.id });
    },

    async findUser(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findUsers(ids: string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids));
    },

    // ---- pools -----------------------------------------------------------------------------

    async findPool(id: string): Promise<PoolRow | undefined> {
      const [row] = await db.select().from(pools).where(eq(pools.id, id));
      return row;
    },

    /** The pool, row-locked until the transaction ends: serialises every change to its members. */
    async lockPool(id: string): Promise<PoolRow | undefined> {
      const [row] = await db.select().from(pools).where(eq(pools.id, id)).for('update');
      return row;
    },

    /** Slugs equal to `base` or `base-<suffix>` (to pick a free one). */
    async slugsLike(base: string): Promise<string[]> {
      const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await db
        .select({ slug: pools.slug })
        .from(pools)
        .where(or(eq(pools.slug, base), like(pools.slug, `${escaped}-%`)));
      return rows.map((r) => r.slug);
    },

    /** Insert; undefined when the slug is already taken (concurrent create). */
    async insertPool(row: PoolRow): Promise<PoolRow | undefined> {
      const [inserted] = await db.insert(pools).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async updatePool(id: string, patch: Partial<Omit<PoolRow, 'id' | 'createdAt'>>): Promise<PoolRow | undefined> {
      const [row] = await db.update(pools).set(patch).where(eq(pools.id, id)).returning();
      return row;
    },

    async listPools(): Promise<PoolRow[]> {
      return db.select().from(pools).orderBy(desc(pools.createdAt), asc(pools.name));
    },

    async listPoolsByCommissioner(userId: string): Promise<PoolRow[]> {
      return db.select().from(pools).where(eq(pools.poolCommissionerId, userId)).orderBy(desc(pools.createdAt), asc(pools.name));
    },

    /** Pools where the user has an active membership, with their pool role. */
    async listPoolsOfUser(userId: string): Promise<Array<{ pool: PoolRow; role: MemberRow['role'] }>> {
      return db
        .select({ pool: pools, role: poolMembers.role })
        .from(poolMembers)
        .innerJoin(pools, eq(pools.id, poolMembers.poolId))
        .where(and(eq(poolMembers.userId, userId), eq(poolMembers.isActive, true)))
        .orderBy(asc(poolMembers.joinedAt), asc(pools.name));
    },

    /** Member counts and the latest membership change of every pool that has members. */
    async poolActivity(): Promise<PoolActivity[]> {
      const rows = await db
        .select({
          poolId: poolMembers.poolId,
          memberCount: sql<number>`count(*)::int`,
          activeMemberCount: sql<number>`(count(*) FILTER (WHERE ${poolMembers.isActive}))::int`,
          lastMemberChange: sql<string | null>`max(${poolMembers.updatedAt})`,
        })
        .from(poolMembers)
        .groupBy(poolMembers.poolId);
      return rows.map((r) => ({ ...r, lastMemberChange: r.lastMemberChange ? new Date(r.lastMemberChange) : null }));
    },

    /** Delete the pool with its members and invitations; the counts of what went. */
    async deletePool(id: string): Promise<{ deletedMembers: number; deletedInvitations: number }> {
      const members = await db.delete(poolMembers).where(eq(poolMembers.poolId, id)).returning({ userId: poolMembers.userId });
      const invs = await db.delete(invitations).where(eq(invitations.poolId, id)).returning({ id: invitations.id });
      await db.delete(pools).where(eq(pools.id, id));
      return { deletedMembers: members.length, deletedInvitations: invs.length };
    },

    // ---- members ---------------------------------------------------------------------------

    async findMember(poolId: string, userId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select()
        .from(poolMembers)
        .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.userId, userId)));
      return row;
    },

    async countMembers(poolId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(poolMembers)
        .where(eq(poolMembers.poolId, poolId));
      return row?.n ?? 0;
    },

    /** Insert; undefined when the user is already a member. */
    async insertMember(row: MemberRow): Promise<MemberRow | undefined> {
      const [inserted] = await db.insert(poolMembers).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async updateMember(poolId: string, userId: string, patch: Partial<Omit<MemberRow, 'poolId' | 'userId' | 'joinedAt'>>): Promise<MemberRow | undefined> {
      const [row] = await db
        .update(poolMembers)
        .set(patch)
        .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.userId, userId)))
        .returning();
      return row;
    },

    async deleteMember(poolId: string, userId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .delete(poolMembers)
        .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.userId, userId)))
        .returning();
      return row;
    },

    async listMembers(poolId: string): Promise<MemberWithUser[]> {
      return db
        .select({ member: poolMembers, user: users })
        .from(poolMembers)
        .leftJoin(users, eq(users.id, poolMembers.userId))
        .where(eq(poolMembers.poolId, poolId))
        .orderBy(asc(poolMembers.joinedAt), asc(poolMembers.userId));
    },

    // ---- invitations -----------------------------------------------------------------------

    async insertInvitation(row: InvitationRow): Promise<InvitationRow> {
      const [inserted] = await db.insert(invitations).values(row).returning();
      if (!inserted) throw new Error('invitation insert returned nothing');
      return inserted;
    },

    async listInvitations(poolId: string): Promise<InvitationRow[]> {
      return db.select().from(invitations).where(eq(invitations.poolId, poolId)).orderBy(desc(invitations.createdAt), asc(invitations.id));
    },

    async findInvitation(id: string): Promise<InvitationRow | undefined> {
      const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
      return row;
    },

    async findInvitationByToken(token: string): Promise<InvitationRow | undefined> {
      const [row] = await db.select().from(invitations).where(eq(invitations.token, token));
      return row;
    },

    async updateInvitation(id: string, patch: Partial<Pick<InvitationRow, 'isActive' | 'updatedAt'>>): Promise<InvitationRow | undefined> {
      const [row] = await db.update(invitations).set(patch).where(eq(invitations.id, id)).returning();
      return row;
    },

    async deleteInvitation(id: string): Promise<InvitationRow | undefined> {
      const [row] = await db.delete(invitations).where(eq(invitations.id, id)).returning();
      return row;
    },

    /**
     * Count one use, only while the invitation is usable at `now`: a single conditional UPDATE, so
     * concurrent joins can never push currentUses past maxUses. Undefined when refused.
     */
    async takeInvitationUse(id: string, now: Date): Promise<InvitationRow | undefined> {
      const [row] = await db
        .update(invitations)
        .set({ currentUses: sql`${invitations.currentUses} + 1`, updatedAt: now })
        .where(
          and(
            eq(invitations.id, id),
            eq(invitations.isActive, true),
            sql`${invitations.expiresAt} > ${now.toISOString()}::timestamptz`,
            sql`(${invitations.maxUses} IS NULL OR ${invitations.currentUses} < ${invitations.maxUses})`,
          ),
        )
        .returning();
      return row;
    },

    // ---- seasons (from sports-data-staging's events) -----------------------------------------

    /**
     * The production seasons of `years` are now `rows` (a year without a row has no production
     * games any more). Rewriting the same snapshot again changes nothing.
     */
    async replaceSeasons(years: number[], rows: SeasonRow[]): Promise<void> {
      if (years.length > 0) await db.delete(seasons).where(inArray(seasons.year, years));
      if (rows.length > 0) await db.insert(seasons).values(rows);
    },

    async listSeasons(): Promise<SeasonRow[]> {
      return db.select().from(seasons).orderBy(asc(seasons.year));
    },
  };
}

export type PoolsStore = ReturnType<typeof createPoolsStore>;
