import { bigserial, boolean, doublePrecision, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WEEK_STATES } from '@powerpool/contracts';
import { deletedPoolsTable, poolMembersTable, productionGameColumns, teamsTable } from '@powerpool/service-kit';

export const weeksSchema = pgSchema('weeks');

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Teams as sports-data-staging's events describe them. */
export const teams = teamsTable(weeksSchema);

/** Production games as sports-data-staging's events describe them (newest updatedAt wins). */
export const games = weeksSchema.table('games', {
  ...productionGameColumns(),
  seasonType: integer('season_type').notNull(),
  spread: doublePrecision('spread'),
  oddsDetails: text('odds_details'),
});

/** Pools as pools-invitations' events describe them. */
export const pools = weeksSchema.table('pools', {
  id: uuid('id').primaryKey(),
  year: integer('year').notNull(),
  commissionerId: uuid('commissioner_id').notNull(),
  isPublic: boolean('is_public').notNull(),
  allowsPreseason: boolean('allows_preseason').notNull(),
  allowsRegularSeason: boolean('allows_regular_season').notNull(),
  allowsPostseason: boolean('allows_postseason').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const deletedPools = deletedPoolsTable(weeksSchema);

export const poolMembers = poolMembersTable(weeksSchema);

export const poolWeeks = weeksSchema.table(
  'pool_weeks',
  {
    poolId: uuid('pool_id').notNull(),
    year: integer('year').notNull(),
    weekNumber: integer('week_number').notNull(),
    state: text('state', { enum: WEEK_STATES }).notNull(),
    pickDeadline: ts('pick_deadline'),
    publishedAt: ts('published_at'),
    stateChangedAt: ts('state_changed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.year, t.weekNumber] })],
);

export const poolSpreads = weeksSchema.table(
  'pool_spreads',
  {
    poolId: uuid('pool_id').notNull(),
    gameId: text('game_id').notNull(),
    spread: doublePrecision('spread').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.gameId] })],
);

export const poolGames = weeksSchema.table('pool_games', {
  id: uuid('id').primaryKey(),
  poolId: uuid('pool_id').notNull(),
  year: integer('year').notNull(),
  weekNumber: integer('week_number').notNull(),
  gameId: text('game_id').notNull(),
  lockedSpread: doublePrecision('locked_spread').notNull(),
  publishedAt: ts('published_at').notNull(),
  voidReason: text('void_reason'),
  voidedBy: uuid('voided_by'),
  voidedAt: ts('voided_at'),
});

export const weekTransitions = weeksSchema.table('week_transitions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  poolId: uuid('pool_id').notNull(),
  year: integer('year').notNull(),
  weekNumber: integer('week_number').notNull(),
  fromState: text('from_state', { enum: WEEK_STATES }).notNull(),
  toState: text('to_state', { enum: WEEK_STATES }).notNull(),
  testing: boolean('testing').notNull(),
  automatic: boolean('automatic').notNull(),
  byUserId: uuid('by_user_id'),
  at: ts('at').notNull(),
});

export type TeamRow = typeof teams.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type PoolRow = typeof pools.$inferSelect;
export type PoolWeekRow = typeof poolWeeks.$inferSelect;
export type PoolSpreadRow = typeof poolSpreads.$inferSelect;
export type PoolGameRow = typeof poolGames.$inferSelect;
export type WeekTransitionRow = typeof weekTransitions.$inferSelect;
