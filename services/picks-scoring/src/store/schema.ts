import { bigint, bigserial, boolean, integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PICK_RESULTS, POWER_EFFECTS } from '@powerpool/contracts';
import { deletedPoolsTable, poolColumns, poolGameColumns, poolMembersTable, poolWeeksTable, productionGameColumns, teamsTable } from '@powerpool/service-kit';

export const picksSchema = pgSchema('picks');

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Users as identity's events describe them, with the name the product displays. */
export const users = picksSchema.table('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  displayName: text('display_name').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const teams = teamsTable(picksSchema);

export const venues = picksSchema.table('venues', {
  espnId: text('espn_id').primaryKey(),
  fullName: text('full_name').notNull(),
  city: text('city'),
  state: text('state'),
  exteriorImageUrl: text('exterior_image_url'),
  interiorImageUrl: text('interior_image_url'),
});

/** Production games (newest updatedAt wins). */
export const games = picksSchema.table('games', {
  ...productionGameColumns(),
  venueEspnId: text('venue_espn_id'),
});

export const pools = picksSchema.table('pools', {
  ...poolColumns(),
  name: text('name').notNull(),
});

export const deletedPools = deletedPoolsTable(picksSchema);

export const poolMembers = poolMembersTable(picksSchema);

/** A pool's week once published (no row: SETUP); the state only moves forward. */
export const poolWeeks = poolWeeksTable(picksSchema, {
  pickDeadline: ts('pick_deadline').notNull(),
  publishedAt: ts('published_at').notNull(),
  calculatedAt: ts('calculated_at'),
  /** The week's tiebreaker game, fixed at publish (docs/game.md#weekly-winners); null without one. */
  tiebreakerGameId: text('tiebreaker_game_id'),
});

/** The games a pool published, with the locked spread, and void rulings. */
export const poolGames = picksSchema.table('pool_games', {
  ...poolGameColumns(),
  homeTeamEspnId: text('home_team_espn_id').notNull(),
  awayTeamEspnId: text('away_team_espn_id').notNull(),
  gameTimeUtc: ts('game_time_utc').notNull(),
});

/** A player's picks of a pool week: one per rank (3, 2, 1; 0 the power pick), one per game. */
export const picks = picksSchema.table('picks', {
  id: uuid('id').primaryKey(),
  poolId: uuid('pool_id').notNull(),
  userId: uuid('user_id').notNull(),
  year: integer('year').notNull(),
  weekNumber: integer('week_number').notNull(),
  gameId: text('game_id').notNull(),
  poolGameId: uuid('pool_game_id'),
  selectedTeamEspnId: text('selected_team_espn_id').notNull(),
  confidenceRank: integer('confidence_rank').notNull(),
  isPowerPick: boolean('is_power_pick').notNull(),
  enteredBy: uuid('entered_by').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  result: text('result', { enum: PICK_RESULTS }),
  pointsEarned: integer('points_earned'),
});

/** A player's tiebreaker prediction of a pool week (docs/game.md#weekly-winners), saved with their picks. */
export const weekTiebreakers = picksSchema.table(
  'week_tiebreakers',
  {
    poolId: uuid('pool_id').notNull(),
    userId: uuid('user_id').notNull(),
    year: integer('year').notNull(),
    weekNumber: integer('week_number').notNull(),
    prediction: integer('prediction').notNull(),
    enteredBy: uuid('entered_by').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.year, t.weekNumber, t.userId] })],
);

/** Each player's calculated week. */
export const weekScores = picksSchema.table(
  'week_scores',
  {
    poolId: uuid('pool_id').notNull(),
    userId: uuid('user_id').notNull(),
    year: integer('year').notNull(),
    weekNumber: integer('week_number').notNull(),
    rawPoints: integer('raw_points').notNull(),
    multiplier: integer('multiplier').notNull(),
    finalPoints: integer('final_points').notNull(),
    powerEffect: text('power_effect', { enum: POWER_EFFECTS }).notNull(),
    hasPicks: boolean('has_picks').notNull(),
    hasCalculationError: boolean('has_calculation_error').notNull(),
    errorMessage: text('error_message'),
    calculatedAt: ts('calculated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.year, t.weekNumber, t.userId] })],
);

/** A pick as an override record keeps it (before and after). */
export interface OverridePickSnapshot {
  gameId: string;
  poolGameId: string | null;
  selectedTeamEspnId: string;
  confidenceRank: number;
  isPowerPick: boolean;
}

/** Every commissioner override: who, when, why, the picks before and after. */
export const pickOverrides = picksSchema.table('pick_overrides', {
  id: uuid('id').primaryKey(),
  poolId: uuid('pool_id').notNull(),
  year: integer('year').notNull(),
  weekNumber: integer('week_number').notNull(),
  targetUserId: uuid('target_user_id').notNull(),
  byUserId: uuid('by_user_id').notNull(),
  reason: text('reason').notNull(),
  at: ts('at').notNull(),
  picksBefore: jsonb('picks_before').$type<OverridePickSnapshot[]>().notNull(),
  picksAfter: jsonb('picks_after').$type<OverridePickSnapshot[]>().notNull(),
  /** The tiebreaker prediction before and after (docs/game.md#weekly-winners); null: none. */
  tiebreakerBefore: integer('tiebreaker_before'),
  tiebreakerAfter: integer('tiebreaker_after'),
});

export type UserRow = typeof users.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type VenueRow = typeof venues.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type PoolRow = typeof pools.$inferSelect;
export type MemberRow = typeof poolMembers.$inferSelect;
export type PoolWeekRow = typeof poolWeeks.$inferSelect;
export type PoolGameRow = typeof poolGames.$inferSelect;
export type PickRow = typeof picks.$inferSelect;
export type WeekTiebreakerRow = typeof weekTiebreakers.$inferSelect;
export type WeekScoreRow = typeof weekScores.$inferSelect;
export type PickOverrideRow = typeof pickOverrides.$inferSelect;

/** Each player's totals over a pool's COMPLETE weeks (migration 0002), kept for the season standings. */
export const seasonTotals = picksSchema.table(
  'season_totals',
  {
    poolId: uuid('pool_id').notNull(),
    year: integer('year').notNull(),
    userId: uuid('user_id').notNull(),
    totalPoints: integer('total_points').notNull(),
    weeksPlayed: integer('weeks_played').notNull(),
    bestFinal: integer('best_final'),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.year, t.userId] })],
);

/** Which COMPLETE weeks a pool season's kept totals cover. */
export const seasonTotalsState = picksSchema.table(
  'season_totals_state',
  {
    poolId: uuid('pool_id').notNull(),
    year: integer('year').notNull(),
    weeks: integer('weeks').array().notNull(),
    refreshedAt: ts('refreshed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.year] })],
);

/**
 * The live boards' change log (migrations/0004_live_changes.sql, docs/architecture.md#live-change-log):
 * written by triggers, one row per statement and pool or game it touched; read by serving/live-changes.ts.
 */
export const liveChanges = picksSchema.table('live_changes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  xid: bigint('xid', { mode: 'bigint' }).notNull(),
  at: ts('at').notNull(),
  poolId: uuid('pool_id'),
  gameId: text('game_id'),
  everything: boolean('everything').notNull(),
});
