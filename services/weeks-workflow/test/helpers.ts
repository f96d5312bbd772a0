import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import { RPC, type Game, type Pool, type RefreshWeekReply, type Role, type Team, type UnscoredPicksReply, type UnscoredPicksRequest } from '@powerpool/contracts';
import type { BusMessage, ServiceApp, Subscription } from '@powerpool/service-kit';
import { buildPoolSnapshot as poolSnapshot, buildProductionGame, callAs, castOf as castFor, createTestRuntime, memberEventOf, personOf, waitForRow, type Cast, type Method, type Person, type TestRuntime } from '@powerpool/testing';
import { buildApp } from '../src/app.js';
import { loadWeeksWorkflowConfig } from '../src/config.js';

export const YEAR = 2025;

export interface WeeksHarness {
  runtime: TestRuntime;
  app: ServiceApp;
  /** The clock the service sees (both instances, when there are two). */
  clock: { now: Date };
  /** Every weeks.* event published so far. */
  events: Array<{ subject: string; data: any }>;
  /** A second instance of the service on the same database and bus (replicas). */
  addReplica(): Promise<ServiceApp>;
  /**
   * What picks-scoring answers when weeks-workflow asks, before Complete Week, how many picks
   * completing would leave unscored (a peer on the real bus; by default none: no picks here).
   */
  scoring: { reply: UnscoredPicksReply; asked: UnscoredPicksRequest[] };
  close(): Promise<void>;
}

const config = (extra: Record<string, string> = {}) =>
  loadWeeksWorkflowConfig({ IDENTITY_ASSERTION_PUBLIC_KEY: 'unused-runtime-verifier-is-passed', WEEKS_AUTO_START_INTERVAL_MS: '100', SPORTS_REFRESH_TIMEOUT_MS: '2000', ...extra });

/** weeks-workflow on real storage and bus, with a movable clock and an event recorder. */
export async function startWeeks(): Promise<WeeksHarness> {
  const runtime = await createTestRuntime();
  const clock = { now: new Date('2025-09-01T12:00:00Z') };
  const apps: ServiceApp[] = [];
  const build = async () => {
    const app = await buildApp({ ...runtime, now: () => clock.now, config: config() });
    apps.push(app);
    return app;
  };
  const app = await build();
  const events: WeeksHarness['events'] = [];
  const sub = await runtime.bus.subscribe('weeks.>', (m: BusMessage) => void events.push({ subject: m.subject, data: m.data }));
  const scoring: WeeksHarness['scoring'] = { reply: { unscoredPicks: 0, reasons: [] }, asked: [] };
  const peer = await runtime.bus.handle(
    RPC.scoringUnscoredPicks,
    async (m: BusMessage<UnscoredPicksRequest>): Promise<UnscoredPicksReply> => {
      scoring.asked.push(m.data);
      return scoring.reply;
    },
    { queue: 'picks-scoring' },
  );
  return {
    runtime,
    app,
    clock,
    events,
    addReplica: build,
    scoring,
    async close() {
      await peer.unsubscribe();
      await sub.unsubscribe();
      for (const a of apps.reverse()) await a.close();
      await runtime.close();
    },
  };
}

export type { Cast, Person };

export const person = (h: WeeksHarness, role: Role, name: string): Promise<Person> => personOf(h.runtime, role, name);
export const castOf = (h: WeeksHarness): Promise<Cast> => castFor(h.runtime);

/** One call through buildApp + inject, as the gateway would forward it. */
export const call = (h: WeeksHarness, method: Method, url: string, who: Person | null, payload?: unknown) => callAs(h.runtime, h.app, method, url, who, payload);

/** Wait until `sql` returns a row (the service has consumed an event). */
export const stored = (h: WeeksHarness, sql: string, params: unknown[]): Promise<void> => waitForRow(h.runtime, sql, params);

/** Factory: a production game of the 2025 season as sports-data-staging announces it. */
export function buildGame(weekNumber: number, gameTimeUtc: string, overrides: Partial<Game> = {}): Game {
  return buildProductionGame({ espnId: `g-${randomUUID().slice(0, 8)}`, year: YEAR, weekNumber, gameTimeUtc, updatedAt: '2025-08-01T00:00:00.000Z', ...overrides });
}

/** The games most suites use: week 1 (three games), week 2 (one), the Super Bowl. */
export function buildSeason(): Game[] {
  return [
    buildGame(1, '2025-09-05T00:20:00.000Z', { espnId: 'w1-thu' }),
    buildGame(1, '2025-09-07T17:00:00.000Z', { espnId: 'w1-sun', homeTeamEspnId: '12', homeTeamAbbr: 'KC', homeTeamShortName: 'Chiefs', awayTeamEspnId: '24', awayTeamAbbr: 'LAC', awayTeamShortName: 'Chargers' }),
    buildGame(1, '2025-09-09T00:15:00.000Z', { espnId: 'w1-mon', homeTeamEspnId: '2', homeTeamAbbr: 'BUF', homeTeamShortName: 'Bills', awayTeamEspnId: '15', awayTeamAbbr: 'MIA', awayTeamShortName: 'Dolphins' }),
    buildGame(2, '2025-09-12T00:15:00.000Z', { espnId: 'w2-thu' }),
    buildGame(22, '2026-02-08T23:30:00.000Z', { espnId: 'sb' }),
  ];
}

export const TEAMS: Team[] = [
  { espnId: '21', name: 'Philadelphia Eagles', shortName: 'Eagles', abbreviation: 'PHI', city: 'Philadelphia', color: '06424d', logoUrl: 'https://a.espncdn.com/i/teamlogos/nfl/500/phi.png', darkLogoUrl: null },
  { espnId: '6', name: 'Dallas Cowboys', shortName: 'Cowboys', abbreviation: 'DAL', city: 'Dallas', color: '002a5c', logoUrl: 'https://a.espncdn.com/i/teamlogos/nfl/500/dal.png', darkLogoUrl: null },
];

/** Publish sports.teams.migrated and sports.games.migrated as sports-data-staging does, and wait for them. */
export async function migrateSeason(h: WeeksHarness, games: Game[] = buildSeason()): Promise<Game[]> {
  await h.runtime.bus.publish('sports.teams.migrated', { teams: TEAMS, deletedEspnIds: [] });
  await h.runtime.bus.publish('sports.games.migrated', { years: [YEAR], games, deletedEspnIds: [] });
  await vi.waitFor(async () => {
    const [row] = await h.runtime.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM weeks.games WHERE year = $1', [YEAR]);
    const [teams] = await h.runtime.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM weeks.teams', []);
    if (row?.n !== games.length || teams?.n !== TEAMS.length) throw new Error('season not stored yet');
  });
  return games;
}

let updates = 0;
/** A snapshot time later than every earlier one of this run (the newest snapshot wins). */
export const newerTimestamp = (): string => new Date(Date.now() + ++updates).toISOString();

/** Publish sports.game.updated for a changed game, and wait until it is stored. */
export async function updateGame(h: WeeksHarness, game: Game, changes: Partial<Game>): Promise<Game> {
  const next = { ...game, ...changes, updatedAt: newerTimestamp() };
  await h.runtime.bus.publish('sports.game.updated', { game: next, changed: Object.keys(changes) });
  await stored(h, 'SELECT 1 FROM weeks.games WHERE espn_id = $1 AND updated_at = $2', [game.espnId, next.updatedAt]);
  return next;
}

/** Factory: a pool as pools-invitations announces it. */
export const buildPoolSnapshot = (commissioner: Person, overrides: Partial<Pool> = {}): Pool => poolSnapshot(commissioner.id, { year: YEAR, ...overrides });

export async function announcePool(h: WeeksHarness, commissioner: Person, overrides: Partial<Pool> = {}): Promise<Pool> {
  const pool = buildPoolSnapshot(commissioner, overrides);
  await h.runtime.bus.publish('pools.pool.created', { pool });
  await stored(h, 'SELECT 1 FROM weeks.pools WHERE id = $1', [pool.id]);
  return pool;
}

/** pools.member.joined (or .removed) for `who`, as pools-invitations announces it. */
export async function announceMember(h: WeeksHarness, pool: Pool, who: Person, subject: 'pools.member.joined' | 'pools.member.removed' = 'pools.member.joined'): Promise<void> {
  await h.runtime.bus.publish(subject, memberEventOf(pool, who.id, subject));
  await stored(h, 'SELECT 1 FROM weeks.pool_members WHERE pool_id = $1 AND user_id = $2 AND is_active = $3', [pool.id, who.id, subject === 'pools.member.joined']);
}

/**
 * Answer sports-data-staging's week refresh requests on the bus as it would (a real peer on the
 * real bus): `games` returns the week's fresh games, or throws.
 */
export async function answerRefresh(h: WeeksHarness, kind: 'odds' | 'scores', games: (req: { year?: number; weekNumber: number }) => Game[]): Promise<Subscription> {
  return h.runtime.bus.handle(
    kind === 'odds' ? RPC.sportsRefreshOdds : RPC.sportsRefreshScores,
    async (msg: BusMessage<{ year?: number; weekNumber: number }>): Promise<RefreshWeekReply> => {
      const list = games(msg.data);
      return { ok: true, year: msg.data.year ?? YEAR, weekNumber: msg.data.weekNumber, updated: list.length, games: list };
    },
    { queue: 'sports-data-staging' },
  );
}

/** Set a spread through the API (expects success). */
export async function setSpread(h: WeeksHarness, who: Person, poolId: string, gameId: string, spread: number | null): Promise<void> {
  const res = await call(h, 'PUT', `/api/pools/${poolId}/spreads/${gameId}`, who, { spread });
  if (res.statusCode !== 200) throw new Error(`set spread answered ${res.statusCode}: ${res.body}`);
}

/** Publish games through the API (expects success). */
export async function publish(h: WeeksHarness, who: Person, poolId: string, weekNumber: number, gameIds: string[]) {
  const res = await call(h, 'POST', `/api/pools/${poolId}/weeks/${weekNumber}/games/publish`, who, { gameIds });
  if (res.statusCode !== 200) throw new Error(`publish answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

export const transition = (h: WeeksHarness, who: Person, poolId: string, weekNumber: number, target: string, body?: unknown) =>
  call(h, 'POST', `/api/pools/${poolId}/weeks/${weekNumber}/transition/${target}`, who, body);

export const stateOf = async (h: WeeksHarness, who: Person, poolId: string, weekNumber: number) =>
  (await call(h, 'GET', `/api/pools/${poolId}/weeks/${weekNumber}/state`, who)).json();
