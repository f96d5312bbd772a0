import { bigserial, boolean, doublePrecision, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WEEK_STATES, WEEKLY_TIEBREAKERS } from '@powerpool/contracts';
import { deletedPoolsTable, poolColumns, poolGameColumns, poolMembersTable, poolWeeksTable, productionGameColumns, teamsTable } from '@powerpool/service-kit';

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
  ...poolColumns(),
  allowsPreseason: boolean('allows_preseason').notNull(),
  allowsRegularSeason: boolean('allows_regular_season').notNull(),
  allowsPostseason: boolean('allows_postseason').notNull(),
  /** The pool's weekly tiebreaker as this copy knows it: read at publish (docs/cross-service-decisions.md). */
  weeklyTiebreaker: text('weekly_tiebreaker', { enum: WEEKLY_TIEBREAKERS }).notNull().default('none'),
});

export const deletedPools = deletedPoolsTable(weeksSchema);

export const poolMembers = poolMembersTable(weeksSchema);

/** A pool's week: SETUP until published (then with its deadline), moved forward by this service. */
export const poolWeeks = poolWeeksTable(weeksSchema, {
  pickDeadline: ts('pick_deadline'),
  publishedAt: ts('published_at'),
  /** The week's tiebreaker game, fixed at publish (docs/game.md#weekly-winners); null without one. */
  tiebreakerGameId: text('tiebreaker_game_id'),
});

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
  ...poolGameColumns(),
  publishedAt: ts('published_at').notNull(),
  voidedBy: uuid('voided_by'),
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
