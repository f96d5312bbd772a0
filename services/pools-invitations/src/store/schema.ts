import { boolean, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MEMBER_ROLES, POOL_TYPES, ROLES, WEEKLY_TIEBREAKERS } from '@powerpool/contracts';

export const poolsSchema = pgSchema('pools');

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Users as identity's events describe them. */
export const users = poolsSchema.table('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  displayName: text('display_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  role: text('role', { enum: ROLES }).notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const pools = poolsSchema.table('pools', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  year: integer('year').notNull(),
  allowsPreseason: boolean('allows_preseason').notNull(),
  allowsRegularSeason: boolean('allows_regular_season').notNull(),
  allowsPostseason: boolean('allows_postseason').notNull(),
  maxMembers: integer('max_members').notNull(),
  isPublic: boolean('is_public').notNull(),
  slug: text('slug').notNull(),
  isActive: boolean('is_active').notNull(),
  poolType: text('pool_type', { enum: POOL_TYPES }).notNull(),
  weeklyTiebreaker: text('weekly_tiebreaker', { enum: WEEKLY_TIEBREAKERS }).notNull(),
  poolCommissionerId: uuid('pool_commissioner_id').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const poolMembers = poolsSchema.table(
  'pool_members',
  {
    poolId: uuid('pool_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    isActive: boolean('is_active').notNull(),
    hasPaid: boolean('has_paid').notNull(),
    paymentNotes: text('payment_notes'),
    notes: text('notes'),
    joinedAt: ts('joined_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.userId] })],
);

export const invitations = poolsSchema.table('invitations', {
  id: uuid('id').primaryKey(),
  poolId: uuid('pool_id').notNull(),
  token: text('token').notNull(),
  notes: text('notes'),
  maxUses: integer('max_uses'),
  currentUses: integer('current_uses').notNull(),
  expiresAt: ts('expires_at').notNull(),
  isActive: boolean('is_active').notNull(),
  createdBy: uuid('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** The seasons in production (sports.games.pushed): the span of each season's kickoffs. */
export const seasons = poolsSchema.table('seasons', {
  year: integer('year').primaryKey(),
  firstKickoffAt: ts('first_kickoff_at').notNull(),
  lastKickoffAt: ts('last_kickoff_at').notNull(),
  gameCount: integer('game_count').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type PoolRow = typeof pools.$inferSelect;
export type MemberRow = typeof poolMembers.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type SeasonRow = typeof seasons.$inferSelect;
