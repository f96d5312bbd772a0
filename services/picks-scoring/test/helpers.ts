import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { vi } from 'vitest';
import { RPC, type Game, type MemberEventSnapshot, type Pool, type PoolAccessReply, type Role, type Team, type User, type Venue, type WeekGetReply, type WeekState } from '@powerpool/contracts';
import { ServiceUnavailableError, type BusMessage, type ServiceApp } from '@powerpool/service-kit';
import {
  buildPoolSnapshot,
  buildProductionGame,
  callAs,
  castOf as castFor,
  createTestRuntime,
  memberEventOf,
  personOf,
  waitForRow,
  type Cast,
  type MemberSubject,
  type Method,
  type Person,
  type TestRuntime,
} from '@powerpool/testing';
import { buildApp, type PicksScoringDeps } from '../src/app.js';
import { loadPicksScoringConfig } from '../src/config.js';

export type { Cast, Person };
export const YEAR = 2025;

export interface PicksHarness {
  runtime: TestRuntime;
  app: ServiceApp;
  /** The clock the service sees (every replica). */
  clock: { now: Date };
  /** Every picks.* and scoring.* event published so far. */
  events: Array<{ subject: string; data: any }>;
  /** Another instance of the service on the same database and bus (replicas). */
  addReplica(): Promise<ServiceApp>;
  /**
   * weeks-workflow's side of each pool week (by `weekKey`), as the peer answers rpc.weeks.week.get:
   * what the test announced, or set here to play weeks-workflow ahead of the events.
   */
  weeksWorkflow: Map<string, WeekGetReply>;
  /** Pool weeks (by `weekKey`) for which the peer answers with a failure, as an unreachable weeks-workflow would. */
  weeksWorkflowDown: Set<string>;
  /**
   * pools-invitations as a peer answering rpc.pools.pool.access: the pools and memberships the
   * test announced, or set here to play pools-invitations ahead of its events (key `poolId:userId`).
   */
  poolsInvitations: PoolsPeer;
  close(): Promise<void>;
}

const config = (extra: Record<string, string> = {}) => loadPicksScoringConfig({ IDENTITY_ASSERTION_PUBLIC_KEY: 'unused-runtime-verifier-is-passed', ...extra });

/** picks-scoring on real storage and bus, with a movable clock and an event recorder (`liveStream`: the streams' timing). */
export async function startPicks(options: { liveStream?: PicksScoringDeps['liveStream'] } = {}): Promise<PicksHarness> {
  const runtime = await createTestRuntime();
  const clock = { now: new Date('2025-09-01T12:00:00Z') };
  const apps: ServiceApp[] = [];
  const build = async () => {
    const app = await buildApp({ ...runtime, now: () => clock.now, config: config(), ...(options.liveStream ? { liveStream: options.liveStream } : {}) });
    apps.push(app);
    return app;
  };
  const app = await build();
  const events: PicksHarness['events'] = [];
  // weeks-workflow as a peer on the real bus: it knows a week as soon as the test announces it
  // (the events it publishes), and answers rpc.weeks.week.get from that, as weeks-workflow would.
  const weeks = new Map<string, WeekGetReply>();
  const down = new Set<string>();
  const poolsPeer: PoolsPeer = { pools: new Map(), members: new Map() };
  const subs = [
    await runtime.bus.subscribe('picks.>', (m: BusMessage) => void events.push({ subject: m.subject, data: m.data })),
    await runtime.bus.subscribe('weeks.week.*', (m: BusMessage<any>) => {
      const known = weeks.get(weekKey(m.data)) ?? { published: null, latest: null };
      if (m.subject === 'weeks.week.published') weeks.set(weekKey(m.data), { ...known, published: m.data });
      else weeks.set(weekKey(m.data), { ...known, latest: m.data });
    }),
    await runtime.bus.subscribe('pools.>', (m: BusMessage<any>) => {
      if (m.data.pool) poolsPeer.pools.set(m.data.pool.id, m.data.pool);
      const key = m.data.member && `${m.data.member.poolId}:${m.data.member.userId}`;
      // pools-invitations deletes a removed membership: it then answers "no membership".
      if (key && m.subject === 'pools.member.removed') poolsPeer.members.delete(key);
      else if (key) poolsPeer.members.set(key, m.data.member);
    }),
    await runtime.bus.handle(
      RPC.poolsPoolAccess,
      async (m: BusMessage<any>): Promise<PoolAccessReply> => ({
        pool: poolsPeer.pools.get(m.data.poolId) ?? null,
        member: poolsPeer.members.get(`${m.data.poolId}:${m.data.userId}`) ?? null,
      }),
      { queue: 'pools-invitations' },
    ),
    await runtime.bus.handle(
      RPC.weeksWeekGet,
      async (m: BusMessage<any>) => {
        if (down.has(weekKey(m.data))) throw new ServiceUnavailableError('weeks-workflow');
        return weeks.get(weekKey(m.data)) ?? { published: null, latest: null };
      },
      { queue: 'weeks-workflow' },
    ),
  ];
  return {
    runtime,
    app,
    clock,
    events,
    addReplica: build,
    weeksWorkflow: weeks,
    weeksWorkflowDown: down,
    poolsInvitations: poolsPeer,
    async close() {
      for (const s of subs) await s.unsubscribe();
      for (const a of apps.reverse()) await a.close();
      await runtime.close();
    },
  };
}

/** What the pools-invitations peer knows (PicksHarness.poolsInvitations). */
export interface PoolsPeer {
  pools: Map<string, Pool>;
  members: Map<string, MemberEventSnapshot>;
}

/** The key of a pool week in `PicksHarness.weeksWorkflow`. */
export const weekKey = (r: { poolId: string; year: number; weekNumber: number }): string => `${r.poolId}:${r.year}:${r.weekNumber}`;

/** A person, announced to the service as identity would (so their name is known). */
export async function person(h: PicksHarness, role: Role, name: string): Promise<Person> {
  const p = await personOf(h.runtime, role, name);
  await announceUser(h, p);
  return p;
}

/** The five roles of every authorization test, each announced. */
export async function castOf(h: PicksHarness): Promise<Cast> {
  const cast = await castFor(h.runtime);
  for (const p of Object.values(cast)) await announceUser(h, p);
  return cast;
}

/** identity.user.registered for `p` (display name = their name). */
export async function announceUser(h: PicksHarness, p: Person): Promise<void> {
  const at = new Date().toISOString();
  const user: User = { id: p.id, email: p.email, displayName: p.name, firstName: null, lastName: null, role: p.role, hasPaid: false, paymentNotes: null, createdAt: at, updatedAt: at };
  await h.runtime.bus.publish('identity.user.registered', { user });
  await stored(h, 'SELECT 1 FROM picks.users WHERE id = $1', [p.id]);
}

/** One call through buildApp + inject, as the gateway would forward it. */
export const call = (h: PicksHarness, method: Method, url: string, who: Person | null, payload?: unknown) => callAs(h.runtime, h.app, method, url, who, payload);

/** Wait until `sql` returns a row (the service has consumed an event). */
export const stored = (h: PicksHarness, sql: string, params: unknown[]): Promise<void> => waitForRow(h.runtime, sql, params);

export const TEAMS: Team[] = [
  { espnId: '21', name: 'Philadelphia Eagles', shortName: 'Eagles', abbreviation: 'PHI', city: 'Philadelphia', color: '06424d', logoUrl: 'https://a.espncdn.com/i/teamlogos/nfl/500/phi.png', darkLogoUrl: null },
  { espnId: '6', name: 'Dallas Cowboys', shortName: 'Cowboys', abbreviation: 'DAL', city: 'Dallas', color: '002a5c', logoUrl: 'https://a.espncdn.com/i/teamlogos/nfl/500/dal.png', darkLogoUrl: null },
  { espnId: '12', name: 'Kansas City Chiefs', shortName: 'Chiefs', abbreviation: 'KC', city: 'Kansas City', color: 'e31837', logoUrl: null, darkLogoUrl: null },
  { espnId: '24', name: 'Los Angeles Chargers', shortName: 'Chargers', abbreviation: 'LAC', city: 'Los Angeles', color: '0080c6', logoUrl: null, darkLogoUrl: null },
  { espnId: '2', name: 'Buffalo Bills', shortName: 'Bills', abbreviation: 'BUF', city: 'Buffalo', color: '00338d', logoUrl: null, darkLogoUrl: null },
  { espnId: '15', name: 'Miami Dolphins', shortName: 'Dolphins', abbreviation: 'MIA', city: 'Miami', color: '008e97', logoUrl: null, darkLogoUrl: null },
  { espnId: '3', name: 'Chicago Bears', shortName: 'Bears', abbreviation: 'CHI', city: 'Chicago', color: '0b162a', logoUrl: null, darkLogoUrl: null },
  { espnId: '8', name: 'Detroit Lions', shortName: 'Lions', abbreviation: 'DET', city: 'Detroit', color: '0076b6', logoUrl: null, darkLogoUrl: null },
  { espnId: '9', name: 'Green Bay Packers', shortName: 'Packers', abbreviation: 'GB', city: 'Green Bay', color: '203731', logoUrl: null, darkLogoUrl: null },
  { espnId: '16', name: 'Minnesota Vikings', shortName: 'Vikings', abbreviation: 'MIN', city: 'Minneapolis', color: '4f2683', logoUrl: null, darkLogoUrl: null },
];

export const VENUES: Venue[] = [
  { espnVenueId: '3806', fullName: 'Lincoln Financial Field', city: 'Philadelphia', state: 'PA', zipCode: null, indoor: false, grass: true, exteriorImageUrl: null, interiorImageUrl: null },
];

const team = (id: string) => TEAMS.find((t) => t.espnId === id)!;

/** Factory: a production game of the 2025 season between two of TEAMS (home first). */
export function buildGame(weekNumber: number, gameTimeUtc: string, home: string, away: string, overrides: Partial<Game> = {}): Game {
  const h = team(home);
  const a = team(away);
  return buildProductionGame({
    espnId: `g-${randomUUID().slice(0, 8)}`,
    year: YEAR,
    weekNumber,
    gameTimeUtc,
    homeTeamEspnId: h.espnId,
    awayTeamEspnId: a.espnId,
    homeTeamAbbr: h.abbreviation,
    awayTeamAbbr: a.abbreviation,
    homeTeamShortName: h.shortName,
    awayTeamShortName: a.shortName,
    gameName: `${a.name} at ${h.name}`,
    updatedAt: '2025-08-01T00:00:00.000Z',
    ...overrides,
  });
}

/** Week 1 of buildSeason as the picks suites publish it: a clock before it, its deadline, its spreads. */
export const WEEK1 = {
  before: new Date('2025-09-01T12:00:00Z'),
  /** 10 minutes before w1-a (Thursday 2025-09-05T00:20Z), the week's earliest published game. */
  deadline: new Date('2025-09-05T00:10:00.000Z'),
  /** w1-a PHI(21)-DAL(6), w1-b KC(12)-LAC(24), w1-c BUF(2)-MIA(15), w1-d CHI(3)-DET(8) published; w1-e GB(9)-MIN(16) not. */
  spreads: { 'w1-a': -3.5, 'w1-b': 2.5, 'w1-c': 0, 'w1-d': -1 },
} as const;

/** Week 1 of most suites: five games on Thursday and Sunday (ids w1-a .. w1-e), and one of week 2. */
export function buildSeason(): Game[] {
  return [
    buildGame(1, '2025-09-05T00:20:00.000Z', '21', '6', { espnId: 'w1-a', venueEspnId: '3806' }),
    buildGame(1, '2025-09-07T17:00:00.000Z', '12', '24', { espnId: 'w1-b' }),
    buildGame(1, '2025-09-07T17:00:00.000Z', '2', '15', { espnId: 'w1-c' }),
    buildGame(1, '2025-09-07T20:25:00.000Z', '3', '8', { espnId: 'w1-d' }),
    buildGame(1, '2025-09-08T00:20:00.000Z', '9', '16', { espnId: 'w1-e' }),
    buildGame(2, '2025-09-12T00:15:00.000Z', '6', '21', { espnId: 'w2-a' }),
  ];
}

/**
 * Publish teams, venues and the season's games as sports-data-staging migrates them, and wait for
 * them. A migration replaces every game of the season: add games later with `updateGame`.
 */
export async function migrateSeason(h: PicksHarness, games: Game[] = buildSeason(), teams: Team[] = TEAMS): Promise<Game[]> {
  await h.runtime.bus.publish('sports.teams.migrated', { teams, deletedEspnIds: [] });
  await h.runtime.bus.publish('sports.venues.imported', { venues: VENUES });
  await h.runtime.bus.publish('sports.games.migrated', { years: [YEAR], games, deletedEspnIds: [] });
  await vi.waitFor(async () => {
    const [row] = await h.runtime.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM picks.games WHERE year = $1', [YEAR]);
    const [teamRows] = await h.runtime.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM picks.teams', []);
    if (row?.n !== games.length || teamRows?.n !== teams.length) throw new Error('season not stored yet');
  });
  return games;
}

let updates = 0;
/** A snapshot time later than every earlier one of this run (the newest snapshot wins). */
export const newerTimestamp = (): string => new Date(Date.now() + ++updates).toISOString();

/**
 * Publish sports.game.updated for a game (with `changes`, under a newer snapshot time), and wait
 * until it is stored. Without changes it announces a new game without touching the others.
 */
export async function updateGame(h: PicksHarness, game: Game, changes: Partial<Game> = {}): Promise<Game> {
  const next = { ...game, ...changes, updatedAt: newerTimestamp() };
  await h.runtime.bus.publish('sports.game.updated', { game: next, changed: Object.keys(changes) });
  await stored(h, 'SELECT 1 FROM picks.games WHERE espn_id = $1 AND updated_at = $2', [game.espnId, next.updatedAt]);
  return next;
}

/** A final score, as the provider reports it. */
export const finalScore = (h: PicksHarness, game: Game, homeScore: number, awayScore: number) => updateGame(h, game, { gameStatus: 'COMPLETE', homeScore, awayScore });

/** pools.pool.created, as pools-invitations announces it. */
export async function announcePool(h: PicksHarness, commissioner: Person, overrides: Partial<Pool> = {}): Promise<Pool> {
  const pool = buildPoolSnapshot(commissioner.id, { year: YEAR, ...overrides });
  await h.runtime.bus.publish('pools.pool.created', { pool });
  await stored(h, 'SELECT 1 FROM picks.pools WHERE id = $1', [pool.id]);
  return pool;
}

/** pools.member.joined (or .removed) for `who`. */
export async function announceMember(h: PicksHarness, pool: Pool, who: Person, subject: MemberSubject = 'pools.member.joined'): Promise<void> {
  await h.runtime.bus.publish(subject, memberEventOf(pool, who.id, subject));
  await stored(h, 'SELECT 1 FROM picks.pool_members WHERE pool_id = $1 AND user_id = $2 AND is_active = $3', [pool.id, who.id, subject === 'pools.member.joined']);
}

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
export async function publishWeek(h: PicksHarness, pool: Pool, weekNumber: number, games: Game[], spreads: Record<string, number>, pickDeadline?: string): Promise<PublishedWeek> {
  const chosen = games.filter((g) => g.espnId in spreads);
  const deadline = pickDeadline ?? new Date(Math.min(...chosen.map((g) => new Date(g.gameTimeUtc).getTime())) - 10 * 60_000).toISOString();
  const poolGameIds = Object.fromEntries(chosen.map((g) => [g.espnId, randomUUID()]));
  await h.runtime.bus.publish('weeks.week.published', {
    poolId: pool.id,
    year: YEAR,
    weekNumber,
    pickDeadline: deadline,
    publishedAt: new Date().toISOString(),
    games: chosen.map((g) => ({ gameId: g.espnId, poolGameId: poolGameIds[g.espnId]!, lockedSpread: spreads[g.espnId]!, gameTimeUtc: g.gameTimeUtc, homeTeamEspnId: g.homeTeamEspnId, awayTeamEspnId: g.awayTeamEspnId })),
  });
  await stored(h, 'SELECT 1 FROM picks.pool_weeks WHERE pool_id = $1 AND week_number = $2', [pool.id, weekNumber]);
  return { poolId: pool.id, weekNumber, pickDeadline: deadline, poolGameIds };
}

/**
 * Move a published week forward to `to`, one weeks.week.state-changed at a time as weeks-workflow
 * does (PUBLISHED, GAMES_IN_PROGRESS, SCORING, COMPLETE), waiting for each. Reaching COMPLETE
 * calculates a week not calculated yet, in the same transaction.
 */
export async function moveWeekTo(h: PicksHarness, pool: Pool, weekNumber: number, to: WeekState): Promise<void> {
  const order: WeekState[] = ['PUBLISHED', 'GAMES_IN_PROGRESS', 'SCORING', 'COMPLETE'];
  const [row] = await h.runtime.database.sql.query<{ state: WeekState }>('SELECT state FROM picks.pool_weeks WHERE pool_id = $1 AND week_number = $2', [pool.id, weekNumber]);
  for (let i = order.indexOf(row!.state); i < order.indexOf(to); i++) {
    const [fromState, toState] = [order[i]!, order[i + 1]!];
    // At the service's clock: a save that arrived before this move is still taken (savesOpenAt).
    await h.runtime.bus.publish('weeks.week.state-changed', { poolId: pool.id, year: YEAR, weekNumber, fromState, toState, testing: true, automatic: false, byUserId: null, at: h.clock.now.toISOString() });
    await stored(h, 'SELECT 1 FROM picks.pool_weeks WHERE pool_id = $1 AND week_number = $2 AND state = $3', [pool.id, weekNumber, toState]);
  }
}

/** weeks.game.voided for a published game. */
export async function voidGame(h: PicksHarness, week: PublishedWeek, gameId: string, reason = 'Cancelled by the league'): Promise<void> {
  await h.runtime.bus.publish('weeks.game.voided', { poolId: week.poolId, year: YEAR, weekNumber: week.weekNumber, gameId, poolGameId: week.poolGameIds[gameId]!, reason, byUserId: null, voidedAt: new Date().toISOString() });
  await stored(h, 'SELECT 1 FROM picks.pool_games WHERE id = $1 AND voided_at IS NOT NULL', [week.poolGameIds[gameId]!]);
}

/** A batch body for `week`: picks as [gameId, teamEspnId, rank] (rank 0 = power pick). */
export function batchOf(week: PublishedWeek, picks: Array<[string, string, number]>) {
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

// ---- picks and overrides ------------------------------------------------------------------------

/** A player's stored picks of a pool week as [gameId, teamEspnId, rank], 3, 2, 1, then the power pick. */
export async function storedPicks(h: PicksHarness, poolId: string, userId: string, weekNumber: number): Promise<Array<[string, string, number]>> {
  const rows = await h.runtime.database.sql.query<{ game_id: string; selected_team_espn_id: string; confidence_rank: number }>(
    'SELECT game_id, selected_team_espn_id, confidence_rank FROM picks.picks WHERE pool_id = $1 AND user_id = $2 AND week_number = $3',
    [poolId, userId, weekNumber],
  );
  const order = (rank: number) => (rank === 0 ? 0 : rank);
  return rows.map((r): [string, string, number] => [r.game_id, r.selected_team_espn_id, r.confidence_rank]).sort((a, b) => order(b[2]) - order(a[2]));
}

/** A commissioner override body for `week`: picks as [gameId, teamEspnId, rank] (rank 0 = power pick). */
export function overrideOf(week: PublishedWeek, target: Person, picks: Array<[string, string, number]>, overrideReason = 'Player phoned in their picks') {
  return { targetUserId: target.id, poolId: week.poolId, weekNumber: week.weekNumber, overrideReason, picks: batchOf(week, picks).picks.map(({ poolId: _p, weekNumber: _w, ...pick }) => pick) };
}

/** Save `who`'s picks of `week` through POST /api/picks/batch (the clock must be before the deadline). */
export async function savePicks(h: PicksHarness, week: PublishedWeek, who: Person, picks: Array<[string, string, number]>): Promise<void> {
  const res = await call(h, 'POST', '/api/picks/batch', who, batchOf(week, picks));
  if (res.statusCode !== 200) throw new Error(`saving picks failed: ${res.statusCode} ${res.body}`);
}

/** Run `fn` with the service's clock a minute before `week`'s pick deadline (to save picks), then set the clock back. */
export async function beforeDeadline<T>(h: PicksHarness, week: PublishedWeek, fn: () => Promise<T>): Promise<T> {
  const clock = h.clock.now;
  h.clock.now = new Date(Date.parse(week.pickDeadline) - 60_000);
  try {
    return await fn();
  } finally {
    h.clock.now = clock;
  }
}

/**
 * TEST-ONLY: picks no API accepts (e.g. a week without its 1pt pick, a team not in the game),
 * written straight into picks.picks, to show what scoring and the boards do with a week that
 * cannot be scored. `picks` as [gameId, teamEspnId, rank] (rank 0 = power pick).
 */
export async function insertUnscorablePicksForTest(h: PicksHarness, week: PublishedWeek, who: Person, picks: Array<[string, string, number]>): Promise<void> {
  const at = new Date().toISOString();
  for (const [gameId, team, rank] of picks) {
    await h.runtime.database.sql.query(
      `INSERT INTO picks.picks (id, pool_id, user_id, year, week_number, game_id, pool_game_id, selected_team_espn_id, confidence_rank, is_power_pick, entered_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $3, $11, $11)`,
      [randomUUID(), week.poolId, who.id, YEAR, week.weekNumber, gameId, week.poolGameIds[gameId] ?? null, team, rank, rank === 0, at],
    );
  }
}

// ---- recorded ESPN weeks ------------------------------------------------------------------------

/** ESPN scoreboards recorded from the real API (services/sports-data-staging/fixtures/espn, see its SOURCES.md). */
const ESPN_FIXTURES = new URL('../../sports-data-staging/fixtures/espn/', import.meta.url);

interface EspnCompetitor {
  homeAway: 'home' | 'away';
  score: string;
  winner?: boolean;
  team: { id: string; abbreviation: string; displayName: string; shortDisplayName: string; location: string; color?: string; logo?: string };
}

/** Postseason weeks of ESPN (1 Wild Card .. 5 Super Bowl) are our weeks 19..22 (4 is the Pro Bowl's gap). */
const weekNumberOfEspn = (seasonType: number, week: number) => (seasonType === 3 ? Math.min(18 + week, 22) : seasonType === 1 ? week - 5 : week);

/**
 * A recorded ESPN scoreboard as sports-data-staging would migrate it: the production games of that
 * week (real teams, kickoffs, statuses and scores) and their teams. Read from the file itself, so
 * the tests score what really happened.
 */
function recordedWeek(file: string): { games: Game[]; teams: Team[] } {
  const board = JSON.parse(readFileSync(new URL(file, ESPN_FIXTURES), 'utf8')) as {
    season: { year: number; type: number };
    week: { number: number };
    events: Array<{ id: string; date: string; name: string; competitions: Array<{ id: string; venue?: { id: string }; competitors: EspnCompetitor[]; status: { period: number; displayClock: string; type: { state: string; completed: boolean } } }> }>;
  };
  const weekNumber = weekNumberOfEspn(board.season.type, board.week.number);
  const teams = new Map<string, Team>();
  const games = board.events.map((event) => {
    const comp = event.competitions[0]!;
    const home = comp.competitors.find((c) => c.homeAway === 'home')!;
    const away = comp.competitors.find((c) => c.homeAway === 'away')!;
    for (const c of [home, away]) {
      teams.set(c.team.id, { espnId: c.team.id, name: c.team.displayName, shortName: c.team.shortDisplayName, abbreviation: c.team.abbreviation, city: c.team.location, color: c.team.color ?? null, logoUrl: c.team.logo ?? null, darkLogoUrl: null });
    }
    const { state, completed } = comp.status.type;
    const started = state !== 'pre';
    return buildProductionGame({
      espnId: event.id,
      espnCompetitionId: comp.id,
      year: board.season.year,
      weekNumber,
      gameTimeUtc: new Date(event.date).toISOString(),
      homeTeamEspnId: home.team.id,
      awayTeamEspnId: away.team.id,
      homeTeamAbbr: home.team.abbreviation,
      awayTeamAbbr: away.team.abbreviation,
      homeTeamShortName: home.team.shortDisplayName,
      awayTeamShortName: away.team.shortDisplayName,
      gameName: event.name,
      gameStatus: completed ? 'COMPLETE' : state === 'in' ? 'IN_PROGRESS' : 'SCHEDULED',
      homeScore: started ? Number(home.score) : null,
      awayScore: started ? Number(away.score) : null,
      currentPeriod: started ? comp.status.period : null,
      gameClock: state === 'in' ? comp.status.displayClock : null,
      winnerTeamEspnId: home.winner ? home.team.id : away.winner ? away.team.id : null,
      venueEspnId: comp.venue?.id ?? null,
      updatedAt: '2025-08-01T00:00:00.000Z',
    });
  });
  return { games, teams: [...teams.values()] };
}

/** Recorded weeks' games and teams (for `migrateSeason`). */
export function recordedWeeks(files: string[]): { games: Game[]; teams: Team[] } {
  const weeks = files.map(recordedWeek);
  return { games: weeks.flatMap((w) => w.games), teams: [...new Map(weeks.flatMap((w) => w.teams).map((t) => [t.espnId, t])).values()] };
}
