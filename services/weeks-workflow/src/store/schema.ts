import { bigserial, boolean, doublePrecision, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GAME_STATUSES, WEEK_STATES } from '@powerpool/contracts';

export const weeksSchema = pgSchema('weeks');

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Teams as sports-data-staging's events describe them. */
export const teams = weeksSchema.table('teams', {
  espnId: text('espn_id').primaryKey(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation').notNull(),
  logoUrl: text('logo_url'),
  color: text('color'),
  updatedAt: ts('updated_at').notNull(),
});

/** Production games as sports-data-staging's events describe them (newest updatedAt wins). */
export const games = weeksSchema.table('games', {
  espnId: text('espn_id').primaryKey(),
  espnCompetitionId: text('espn_competition_id').notNull(),
  year: integer('year').notNull(),
  seasonType: integer('season_type').notNull(),
  weekNumber: integer('week_number').notNull(),
  homeTeamEspnId: text('home_team_espn_id').notNull(),
  awayTeamEspnId: text('away_team_espn_id').notNull(),
  homeTeamAbbr: text('home_team_abbr').notNull(),
  awayTeamAbbr: text('away_team_abbr').notNull(),
  homeTeamShortName: text('home_team_short_name').notNull(),
  awayTeamShortName: text('away_team_short_name').notNull(),
  gameName: text('game_name').notNull(),
  gameTimeUtc: ts('game_time_utc').notNull(),
  status: text('status', { enum: GAME_STATUSES }).notNull(),
  homeScore: integer('home_score'),
  awayScore: integer('away_score'),
  currentPeriod: integer('current_period'),
  gameClock: text('game_clock'),
  spread: doublePrecision('spread'),
  oddsDetails: text('odds_details'),
  updatedAt: ts('updated_at').notNull(),
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

export const deletedPools = weeksSchema.table('deleted_pools', {
  id: uuid('id').primaryKey(),
  deletedAt: ts('deleted_at').notNull(),
});

export const poolMembers = weeksSchema.table(
  'pool_members',
  {
    poolId: uuid('pool_id').notNull(),
    userId: uuid('user_id').notNull(),
    isActive: boolean('is_active').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.userId] })],
);

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
export type MemberRow = typeof poolMembers.$inferSelect;
export type PoolWeekRow = typeof poolWeeks.$inferSelect;
export type PoolSpreadRow = typeof poolSpreads.$inferSelect;
export type PoolGameRow = typeof poolGames.$inferSelect;
export type WeekTransitionRow = typeof weekTransitions.$inferSelect;
