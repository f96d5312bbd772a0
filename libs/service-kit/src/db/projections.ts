import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  primaryKey,
  text,
  timestamp,
  uuid,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgSchema,
  type PgTable,
} from 'drizzle-orm/pg-core';
import { GAME_STATUSES, WEEK_STATES, managesPool, type Game, type GameSnapshot, type Team } from '@powerpool/contracts';
import { PoolForbiddenError, PoolNotFoundError } from '../errors.js';
import type { Db } from './database.js';

/**
 * What several services keep of sports-data-staging's production games (their own copy, in their
 * own schema, from `sports.games.pushed` / `sports.game.updated`): the columns and the mapping
 * from an event's game snapshot, written once. A service spreads the columns into its own table
 * and adds what only it needs.
 */
export function productionGameColumns() {
  const ts = (name: string) => timestamp(name, { withTimezone: true });
  return {
    espnId: text('espn_id').primaryKey(),
    ...gameColumns(),
    status: text('status', { enum: GAME_STATUSES }).notNull(),
    updatedAt: ts('updated_at').notNull(),
  };
}

/**
 * The columns every copy of a game has, sports-data-staging's own tables included: who plays whom,
 * when, and the score. The status column and the timestamps differ between the copies, so each
 * table adds its own.
 */
export function gameColumns() {
  return {
    espnCompetitionId: text('espn_competition_id').notNull(),
    year: integer('year').notNull(),
    weekNumber: integer('week_number').notNull(),
    homeTeamEspnId: text('home_team_espn_id').notNull(),
    awayTeamEspnId: text('away_team_espn_id').notNull(),
    homeTeamAbbr: text('home_team_abbr').notNull(),
    awayTeamAbbr: text('away_team_abbr').notNull(),
    homeTeamShortName: text('home_team_short_name').notNull(),
    awayTeamShortName: text('away_team_short_name').notNull(),
    gameName: text('game_name').notNull(),
    gameTimeUtc: timestamp('game_time_utc', { withTimezone: true }).notNull(),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    currentPeriod: integer('current_period'),
    gameClock: text('game_clock'),
    statusDetail: text('status_detail'),
  };
}

/** The fields of {@link gameColumns} (with the game's id) that a row and a snapshot hold alike, copied as they are. */
export type GameFields = Pick<
  GameSnapshot,
  | 'espnId'
  | 'espnCompetitionId'
  | 'year'
  | 'weekNumber'
  | 'homeTeamEspnId'
  | 'awayTeamEspnId'
  | 'homeTeamAbbr'
  | 'awayTeamAbbr'
  | 'homeTeamShortName'
  | 'awayTeamShortName'
  | 'gameName'
  | 'homeScore'
  | 'awayScore'
  | 'currentPeriod'
  | 'gameClock'
  | 'statusDetail'
>;

/** Those fields of a game, from a row to a snapshot or back (the kick-off time and status are converted by the caller). */
export function gameFieldsOf(game: GameFields): GameFields {
  return {
    espnId: game.espnId,
    espnCompetitionId: game.espnCompetitionId,
    year: game.year,
    weekNumber: game.weekNumber,
    homeTeamEspnId: game.homeTeamEspnId,
    awayTeamEspnId: game.awayTeamEspnId,
    homeTeamAbbr: game.homeTeamAbbr,
    awayTeamAbbr: game.awayTeamAbbr,
    homeTeamShortName: game.homeTeamShortName,
    awayTeamShortName: game.awayTeamShortName,
    gameName: game.gameName,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    currentPeriod: game.currentPeriod,
    gameClock: game.gameClock,
    statusDetail: game.statusDetail,
  };
}

/** The values of {@link productionGameColumns} for a game snapshot (a full `Game` is one too). */
export function productionGameValues(game: GameSnapshot) {
  return { ...gameFieldsOf(game), gameTimeUtc: new Date(game.gameTimeUtc), status: game.gameStatus, updatedAt: new Date(game.updatedAt) };
}

/** A row of {@link productionGameColumns} as the snapshot it was stored from (what a decision carries). */
export function productionGameSnapshot(row: ReturnType<typeof productionGameValues>): GameSnapshot {
  return { ...gameFieldsOf(row), gameTimeUtc: row.gameTimeUtc.toISOString(), gameStatus: row.status, updatedAt: row.updatedAt.toISOString() };
}

/** A service's table of production games: {@link productionGameColumns} and its own columns. */
type ProductionGamesTable = PgTable & { espnId: PgColumn; year: PgColumn; updatedAt: PgColumn };

export interface GameProjectionOptions<T extends ProductionGamesTable> {
  games: T;
  /** The service's row for a game event's snapshot (productionGameValues and its own columns). */
  rowOf: (game: Game) => T['$inferInsert'];
  /**
   * Columns of game ids (in the service's own tables) that keep a game when its season is pushed to production
   * again without it: what a pool published or someone picked must not lose its game.
   */
  keptBy: PgColumn[];
}

/**
 * The SQL of a service's copy of production games, for its own table: upsert (newest `updatedAt`
 * wins, since events repeat and arrive late) and the removal of games that left production.
 */
export function createGameProjectionStore<T extends ProductionGamesTable>(db: Db, options: GameProjectionOptions<T>) {
  const { games, rowOf, keptBy } = options;
  return {
    /**
     * Upsert a game snapshot, keeping the newest `updatedAt`. Returns the stored row when this
     * snapshot was applied, undefined when an equal or newer one was already there.
     */
    async upsertGame(game: Game): Promise<T['$inferSelect'] | undefined> {
      // Drizzle cannot check values for a table known only by its generic type: rowOf's signature
      // is what ties the row to the games.
      const row = rowOf(game) as Record<string, unknown>;
      const { espnId: _id, ...set } = row;
      const [saved] = await db
        .insert(games)
        .values(row as never)
        .onConflictDoUpdate({ target: games.espnId, set: set as never, setWhere: sql`${games.updatedAt} < excluded.updated_at` })
        .returning();
      return saved;
    },

    /** Games of `years` not in `keep` leave production, except those `keptBy` still names. */
    async deleteGamesOfYearsExcept(years: number[], keep: string[]): Promise<void> {
      if (years.length === 0) return;
      const conditions = [inArray(games.year, years), ...keptBy.map((column) => notInArray(games.espnId, db.select({ id: column }).from(column.table)))];
      if (keep.length) conditions.push(notInArray(games.espnId, keep));
      await db.delete(games).where(and(...conditions));
    },
  };
}

/**
 * Pools as pools-invitations' events describe them: what every service's copy keeps. A service
 * spreads these into its own `pools` table and adds the fields it reads.
 */
export function poolColumns() {
  return {
    id: uuid('id').primaryKey(),
    year: integer('year').notNull(),
    commissionerId: uuid('commissioner_id').notNull(),
    isPublic: boolean('is_public').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  };
}

/**
 * A pool's week as weeks-workflow moves it (its own table) and as picks-scoring copies it once
 * published, keyed by pool, year and week: the state and when it last changed. The extra columns
 * are the service's own (the deadline is set at publication, so only the copy may require it).
 */
export function poolWeeksTable<E extends Record<string, PgColumnBuilderBase>>(schema: PgSchema, extra: E) {
  return schema.table(
    'pool_weeks',
    {
      poolId: uuid('pool_id').notNull(),
      year: integer('year').notNull(),
      weekNumber: integer('week_number').notNull(),
      state: text('state', { enum: WEEK_STATES }).notNull(),
      stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).notNull(),
      ...extra,
    },
    (t) => [primaryKey({ columns: [t.poolId, t.year, t.weekNumber] })],
  );
}

/** The games a pool published for a week, with the spread locked then and a void ruling: what both weeks-workflow's table and picks-scoring's copy keep. */
export function poolGameColumns() {
  return {
    id: uuid('id').primaryKey(),
    poolId: uuid('pool_id').notNull(),
    year: integer('year').notNull(),
    weekNumber: integer('week_number').notNull(),
    gameId: text('game_id').notNull(),
    lockedSpread: doublePrecision('locked_spread').notNull(),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  };
}

/** Teams as sports-data-staging's events describe them, in a service's own schema. */
export function teamsTable(schema: PgSchema) {
  return schema.table('teams', {
    espnId: text('espn_id').primaryKey(),
    name: text('name').notNull(),
    abbreviation: text('abbreviation').notNull(),
    logoUrl: text('logo_url'),
    color: text('color'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  });
}

/** Pools deleted by pools-invitations: a deleted pool stays deleted whatever late event arrives. */
export function deletedPoolsTable(schema: PgSchema) {
  return schema.table('deleted_pools', {
    id: uuid('id').primaryKey(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  });
}

/** Who belongs to which pool (pools.member.* events; removed members are inactive). */
export function poolMembersTable(schema: PgSchema) {
  return schema.table(
    'pool_members',
    {
      poolId: uuid('pool_id').notNull(),
      userId: uuid('user_id').notNull(),
      isActive: boolean('is_active').notNull(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    },
    (t) => [primaryKey({ columns: [t.poolId, t.userId] })],
  );
}

type TeamsTable = ReturnType<typeof teamsTable>;
type DeletedPoolsTable = ReturnType<typeof deletedPoolsTable>;
type PoolMembersTable = ReturnType<typeof poolMembersTable>;
export type TeamRow = TeamsTable['$inferSelect'];
export type MemberRow = PoolMembersTable['$inferSelect'];

/** The SQL of a service's copy of teams, for its own table: upsert, delete, find. */
export function createTeamProjectionStore(db: Db, tables: { teams: TeamsTable }) {
  const { teams } = tables;
  return {
    async upsertTeams(list: Team[], now: Date): Promise<void> {
      for (const t of list) {
        const set = { name: t.name, abbreviation: t.abbreviation, logoUrl: t.logoUrl, color: t.color, updatedAt: now };
        await db
          .insert(teams)
          .values({ espnId: t.espnId, ...set })
          .onConflictDoUpdate({ target: teams.espnId, set });
      }
    },

    async deleteTeams(espnIds: string[]): Promise<void> {
      if (espnIds.length) await db.delete(teams).where(inArray(teams.espnId, espnIds));
    },

    async findTeams(espnIds: string[]): Promise<TeamRow[]> {
      if (espnIds.length === 0) return [];
      return db
        .select()
        .from(teams)
        .where(inArray(teams.espnId, [...new Set(espnIds)]));
    },
  };
}

/** Whether pools-invitations deleted the pool (a row of the service's `deleted_pools`). */
async function poolIsDeleted(db: Db, deletedPools: DeletedPoolsTable, id: string): Promise<boolean> {
  const [gone] = await db.select({ id: deletedPools.id }).from(deletedPools).where(eq(deletedPools.id, id));
  return gone !== undefined;
}

/**
 * The SQL of a service's copy of memberships and deleted pools, for its own tables: the deleted-pool
 * guard every copy of a pool's data checks (a deleted pool stays deleted whatever late event
 * arrives), and memberships (newest snapshot wins; nothing is recorded for a deleted pool).
 */
export function createMemberProjectionStore(db: Db, tables: { deletedPools: DeletedPoolsTable; poolMembers: PoolMembersTable }) {
  const { deletedPools, poolMembers } = tables;
  return {
    async isPoolDeleted(id: string): Promise<boolean> {
      return poolIsDeleted(db, deletedPools, id);
    },

    async upsertMember(row: MemberRow): Promise<void> {
      if (await poolIsDeleted(db, deletedPools, row.poolId)) return;
      await db
        .insert(poolMembers)
        .values(row)
        .onConflictDoUpdate({
          target: [poolMembers.poolId, poolMembers.userId],
          set: { isActive: row.isActive, updatedAt: row.updatedAt },
          setWhere: sql`${poolMembers.updatedAt} <= excluded.updated_at`,
        });
    },

    async findMember(poolId: string, userId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select()
        .from(poolMembers)
        .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.userId, userId)));
      return row;
    },
  };
}

/** A service's copy of pools: {@link poolColumns} and its own columns. */
type PoolsTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** The SQL of a service's copy of pools, for its own table: upsert (newest snapshot wins) and find. */
export function createPoolProjectionStore<T extends PoolsTable>(db: Db, tables: { pools: T; deletedPools: DeletedPoolsTable }) {
  const { pools, deletedPools } = tables;
  return {
    /** Upsert a pool snapshot (newest updatedAt wins); a deleted pool is never brought back. */
    async upsertPool(row: T['$inferInsert']): Promise<void> {
      // As in upsertGame: Drizzle cannot check values for a table known only by its generic type.
      const { id, ...set } = row as { id: string } & Record<string, unknown>;
      if (await poolIsDeleted(db, deletedPools, id)) return;
      await db
        .insert(pools)
        .values(row as never)
        .onConflictDoUpdate({ target: pools.id, set: set as never, setWhere: sql`${pools.updatedAt} <= excluded.updated_at` });
    },

    async findPool(id: string): Promise<T['$inferSelect'] | undefined> {
      // Drizzle's select cannot take a table known only by its generic type: read it as a plain table.
      const table: PgTable = pools;
      const [row] = await db.select().from(table).where(eq(pools.id, id));
      return row;
    },
  };
}

/** What the pool access rules need of a service's own copy of pools and memberships. */
export interface PoolAccessStore<P extends { commissionerId: string }> {
  findPool(id: string): Promise<P | undefined>;
  findMember(poolId: string, userId: string): Promise<{ isActive: boolean } | undefined>;
}

/** The pool, if the caller may manage it (contracts' `managesPool`): 404 unknown, 403 someone else's. */
export async function managedPoolOf<P extends { commissionerId: string }>(
  store: PoolAccessStore<P>,
  caller: { id: string; role: string },
  poolId: string,
): Promise<P> {
  const pool = await store.findPool(poolId);
  if (!pool) throw new PoolNotFoundError({ poolId });
  if (!managesPool(caller, pool.commissionerId))
    throw new PoolForbiddenError("Forbidden: only the pool's commissioner or a super admin can do this", { poolId });
  return pool;
}

/** The pool, if the caller manages it or is one of its active members: 404 unknown, 403 otherwise. */
export async function memberPoolOf<P extends { commissionerId: string }>(
  store: PoolAccessStore<P>,
  caller: { id: string; role: string },
  poolId: string,
): Promise<P> {
  const pool = await store.findPool(poolId);
  if (!pool) throw new PoolNotFoundError({ poolId });
  if (managesPool(caller, pool.commissionerId) || (await store.findMember(poolId, caller.id))?.isActive === true) return pool;
  throw new PoolForbiddenError('Forbidden: you are not a member of this pool', { poolId });
}
