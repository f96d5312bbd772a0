import { and, asc, count, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { CONFIDENCE_RANKS } from '@powerpool/contracts';
import { createMemberProjectionStore, createPoolProjectionStore, type Db } from '@powerpool/service-kit';
import {
  deletedPools,
  deliveries,
  nudges,
  picksEmails,
  picksSaved,
  plannedSlots,
  poolMembers,
  pools,
  poolSettings,
  poolWeeks,
  preferences,
  pushSubscriptions,
  users,
  weekResults,
  type DeliveryRow,
  type NewDelivery,
  type PoolSettingsRow,
  type PoolWeekRow,
  type PreferenceRow,
  type PushSubscriptionRow,
  type UserRow,
} from './schema.js';

/** An active member of a pool week, with what the reminders need. */
export interface MemberOfWeek {
  userId: string;
  /** Null when identity's event about them has not arrived yet (nothing can be sent to them then). */
  email: string | null;
  name: string | null;
  /** True when their latest save of the week holds every confidence rank (docs/notifications.md#who). */
  picksComplete: boolean;
}

/** All of the notifications service's SQL. Pass a transaction as `db` to make several calls atomic. */
export function createNotificationsStore(db: Db) {
  // Memberships and the deleted-pool guard are the kit's, as in every service's copy.
  const members = createMemberProjectionStore(db, { deletedPools, poolMembers });
  return {
    ...createPoolProjectionStore(db, { pools, deletedPools }),
    ...members,

    // ---- copies ---------------------------------------------------------------------------------

    /** Upsert a user (newest `updatedAt` wins). */
    async upsertUser(row: UserRow): Promise<void> {
      const { id: _id, ...set } = row;
      await db
        .insert(users)
        .values(row)
        .onConflictDoUpdate({ target: users.id, set, setWhere: sql`${users.updatedAt} <= excluded.updated_at` });
    },

    async findUser(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** A deleted pool: its copies and pending deliveries go; it stays deleted whatever arrives late. */
    async deletePool(id: string, at: Date): Promise<void> {
      await db.insert(deletedPools).values({ id, deletedAt: at }).onConflictDoNothing();
      await db.delete(poolMembers).where(eq(poolMembers.poolId, id));
      await db.delete(poolWeeks).where(eq(poolWeeks.poolId, id));
      await db.delete(picksSaved).where(eq(picksSaved.poolId, id));
      await db.delete(weekResults).where(eq(weekResults.poolId, id));
      await db.delete(poolSettings).where(eq(poolSettings.poolId, id));
      await db.delete(nudges).where(eq(nudges.poolId, id));
      await db.delete(plannedSlots).where(eq(plannedSlots.poolId, id));
      await db.delete(picksEmails).where(eq(picksEmails.poolId, id));
      await db.delete(deliveries).where(and(eq(deliveries.poolId, id), eq(deliveries.status, 'pending')));
      await db.delete(pools).where(eq(pools.id, id));
    },

    /** weeks.week.published: the week and its deadline (a later publication of it wins). */
    async upsertPublishedWeek(row: PoolWeekRow): Promise<void> {
      if (await members.isPoolDeleted(row.poolId)) return;
      await db
        .insert(poolWeeks)
        .values(row)
        .onConflictDoUpdate({
          target: [poolWeeks.poolId, poolWeeks.year, poolWeeks.weekNumber],
          set: { pickDeadline: row.pickDeadline, publishedAt: row.publishedAt },
          setWhere: sql`${poolWeeks.publishedAt} <= excluded.published_at`,
        });
    },

    /** weeks.week.state-changed: the week's state, never stepping back to an older change. */
    async applyWeekState(key: WeekKey, state: PoolWeekRow['state'], at: Date): Promise<void> {
      await db
        .update(poolWeeks)
        .set({ state, stateChangedAt: at })
        .where(and(...weekWhere(key), lte(poolWeeks.stateChangedAt, at)));
    },

    async findWeek(key: WeekKey): Promise<PoolWeekRow | undefined> {
      const [row] = await db
        .select()
        .from(poolWeeks)
        .where(and(...weekWhere(key)));
      return row;
    },

    /** COMPLETE weeks whose results have not been fetched yet, completed since `since` (older ones are not announced). */
    async weeksAwaitingResults(since: Date): Promise<PoolWeekRow[]> {
      return db
        .select()
        .from(poolWeeks)
        .where(and(eq(poolWeeks.state, 'COMPLETE'), isNull(poolWeeks.resultsAt), gt(poolWeeks.stateChangedAt, since)))
        .orderBy(asc(poolWeeks.stateChangedAt));
    },

    /**
     * Keep a completed week's results and mark the week done, once: false when another replica
     * did it first (the week row is locked, and its `results_at` checked, in this transaction).
     */
    async saveWeekResults(key: WeekKey, players: Array<{ userId: string; points: number; rank: number }>, at: Date): Promise<boolean> {
      const [claimed] = await db
        .update(poolWeeks)
        .set({ resultsAt: at })
        .where(and(...weekWhere(key), isNull(poolWeeks.resultsAt)))
        .returning({ poolId: poolWeeks.poolId });
      if (!claimed) return false;
      if (players.length)
        await db
          .insert(weekResults)
          .values(players.map((p) => ({ ...key, ...p })))
          .onConflictDoNothing();
      return true;
    },

    /** A player's result of a week, and how many players the week ranked. */
    async resultOf(key: WeekKey, userId: string): Promise<{ points: number; rank: number; players: number } | undefined> {
      const rows = await db
        .select()
        .from(weekResults)
        .where(and(eq(weekResults.poolId, key.poolId), eq(weekResults.year, key.year), eq(weekResults.weekNumber, key.weekNumber)));
      const mine = rows.find((r) => r.userId === userId);
      return mine ? { points: mine.points, rank: mine.rank, players: rows.length } : undefined;
    },

    /** picks.picks.saved: a player's latest save of a week (an older one never replaces it). */
    async upsertPicksSaved(row: typeof picksSaved.$inferInsert): Promise<void> {
      await db
        .insert(picksSaved)
        .values(row)
        .onConflictDoUpdate({
          target: [picksSaved.poolId, picksSaved.userId, picksSaved.year, picksSaved.weekNumber],
          set: { pickCount: row.pickCount, savedAt: row.savedAt },
          setWhere: sql`${picksSaved.savedAt} <= excluded.saved_at`,
        });
    },

    /** Published weeks whose picks deadline is still ahead. */
    async openWeeks(now: Date): Promise<PoolWeekRow[]> {
      return db
        .select()
        .from(poolWeeks)
        .where(and(eq(poolWeeks.state, 'PUBLISHED'), gt(poolWeeks.pickDeadline, now)))
        .orderBy(asc(poolWeeks.pickDeadline));
    },

    /** The pool's active members, with their e-mail and whether their saved picks of the week are complete. */
    async membersOfWeek(key: WeekKey): Promise<MemberOfWeek[]> {
      const rows = await db
        .select({ userId: poolMembers.userId, email: users.email, name: users.name, pickCount: picksSaved.pickCount })
        .from(poolMembers)
        .leftJoin(users, eq(users.id, poolMembers.userId))
        .leftJoin(
          picksSaved,
          and(
            eq(picksSaved.poolId, poolMembers.poolId),
            eq(picksSaved.userId, poolMembers.userId),
            eq(picksSaved.year, key.year),
            eq(picksSaved.weekNumber, key.weekNumber),
          ),
        )
        .where(and(eq(poolMembers.poolId, key.poolId), eq(poolMembers.isActive, true)))
        .orderBy(asc(poolMembers.userId));
      return rows.map((r) => ({ userId: r.userId, email: r.email, name: r.name, picksComplete: (r.pickCount ?? 0) >= CONFIDENCE_RANKS.length }));
    },

    // ---- preferences and push subscriptions ------------------------------------------------------

    async preferencesOf(userIds: string[]): Promise<PreferenceRow[]> {
      if (userIds.length === 0) return [];
      return db.select().from(preferences).where(inArray(preferences.userId, userIds));
    },

    async setPreference(row: PreferenceRow): Promise<void> {
      await db
        .insert(preferences)
        .values(row)
        .onConflictDoUpdate({ target: [preferences.userId, preferences.kind, preferences.channel], set: { enabled: row.enabled, updatedAt: row.updatedAt } });
    },

    /** Keep a subscription; an endpoint already kept now belongs to this user (the browser's last sign-in). */
    async upsertPushSubscription(row: PushSubscriptionRow): Promise<void> {
      const { endpoint: _e, ...set } = row;
      await db.insert(pushSubscriptions).values(row).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set });
    },

    async deletePushSubscription(endpoint: string, userId?: string): Promise<void> {
      const where = userId ? and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)) : eq(pushSubscriptions.endpoint, endpoint);
      await db.delete(pushSubscriptions).where(where);
    },

    async pushSubscriptionsOf(userId: string): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt));
    },

    /** How many browsers each of these users subscribed. */
    async pushSubscriptionCounts(userIds: string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: pushSubscriptions.userId, n: count() })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, userIds))
        .groupBy(pushSubscriptions.userId);
      return new Map(rows.map((r) => [r.userId, Number(r.n)]));
    },

    // ---- pool settings and nudges -----------------------------------------------------------------

    async poolSettingsOf(poolId: string): Promise<PoolSettingsRow | undefined> {
      const [row] = await db.select().from(poolSettings).where(eq(poolSettings.poolId, poolId));
      return row;
    },

    async setPoolSettings(row: PoolSettingsRow): Promise<void> {
      const { poolId: _p, ...set } = row;
      await db.insert(poolSettings).values(row).onConflictDoUpdate({ target: poolSettings.poolId, set });
    },

    /**
     * Record a nudge of the pool week at `now` unless the last one is less than `intervalMs` old,
     * in one statement (the row lock of ON CONFLICT decides between concurrent nudges). Returns
     * null when recorded, else the time of the nudge that blocks it.
     */
    async recordNudge({ key, byUserId, now, intervalMs }: { key: WeekKey; byUserId: string; now: Date; intervalMs: number }): Promise<Date | null> {
      const notBefore = new Date(now.getTime() - intervalMs);
      const [recorded] = await db
        .insert(nudges)
        .values({ ...key, nudgedAt: now, byUserId })
        .onConflictDoUpdate({
          target: [nudges.poolId, nudges.year, nudges.weekNumber],
          set: { nudgedAt: now, byUserId },
          setWhere: lte(nudges.nudgedAt, notBefore),
        })
        .returning({ nudgedAt: nudges.nudgedAt });
      if (recorded) return null;
      const [last] = await db
        .select({ nudgedAt: nudges.nudgedAt })
        .from(nudges)
        .where(and(eq(nudges.poolId, key.poolId), eq(nudges.year, key.year), eq(nudges.weekNumber, key.weekNumber)));
      return last?.nudgedAt ?? now;
    },

    /** When the pool week was last nudged, or null. */
    async lastNudgeOf(key: WeekKey): Promise<Date | null> {
      const [last] = await db
        .select({ nudgedAt: nudges.nudgedAt })
        .from(nudges)
        .where(and(eq(nudges.poolId, key.poolId), eq(nudges.year, key.year), eq(nudges.weekNumber, key.weekNumber)));
      return last?.nudgedAt ?? null;
    },

    /**
     * Mark a message of the pool week (kind and slot) planned; false when it already was (by this
     * replica on an earlier pass, or by another one: the primary key decides).
     */
    async claimPlannedSlot({ key, kind, slot, now }: { key: WeekKey; kind: NewDelivery['kind']; slot: string; now: Date }): Promise<boolean> {
      const rows = await db
        .insert(plannedSlots)
        .values({ ...key, kind, slot, plannedAt: now })
        .onConflictDoNothing()
        .returning({ poolId: plannedSlots.poolId });
      return rows.length === 1;
    },

    /**
     * Record that delivery `deliveryId` is the person's picks e-mail of the pool week at `now`,
     * unless another delivery's is less than `windowMs` old, in one statement (the row lock of ON
     * CONFLICT decides between two at once). The same delivery may claim again (its retry).
     * Returns null when recorded, else the time of the e-mail that blocks it.
     */
    async claimPicksEmail({
      key,
      userId,
      deliveryId,
      now,
      windowMs,
    }: {
      key: WeekKey;
      userId: string;
      deliveryId: number;
      now: Date;
      windowMs: number;
    }): Promise<Date | null> {
      const notBefore = new Date(now.getTime() - windowMs);
      const [recorded] = await db
        .insert(picksEmails)
        .values({ ...key, userId, deliveryId, sentAt: now })
        .onConflictDoUpdate({
          target: [picksEmails.userId, picksEmails.poolId, picksEmails.year, picksEmails.weekNumber],
          set: { deliveryId, sentAt: now },
          setWhere: or(lte(picksEmails.sentAt, notBefore), eq(picksEmails.deliveryId, deliveryId)),
        })
        .returning({ sentAt: picksEmails.sentAt });
      if (recorded) return null;
      const [last] = await db
        .select({ sentAt: picksEmails.sentAt })
        .from(picksEmails)
        .where(
          and(eq(picksEmails.userId, userId), eq(picksEmails.poolId, key.poolId), eq(picksEmails.year, key.year), eq(picksEmails.weekNumber, key.weekNumber)),
        );
      return last?.sentAt ?? now;
    },

    /** Who of these people had a picks e-mail of the pool week at or after `since`. */
    async picksEmailedSince(key: WeekKey, userIds: string[], since: Date): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ userId: picksEmails.userId })
        .from(picksEmails)
        .where(
          and(
            eq(picksEmails.poolId, key.poolId),
            eq(picksEmails.year, key.year),
            eq(picksEmails.weekNumber, key.weekNumber),
            inArray(picksEmails.userId, userIds),
            gt(picksEmails.sentAt, since),
          ),
        );
      return new Set(rows.map((r) => r.userId));
    },

    // ---- deliveries ----------------------------------------------------------------------------

    /**
     * Plan deliveries, due at once; one already planned (same user, pool, week, kind, slot, channel)
     * is left as it is. Returns how many are new. Due times, leases and retries are on the
     * database's clock, the one clock every replica shares.
     */
    async planDeliveries(rows: NewDelivery[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(deliveries)
        .values(rows.map((r) => ({ ...r, status: 'pending' as const, attempts: 0, nextAttemptAt: sql`now()`, createdAt: sql`now()` })))
        .onConflictDoNothing({
          target: [deliveries.userId, deliveries.poolId, deliveries.year, deliveries.weekNumber, deliveries.kind, deliveries.slot, deliveries.channel],
        })
        .returning({ id: deliveries.id });
      return inserted.length;
    },

    /**
     * Claim up to `limit` due deliveries for this replica (`token`) until `leaseUntil`: pending ones
     * whose time has come, and claimed ones whose lease ran out (their replica died before marking
     * them). Rows another replica is claiming at the same moment are skipped, never shared.
     */
    async claimDue(leaseMs: number, token: string, limit: number): Promise<DeliveryRow[]> {
      const due = db
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(
          or(
            and(eq(deliveries.status, 'pending'), lte(deliveries.nextAttemptAt, sql`now()`)),
            and(eq(deliveries.status, 'sending'), lte(deliveries.leaseUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(deliveries.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(deliveries)
        .set({ status: 'sending', claimToken: token, leaseUntil: afterMs(leaseMs), attempts: sql`${deliveries.attempts} + 1` })
        .where(inArray(deliveries.id, due))
        .returning();
    },

    /** Settle a claimed delivery; false when the claim was lost (its lease ran out and another replica took it). */
    async settleDelivery(id: number, token: string, outcome: DeliveryOutcome): Promise<boolean> {
      const set =
        outcome.status === 'pending'
          ? { status: outcome.status, nextAttemptAt: afterMs(outcome.retryInMs), lastError: outcome.error, claimToken: null, leaseUntil: null }
          : {
              status: outcome.status,
              sentAt: outcome.status === 'sent' ? sql`now()` : null,
              lastError: outcome.error ?? null,
              claimToken: null,
              leaseUntil: null,
            };
      const rows = await db
        .update(deliveries)
        .set(set)
        .where(and(eq(deliveries.id, id), eq(deliveries.claimToken, token), eq(deliveries.status, 'sending')))
        .returning({ id: deliveries.id });
      return rows.length === 1;
    },

    async deliveriesOf(key: WeekKey): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.poolId, key.poolId), eq(deliveries.year, key.year), eq(deliveries.weekNumber, key.weekNumber)))
        .orderBy(asc(deliveries.id));
    },
  };
}

export type NotificationsStore = ReturnType<typeof createNotificationsStore>;

export interface WeekKey {
  poolId: string;
  year: number;
  weekNumber: number;
}

export type DeliveryOutcome =
  { status: 'sent'; error?: undefined } | { status: 'pending'; retryInMs: number; error: string } | { status: 'failed' | 'skipped'; error: string };

/** The database's clock `ms` from now. */
const afterMs = (ms: number) => sql`now() + (${ms} * interval '1 millisecond')`;

function weekWhere(key: WeekKey) {
  return [eq(poolWeeks.poolId, key.poolId), eq(poolWeeks.year, key.year), eq(poolWeeks.weekNumber, key.weekNumber)];
}
