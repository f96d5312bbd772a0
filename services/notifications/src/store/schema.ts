import { bigint, bigserial, boolean, integer, pgSchema, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '@powerpool/contracts';
import { deletedPoolsTable, poolColumns, poolMembersTable, poolWeeksTable } from '@powerpool/service-kit';

export const notificationsSchema = pgSchema('notifications');

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Users as identity's events describe them: whom to write to, and the name to greet them with. */
export const users = notificationsSchema.table('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Pools as pools-invitations' events describe them (the commissioner decides the reminders). */
export const pools = notificationsSchema.table('pools', { ...poolColumns(), name: text('name').notNull() });

export const deletedPools = deletedPoolsTable(notificationsSchema);

export const poolMembers = poolMembersTable(notificationsSchema);

/** A pool's published week (weeks-workflow's events): its deadline, and its state as it moves. */
export const poolWeeks = poolWeeksTable(notificationsSchema, {
  pickDeadline: ts('pick_deadline').notNull(),
  publishedAt: ts('published_at').notNull(),
  /** When its players' results were fetched from picks-scoring and their messages planned (COMPLETE weeks). */
  resultsAt: ts('results_at'),
});

/** Each player's points and rank of a completed week (picks-scoring's answer to rpc.picks.week.results). */
export const weekResults = notificationsSchema.table(
  'week_results',
  {
    poolId: uuid('pool_id').notNull(),
    year: integer('year').notNull(),
    weekNumber: integer('week_number').notNull(),
    userId: uuid('user_id').notNull(),
    points: integer('points').notNull(),
    rank: integer('rank').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.year, t.weekNumber, t.userId] })],
);

/** Each player's latest saved picks of a pool week (picks-scoring's picks.picks.saved): how many. */
export const picksSaved = notificationsSchema.table(
  'picks_saved',
  {
    poolId: uuid('pool_id').notNull(),
    userId: uuid('user_id').notNull(),
    year: integer('year').notNull(),
    weekNumber: integer('week_number').notNull(),
    pickCount: integer('pick_count').notNull(),
    savedAt: ts('saved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.userId, t.year, t.weekNumber] })],
);

/** A person's choice for one kind on one channel; absent: the default (defaultPreference). */
export const preferences = notificationsSchema.table(
  'preferences',
  {
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/** A browser's push subscription (RFC 8030 endpoint, RFC 8291 keys); the endpoint is the browser's. */
export const pushSubscriptions = notificationsSchema.table('push_subscriptions', {
  endpoint: text('endpoint').primaryKey(),
  userId: uuid('user_id').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** A pool's picks reminders (its commissioner's choice); absent: both on. */
export const poolSettings = notificationsSchema.table('pool_settings', {
  poolId: uuid('pool_id').primaryKey(),
  reminder24h: boolean('reminder_24h').notNull(),
  reminder1h: boolean('reminder_1h').notNull(),
  updatedBy: uuid('updated_by').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** The last nudge of each pool week: the one-an-hour limit is decided on this row. */
export const nudges = notificationsSchema.table(
  'nudges',
  {
    poolId: uuid('pool_id').notNull(),
    year: integer('year').notNull(),
    weekNumber: integer('week_number').notNull(),
    nudgedAt: ts('nudged_at').notNull(),
    byUserId: uuid('by_user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.year, t.weekNumber] })],
);

/**
 * A week-published message or a reminder slot of a pool week, planned once: to the members waiting
 * when it first came due, not to one who joins later (docs/notifications.md#reminders).
 */
export const plannedSlots = notificationsSchema.table(
  'planned_slots',
  {
    poolId: uuid('pool_id').notNull(),
    year: integer('year').notNull(),
    weekNumber: integer('week_number').notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    slot: text('slot').notNull(),
    plannedAt: ts('planned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.year, t.weekNumber, t.kind, t.slot] })],
);

/** The last picks e-mail of a pool week to a person, and which delivery it was (docs/notifications.md#one-picks-e-mail-at-a-time). */
export const picksEmails = notificationsSchema.table(
  'picks_emails',
  {
    userId: uuid('user_id').notNull(),
    poolId: uuid('pool_id').notNull(),
    year: integer('year').notNull(),
    weekNumber: integer('week_number').notNull(),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.poolId, t.year, t.weekNumber] })],
);

const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;

/**
 * One message to one person on one channel (docs/notifications.md#exactly-once): unique per user,
 * pool, week, kind, slot and channel, so planning it twice (replicas, restarts) keeps one row; a
 * replica claims it (lease), sends it, and marks it sent, or retries it later, or records it failed.
 */
export const deliveries = notificationsSchema.table(
  'deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    poolId: uuid('pool_id').notNull(),
    year: integer('year').notNull(),
    weekNumber: integer('week_number').notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** The reminder's slot ('24h', '1h'), the nudge's time, or '' for a kind sent once per week. */
    slot: text('slot').notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    claimToken: uuid('claim_token'),
    leaseUntil: ts('lease_until'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [unique('deliveries_once').on(t.userId, t.poolId, t.year, t.weekNumber, t.kind, t.slot, t.channel)],
);

export type UserRow = typeof users.$inferSelect;
export type PoolWeekRow = typeof poolWeeks.$inferSelect;
export type PreferenceRow = typeof preferences.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PoolSettingsRow = typeof poolSettings.$inferSelect;
export type DeliveryRow = typeof deliveries.$inferSelect;
export type NewDelivery = Pick<typeof deliveries.$inferInsert, 'userId' | 'poolId' | 'year' | 'weekNumber' | 'kind' | 'slot' | 'channel'>;
