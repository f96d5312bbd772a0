import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import {
  tiebreakerGameIdOf,
  type EventSubject,
  type Game,
  type HttpMethod,
  type Pool,
  type Role,
  type Team,
  type User,
  type WeekState,
} from '@powerpool/contracts';
import type { BusMessage, ServiceApp, Subscription } from '@powerpool/service-kit';
import { buildPoolSnapshot, memberEventOf, TEAMS, VENUES, YEAR, type MemberSubject } from './factories.js';
import { createTestRuntime, type TestRuntime, type TestUser } from './runtime.js';

/**
 * One world for every service's integration suite: a service started on real storage and bus with
 * a movable clock and an event recorder, the same people, the same teams and games, and what the
 * other services announce on the bus (users, pools, members, games, published weeks, picks). Each
 * builder waits until the service under test has stored what it was told, in the schema it owns,
 * so a test reads top to bottom without sleeps.
 */

// ---- people and calls, as the gateway forwards them ----------------------------------------------

export interface Person extends TestUser {
  name: string;
  /** Signed afresh on each read (personOf). */
  readonly headers: Record<string, string>;
}

/**
 * A user with the identity headers a gateway would forward for them, signed afresh on each read:
 * an assertion lives a minute (ASSERTION_TTL_SECONDS), and a test may run longer than that on a
 * busy machine.
 */
async function personOf(runtime: TestRuntime, role: Role, name: string): Promise<Person> {
  const id = randomUUID();
  const user: TestUser = { id, email: `${name.toLowerCase().replace(/\s+/g, '.')}.${id.slice(0, 6)}@powerpool.test`, role };
  return {
    ...user,
    name,
    get headers() {
      return runtime.headersNow(user);
    },
  };
}

/** The roles every authorization test needs: the same named people in every suite. */
export interface Cast {
  commissioner: Person;
  otherCommissioner: Person;
  admin: Person;
  player: Person;
  outsider: Person;
}

async function castFor(runtime: TestRuntime): Promise<Cast> {
  return {
    commissioner: await personOf(runtime, 'pool_commissioner', 'Casey Commish'),
    otherCommissioner: await personOf(runtime, 'pool_commissioner', 'Other Commish'),
    admin: await personOf(runtime, 'super_admin', 'Ada Admin'),
    player: await personOf(runtime, 'user', 'Pat Player'),
    outsider: await personOf(runtime, 'user', 'Olive Outsider'),
  };
}

/** The HTTP methods an endpoint is declared with (contracts' HttpMethod). */
export type Method = HttpMethod;

/** Wait (up to `timeoutMs`) until `sql` returns a row (the service has consumed an event). */
async function waitForRow(runtime: TestRuntime, { sql, params, timeoutMs = 5000 }: { sql: string; params: unknown[]; timeoutMs?: number }): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if ((await runtime.database.sql.query(sql, params)).length > 0) return;
    if (Date.now() > until) throw new Error(`not stored within ${timeoutMs} ms: ${sql} ${JSON.stringify(params)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A service under test (see startServiceHarness). */
export interface ServiceHarness {
  runtime: TestRuntime;
  app: ServiceApp;
  /** The clock the service sees (every replica). */
  clock: { now: Date };
  /** Every event published so far on the recorded subjects. */
  events: Array<{ subject: string; data: any }>;
  /** The Postgres schema the service owns: the builders wait for rows there. */
  schema: string;
  /** Whether the service keeps its own copy of identity's users (`<schema>.users`). */
  keepsUsers: boolean;
  /** Another instance of the service on the same database and bus (replicas). */
  addReplica(): Promise<ServiceApp>;
  close(): Promise<void>;
}

export interface StartServiceOptions {
  schema: string;
  keepsUsers: boolean;
  /** The service's buildApp over the runtime, reading the harness clock through `now`. */
  build(runtime: TestRuntime, now: () => Date): Promise<ServiceApp>;
  /** Subjects whose events land in `events` (e.g. `picks.>`). */
  record: string[];
  /** Where the clock starts (default 2025-09-01T12:00Z, before week 1). */
  startAt?: Date;
  /** Peers of the service on the same bus (other services' answers), unsubscribed at close. */
  peers?(runtime: TestRuntime): Promise<Subscription[]>;
}

/** A service on real storage and bus (see createTestRuntime), with a movable clock and an event recorder. */
export async function startServiceHarness(options: StartServiceOptions): Promise<ServiceHarness> {
  const runtime = await createTestRuntime();
  const clock = { now: options.startAt ?? new Date('2025-09-01T12:00:00Z') };
  const apps: ServiceApp[] = [];
  const build = async () => {
    const app = await options.build(runtime, () => clock.now);
    apps.push(app);
    return app;
  };
  const app = await build();
  const events: ServiceHarness['events'] = [];
  const subs: Subscription[] = [];
  for (const subject of options.record)
    subs.push(await runtime.bus.subscribe(subject, (m: BusMessage) => void events.push({ subject: m.subject, data: m.data })));
  if (options.peers) subs.push(...(await options.peers(runtime)));
  return {
    runtime,
    app,
    clock,
    events,
    schema: options.schema,
    keepsUsers: options.keepsUsers,
    addReplica: build,
    async close() {
      for (const s of subs) await s.unsubscribe();
      for (const a of apps.reverse()) await a.close();
      await runtime.close();
    },
  };
}

// ---- calls and waits ----------------------------------------------------------------------------

/** One call through inject, as the gateway would forward it (`who` null: signed out); `{ ...h, app }` calls another replica. */
export async function call(
  h: Pick<ServiceHarness, 'runtime' | 'app'>,
  { method, url, who, payload }: { method: Method; url: string; who: Person | null; payload?: unknown },
) {
  const headers = who ? who.headers : await h.runtime.headersFor(null);
  return h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Wait until `sql` returns a row (the service has consumed an event). */
export const stored = (h: { runtime: TestRuntime }, sql: string, params: unknown[]): Promise<void> => waitForRow(h.runtime, { sql, params });

/** Wait for an event on a recorded subject matching `match`, and return its payload. */
export async function eventSeen(h: ServiceHarness, subject: string, match: (data: any) => boolean = () => true): Promise<any> {
  let found: unknown;
  await vi.waitFor(() => {
    found = h.events.find((e) => e.subject === subject && match(e.data))?.data;
    if (!found) throw new Error(`no ${subject} event yet`);
  });
  return found;
}

// ---- people -------------------------------------------------------------------------------------

/**
 * A person with the gateway headers for their calls, announced to the service as identity would
 * (so their name is known) when it keeps users, unless `announce` is false.
 */
export async function person(h: ServiceHarness, { role, name, ...options }: { role: Role; name: string; announce?: boolean }): Promise<Person> {
  const p = await personOf(h.runtime, role, name);
  if (h.keepsUsers && options.announce !== false) await announceUser(h, p);
  return p;
}

/**
 * The five roles of every authorization test, each announced when the service keeps users. A suite
 * with a runtime of its own and no ServiceHarness gives `{ runtime }` (nobody is announced).
 */
export async function castOf(h: ServiceHarness | { runtime: TestRuntime }): Promise<Cast> {
  const cast = await castFor(h.runtime);
  if ('keepsUsers' in h && h.keepsUsers) for (const p of Object.values(cast)) await announceUser(h, p);
  return cast;
}

/** Publish an identity.user.* event with a full user snapshot (`user` on top of an unpaid, unnamed user). */
export async function announce(
  h: ServiceHarness,
  {
    subject,
    user,
    extra = {},
  }: { subject: EventSubject; user: Partial<User> & Pick<User, 'id' | 'email' | 'role' | 'updatedAt'>; extra?: Record<string, unknown> },
): Promise<void> {
  const snapshot: User = {
    displayName: null,
    firstName: null,
    lastName: null,
    hasPaid: false,
    paymentNotes: null,
    createdAt: new Date(0).toISOString(),
    ...user,
  };
  await h.runtime.bus.publish(subject, { user: snapshot, ...extra });
}

/** identity.user.registered for `p` (display name = their name), waiting until the service stored them. */
export async function announceUser(h: ServiceHarness, p: Person): Promise<void> {
  const at = new Date().toISOString();
  await announce(h, {
    subject: 'identity.user.registered',
    user: { id: p.id, email: p.email, displayName: p.name, role: p.role, createdAt: at, updatedAt: at },
  });
  await stored(h, `SELECT 1 FROM ${h.schema}.users WHERE id = $1`, [p.id]);
}

// ---- teams and games (sports-data-staging) -----------------------------------------------------

/**
 * Publish teams, venues and the season's games as sports-data-staging pushes them to production, and wait for
 * them. A push replaces every game of the season: add games later with `updateGame`.
 */
export async function pushSeason(h: ServiceHarness, games: Game[], teams: Team[] = TEAMS): Promise<Game[]> {
  await h.runtime.bus.publish('sports.teams.pushed', { teams, deletedEspnIds: [] });
  await h.runtime.bus.publish('sports.venues.imported', { venues: VENUES });
  await h.runtime.bus.publish('sports.games.pushed', { years: [YEAR], games, deletedEspnIds: [] });
  // As long as the other builders wait for their rows (waitForRow): a busy machine takes over a second.
  await vi.waitFor(
    async () => {
      const [row] = await h.runtime.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${h.schema}.games WHERE year = $1`, [YEAR]);
      const [teamRows] = await h.runtime.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${h.schema}.teams`, []);
      if (row?.n !== games.length || teamRows?.n !== teams.length) throw new Error('season not stored yet');
    },
    { timeout: 5000, interval: 20 },
  );
  return games;
}

let updates = 0;
/** A snapshot time later than every earlier one of this run (the newest snapshot wins). */
export const newerTimestamp = (): string => new Date(Date.now() + ++updates).toISOString();

/**
 * Publish sports.game.updated for a game (with `changes`, under a newer snapshot time), and wait
 * until it is stored. Without changes it announces a new game without touching the others.
 */
export async function updateGame(h: ServiceHarness, game: Game, changes: Partial<Game> = {}): Promise<Game> {
  const next = { ...game, ...changes, updatedAt: newerTimestamp() };
  await h.runtime.bus.publish('sports.game.updated', { game: next, changed: Object.keys(changes) });
  await stored(h, `SELECT 1 FROM ${h.schema}.games WHERE espn_id = $1 AND updated_at = $2`, [game.espnId, next.updatedAt]);
  return next;
}

/**
 * `game` as the provider reports it before kickoff (SCHEDULED, no score): picks are saved on games
 * in this state, since a game reported started or final takes no new pick (docs/game.md#started-games).
 */
export const asScheduled = (game: Game): Game => ({
  ...game,
  gameStatus: 'SCHEDULED',
  homeScore: null,
  awayScore: null,
  currentPeriod: null,
  gameClock: null,
  statusDetail: null,
});

/**
 * Report games stored as scheduled (`asScheduled`) as `played` has them (status, score, clock):
 * the provider's results arriving after the picks were saved, under newer snapshot times.
 */
export async function resultsArrive(h: ServiceHarness, played: Game[]): Promise<void> {
  for (const game of played) {
    const { gameStatus, homeScore, awayScore, currentPeriod, gameClock, statusDetail } = game;
    await updateGame(h, game, { gameStatus, homeScore, awayScore, currentPeriod, gameClock, statusDetail });
  }
}

/** A final score, as the provider reports it. */
export const finalScore = (h: ServiceHarness, { game, homeScore, awayScore }: { game: Game; homeScore: number; awayScore: number }) =>
  updateGame(h, game, { gameStatus: 'COMPLETE', homeScore, awayScore });

// ---- pools and members (pools-invitations) ------------------------------------------------------

/** pools.pool.created, as pools-invitations announces it. */
export async function announcePool(h: ServiceHarness, commissioner: Person, overrides: Partial<Pool> = {}): Promise<Pool> {
  const pool = buildPoolSnapshot(commissioner.id, { year: YEAR, ...overrides });
  await h.runtime.bus.publish('pools.pool.created', { pool });
  await stored(h, `SELECT 1 FROM ${h.schema}.pools WHERE id = $1`, [pool.id]);
  return pool;
}

/** pools.member.joined (or .removed) for `who`. */
export async function announceMember(
  h: ServiceHarness,
  { pool, who, subject = 'pools.member.joined' }: { pool: Pool; who: Person; subject?: MemberSubject },
): Promise<void> {
  await h.runtime.bus.publish(subject, memberEventOf(pool, who.id, subject));
  await stored(h, `SELECT 1 FROM ${h.schema}.pool_members WHERE pool_id = $1 AND user_id = $2 AND is_active = $3`, [
    pool.id,
    who.id,
    subject === 'pools.member.joined',
  ]);
}

// ---- weeks (weeks-workflow) ---------------------------------------------------------------------

export interface PublishedWeek {
  poolId: string;
  weekNumber: number;
  pickDeadline: string;
  /** poolGameId by game id. */
  poolGameIds: Record<string, string>;
}

/**
 * weeks.week.published as weeks-workflow announces it: `spreads` maps game ids to locked spreads;
 * the deadline is 10 minutes before the earliest kickoff unless given.
 */
export async function publishWeek(
  h: ServiceHarness,
  { pool, weekNumber, games, spreads, pickDeadline }: { pool: Pool; weekNumber: number; games: Game[]; spreads: Record<string, number>; pickDeadline?: string },
): Promise<PublishedWeek> {
  return publishWeekEvent(h, { pool, weekNumber, games, spreads, pickDeadline, tiebreakerGameId: null });
}

/**
 * weeks.week.published for a pool with a weekly tiebreaker: the last of the chosen games by kickoff
 * is the week's tiebreaker game, as weeks-workflow fixes it (`tiebreakerGameIdOf`, docs/game.md#weekly-winners).
 */
export async function publishWeekWithTiebreaker(
  h: ServiceHarness,
  publication: { pool: Pool; weekNumber: number; games: Game[]; spreads: Record<string, number>; pickDeadline?: string },
): Promise<PublishedWeek & { tiebreakerGameId: string }> {
  const chosen = publication.games.filter((g) => g.espnId in publication.spreads);
  const tiebreakerGameId = tiebreakerGameIdOf(
    chosen.map((g) => ({ gameId: g.espnId, gameTimeUtc: g.gameTimeUtc })),
    'last_game_total',
  )!;
  return { ...(await publishWeekEvent(h, { ...publication, tiebreakerGameId })), tiebreakerGameId };
}

async function publishWeekEvent(
  h: ServiceHarness,
  {
    pool,
    weekNumber,
    games,
    spreads,
    pickDeadline,
    tiebreakerGameId,
  }: { pool: Pool; weekNumber: number; games: Game[]; spreads: Record<string, number>; pickDeadline?: string | undefined; tiebreakerGameId: string | null },
): Promise<PublishedWeek> {
  const chosen = games.filter((g) => g.espnId in spreads);
  const deadline = pickDeadline ?? new Date(Math.min(...chosen.map((g) => new Date(g.gameTimeUtc).getTime())) - 10 * 60_000).toISOString();
  const poolGameIds = Object.fromEntries(chosen.map((g) => [g.espnId, randomUUID()]));
  await h.runtime.bus.publish('weeks.week.published', {
    poolId: pool.id,
    year: YEAR,
    weekNumber,
    pickDeadline: deadline,
    publishedAt: new Date().toISOString(),
    games: chosen.map((g) => ({
      gameId: g.espnId,
      poolGameId: poolGameIds[g.espnId]!,
      lockedSpread: spreads[g.espnId]!,
      gameTimeUtc: g.gameTimeUtc,
      homeTeamEspnId: g.homeTeamEspnId,
      awayTeamEspnId: g.awayTeamEspnId,
    })),
    tiebreakerGameId,
  });
  await stored(h, `SELECT 1 FROM ${h.schema}.pool_weeks WHERE pool_id = $1 AND week_number = $2`, [pool.id, weekNumber]);
  return { poolId: pool.id, weekNumber, pickDeadline: deadline, poolGameIds };
}

/**
 * Move a published week forward to `to`, one weeks.week.state-changed at a time as weeks-workflow
 * does (PUBLISHED, GAMES_IN_PROGRESS, SCORING, COMPLETE), waiting for each.
 */
export async function moveWeekTo(h: ServiceHarness, { pool, weekNumber, to }: { pool: Pool; weekNumber: number; to: WeekState }): Promise<void> {
  const order: WeekState[] = ['PUBLISHED', 'GAMES_IN_PROGRESS', 'SCORING', 'COMPLETE'];
  const [row] = await h.runtime.database.sql.query<{ state: WeekState }>(`SELECT state FROM ${h.schema}.pool_weeks WHERE pool_id = $1 AND week_number = $2`, [
    pool.id,
    weekNumber,
  ]);
  for (let i = order.indexOf(row!.state); i < order.indexOf(to); i++) {
    const [fromState, toState] = [order[i]!, order[i + 1]!];
    // At the service's clock: a save that arrived before this move is still taken (savesOpenAt).
    await h.runtime.bus.publish('weeks.week.state-changed', {
      poolId: pool.id,
      year: YEAR,
      weekNumber,
      fromState,
      toState,
      testing: true,
      automatic: false,
      byUserId: null,
      at: h.clock.now.toISOString(),
    });
    await stored(h, `SELECT 1 FROM ${h.schema}.pool_weeks WHERE pool_id = $1 AND week_number = $2 AND state = $3`, [pool.id, weekNumber, toState]);
  }
}

/** weeks.game.voided for a published game. */
export async function voidGame(
  h: ServiceHarness,
  { week, gameId, reason = 'Cancelled by the league' }: { week: PublishedWeek; gameId: string; reason?: string },
): Promise<void> {
  await h.runtime.bus.publish('weeks.game.voided', {
    poolId: week.poolId,
    year: YEAR,
    weekNumber: week.weekNumber,
    gameId,
    poolGameId: week.poolGameIds[gameId]!,
    reason,
    byUserId: null,
    voidedAt: new Date().toISOString(),
  });
  await stored(h, `SELECT 1 FROM ${h.schema}.pool_games WHERE id = $1 AND voided_at IS NOT NULL`, [week.poolGameIds[gameId]!]);
}

// ---- picks (picks-scoring) ----------------------------------------------------------------------

/** Picks as [gameId, teamEspnId, rank] (rank 0 = power pick). */
export type PickSpec = Array<[string, string, number]>;

/** A batch body for `week` (POST /api/picks/batch). */
export function batchOf(week: PublishedWeek, picks: PickSpec) {
  return {
    weekId: `${YEAR}:${week.weekNumber}`,
    picks: picks.map(([gameId, team, rank]) => ({
      poolId: week.poolId,
      poolGameId: week.poolGameIds[gameId] ?? null,
      gameEspnCompetitionId: gameId,
      selectedTeamEspnId: team,
      confidenceRank: rank,
      isPowerPick: rank === 0,
      weekNumber: week.weekNumber,
    })),
  };
}

/** A commissioner override body for `week`. */
export function overrideOf({
  week,
  target,
  picks,
  overrideReason = 'Player phoned in their picks',
}: {
  week: PublishedWeek;
  target: Person;
  picks: PickSpec;
  overrideReason?: string;
}) {
  return {
    targetUserId: target.id,
    poolId: week.poolId,
    weekNumber: week.weekNumber,
    overrideReason,
    picks: batchOf(week, picks).picks.map(({ poolId: _p, weekNumber: _w, ...pick }) => pick),
  };
}

/** Save `who`'s picks of `week` through POST /api/picks/batch (the clock must be before the deadline). */
export async function savePicks(h: ServiceHarness, { week, who, picks }: { week: PublishedWeek; who: Person; picks: PickSpec }): Promise<void> {
  const res = await call(h, { method: 'POST', url: '/api/picks/batch', who, payload: batchOf(week, picks) });
  if (res.statusCode !== 200) throw new Error(`saving picks failed: ${res.statusCode} ${res.body}`);
}

/** Run `fn` with the service's clock a minute before `week`'s pick deadline (to save picks), then set the clock back. */
export async function beforeDeadline<T>(h: ServiceHarness, week: PublishedWeek, fn: () => Promise<T>): Promise<T> {
  const clock = h.clock.now;
  h.clock.now = new Date(Date.parse(week.pickDeadline) - 60_000);
  try {
    return await fn();
  } finally {
    h.clock.now = clock;
  }
}

// ---- worlds -------------------------------------------------------------------------------------

export interface PoolWithWeek {
  pool: Pool;
  week: PublishedWeek;
}

/**
 * World: a pool of `commissioner` with `members` joined and week `weekNumber` published (`spreads`
 * by game id), and each member's `picks` saved before the deadline. The games must be pushed to production.
 * A pool with a weekly tiebreaker (`pool.weeklyTiebreaker`) has its week published with the
 * tiebreaker game, as weeks-workflow publishes it (publishWeekWithTiebreaker).
 */
export async function poolWithPublishedWeek(
  h: ServiceHarness,
  world: {
    commissioner: Person;
    members: Person[];
    games: Game[];
    spreads: Record<string, number>;
    weekNumber?: number;
    pool?: Partial<Pool>;
    picks?: Array<[Person, PickSpec]>;
  },
): Promise<PoolWithWeek> {
  const pool = await announcePool(h, world.commissioner, world.pool);
  for (const m of world.members) await announceMember(h, { pool, who: m });
  const publication = { pool, weekNumber: world.weekNumber ?? 1, games: world.games, spreads: world.spreads };
  const week =
    pool.weeklyTiebreaker === 'none'
      ? await publishWeek(h, { pool, weekNumber: publication.weekNumber, games: publication.games, spreads: publication.spreads })
      : await publishWeekWithTiebreaker(h, publication);
  if (world.picks?.length)
    await beforeDeadline(h, week, async () => {
      for (const [who, picks] of world.picks!) await savePicks(h, { week, who, picks });
    });
  return { pool, week };
}
