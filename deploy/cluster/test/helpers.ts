import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { SeasonLeaderboardEntry, ServiceName } from '@powerpool/contracts';
import { eventStreamName } from '@powerpool/service-kit';
import {
  pushSeasonThroughGateway,
  sessionFetch,
  signIn,
  TEST_DATABASE_URL,
  TEST_NATS_URL,
  WILD_CARD_SPREADS,
  WILD_CARD_WEEK,
  type SignedIn,
} from '@powerpool/testing';
import { DEV_PASSWORD } from '@powerpool/dev-idp';
import { startCluster, type Cluster, type ClusterProcess } from '../cluster.js';
import { clusterPorts, MAX_REPLICAS, REPLICA_PORT_STRIDE, type ReplicaCounts } from '../processes.js';

/** True when nothing listens on 127.0.0.1:port and we may bind it. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port base for `startCluster` whose ports are all free right now: the gateway on `base`, the
 * services on base+1..+5 (further replicas 100 higher each), the dev IdP on base+10. Every port
 * stays in 20000-32700: far from the 3000/4001-4010 a `make cluster` on this machine uses, and
 * below Linux's ephemeral range (32768-60999), where any outgoing connection could take a port
 * between this check and the cluster listening on it (seen: EADDRINUSE on 33306).
 */
export async function freePortBase(replicas: ReplicaCounts = {}): Promise<number> {
  const most = Math.max(1, ...Object.values(replicas).map((n) => n ?? 1));
  if (most > MAX_REPLICAS) throw new Error(`at most ${MAX_REPLICAS} replicas of a service`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = randomInt(20_000, 32_700 - REPLICA_PORT_STRIDE * (most - 1) - 10);
    const free = await Promise.all(clusterPorts(base, base, replicas).map(canListen));
    if (free.every(Boolean)) return base;
  }
  throw new Error('found no free port range in 20000-32700 after 50 tries');
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database on a PostgreSQL server (`serverUrl`, any database of it; default the test
 * PostgreSQL, TEST_DATABASE_URL), dropped by `drop()`.
 */
export async function createScratchDatabase(prefix = 'pp_cluster', serverUrl = TEST_DATABASE_URL): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${quoteIdent(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`) };
}

/** The last `max` lines of the cluster's output, shown when a test fails. */
export class LogTail {
  private readonly lines: string[] = [];
  constructor(private readonly max = 200) {}

  readonly push = (line: string): void => {
    this.lines.push(line);
    if (this.lines.length > this.max) this.lines.shift();
  };

  toString(): string {
    return this.lines.join('\n');
  }
}

// Signing in over HTTP with a session, and the season's push, live in libs/testing (the embedded
// mode's tests use them too); re-exported here for the cluster tests.
export { signIn, type SignedIn } from '@powerpool/testing';

/**
 * A call through the gateway with `who`'s session that must answer within `withinMs`: a hang
 * fails (AbortSignal timeout) instead of stalling the test. Status and body text.
 */
export async function callWithin(
  appUrl: string,
  who: SignedIn,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  withinMs: number,
): Promise<{ status: number; text: string }> {
  const res = await sessionFetch({ appUrl, sessionId: who.sessionId, method, path, body, signal: AbortSignal.timeout(withinMs) });
  return { status: res.status, text: await res.text() };
}

/** Calls `probe` until it returns something other than `undefined`, or gives up after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until every process of `cluster` is ready again (its `/readyz` 200: database reachable,
 * bus reconnected), as an orchestrator waits before sending traffic back after a fault; fails
 * naming the ones that are not.
 */
export async function everyProcessReady(cluster: Cluster, timeoutMs: number, after: string): Promise<void> {
  let notReady: string[] = [];
  try {
    await eventually(async () => ((notReady = await cluster.notReady()).length === 0 ? true : undefined), timeoutMs, `every process ready ${after}`);
  } catch (err) {
    throw new Error(`${(err as Error).message}; not ready: ${notReady.join(', ')}`, { cause: err });
  }
}

export interface TestClusterOptions {
  /** Processes per service, e.g. `{ 'picks-scoring': 2 }`. */
  replicas?: ReplicaCounts;
  /** Extra env for every process (wins over the defaults below). */
  env?: Record<string, string>;
  /**
   * The replayed game day (sports-data-staging's ESPN_REPLAY_GAMEDAY*, with the live feed on): the
   * recorded Wild Card round played in `minutes` of wall time, first kickoff `kickoffInMinutes`
   * from now; start it early with `cluster.replay.gameDay.start()`.
   */
  gameDay?: { minutes?: number; kickoffInMinutes?: number; liveFeedIntervalMs?: number };
  /** The NATS server (default TEST_NATS_URL): a fault test passes one it can kill and restart. */
  natsUrl?: string;
  /**
   * The PostgreSQL server the scratch database is made on (a URL of any database of it; default
   * TEST_DATABASE_URL): a fault test passes one it can restart.
   */
  postgresUrl?: string;
}

/** A cluster of a test: its own database, data dir and NATS namespace; `stop()` removes them all. */
export interface TestCluster {
  cluster: Cluster;
  /** The gateway's public URL. */
  url: string;
  /** Its NATS namespace: subjects `<namespace>.<subject>`, events in eventStreamName(namespace). */
  namespace: string;
  /** Its scratch database (every service's schema), for tests that read or snapshot the rows. */
  databaseUrl: string;
  /** The processes' output (print it when a test fails). */
  logs: LogTail;
  /** The replicas of a service, replica 1 first. */
  replicas(service: ServiceName): ClusterProcess[];
  stop(): Promise<void>;
}

/**
 * Starts a cluster the way cluster.test.ts does (scratch database, temporary data dir, its own NATS
 * namespace, free ports, a long session cache and a loose sign-in limit), with `replicas` and the
 * game-day env when asked. Throws with the output's tail when it does not start.
 */
export async function startTestCluster(options: TestClusterOptions = {}): Promise<TestCluster> {
  const logs = new LogTail(400);
  const namespace = `cluster${randomBytes(4).toString('hex')}`;
  const natsUrl = options.natsUrl ?? TEST_NATS_URL;
  const database = await createScratchDatabase('pp_cluster', options.postgresUrl);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'powerpool-cluster-test-'));
  const cleanUp = async () => {
    const nats = await connect({ servers: natsUrl, name: 'cluster-test-cleanup' });
    try {
      await (await jetstreamManager(nats)).streams.delete(eventStreamName(namespace)).catch(() => false);
    } finally {
      await nats.close();
    }
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const gameDayEnv: Record<string, string> = options.gameDay
    ? {
        ESPN_REPLAY_GAMEDAY: 'on',
        ESPN_REPLAY_GAMEDAY_MINUTES: String(options.gameDay.minutes ?? 10),
        ESPN_REPLAY_GAMEDAY_KICKOFF_IN_MINUTES: String(options.gameDay.kickoffInMinutes ?? 15),
        LIVE_FEED: 'on',
        ...(options.gameDay.liveFeedIntervalMs ? { LIVE_FEED_INTERVAL_MS: String(options.gameDay.liveFeedIntervalMs) } : {}),
      }
    : {};
  const portBase = await freePortBase(options.replicas);
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      port: portBase,
      portBase,
      databaseUrl: database.url,
      natsUrl,
      dataDir,
      replicas: options.replicas ?? {},
      // Its own subjects and event stream on the shared NATS: no other cluster or earlier run mixes in.
      env: { SESSION_CACHE_TTL_MS: '600000', RATE_LIMIT_SIGNIN_PER_MINUTE: '1000', NATS_NAMESPACE: namespace, ...gameDayEnv, ...options.env },
      readyTimeoutMs: 150_000,
      log: logs.push,
    });
  } catch (err) {
    await cleanUp();
    throw new Error(`the cluster did not start: ${(err as Error).message}\n--- cluster output (tail) ---\n${logs}`, { cause: err });
  }
  return {
    cluster,
    url: cluster.url,
    namespace,
    databaseUrl: database.url,
    logs,
    replicas: (service) => cluster.replicasOf(service),
    async stop() {
      await cluster.stop();
      await cleanUp();
    },
  };
}

/**
 * How many requests a process has answered on `route` (its Fastify route template, e.g.
 * `/api/pools/:poolId/weeks/:weekNumber/live-leaderboard`), any status: the `_count` of its
 * `http_request_duration_seconds` histogram on its own /metrics (no METRICS_TOKEN in test clusters).
 */
export async function routeRequestCount(process: ClusterProcess, route: string): Promise<number> {
  const res = await fetch(`${process.url}/metrics`);
  if (res.status !== 200) throw new Error(`${process.name}: GET /metrics answered ${res.status}`);
  let total = 0;
  for (const line of (await res.text()).split('\n')) {
    if (line.startsWith('http_request_duration_seconds_count{') && line.includes(`route="${route}"`)) total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

/** A process's open server-sent event streams: the `live_streams_open` gauge on its own /metrics. */
export async function openStreamCount(process: ClusterProcess): Promise<number> {
  const res = await fetch(`${process.url}/metrics`);
  if (res.status !== 200) throw new Error(`${process.name}: GET /metrics answered ${res.status}`);
  // Every metric carries the process's default labels: `live_streams_open{service="picks-scoring"} 4`.
  const line = (await res.text()).split('\n').find((l) => l.startsWith('live_streams_open{') || l.startsWith('live_streams_open '));
  if (!line) throw new Error(`${process.name}: no live_streams_open on /metrics`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** A pool on the Wild Card week of 2025, published, with its players signed in. */
export interface WildCardPool {
  poolId: string;
  admin: SignedIn;
  commissioner: SignedIn;
  players: SignedIn[];
  /** The published games: ESPN id and the pool's game id (for picks). */
  games: Array<{ id: string; poolGameId: string }>;
  weekNumber: number;
}

/**
 * Everything through the gateway, as people do it: the super admin imports the 2025 season from
 * the replay into production; the commissioner makes a pool (postseason on), both dev players
 * join by invitation, spreads are set and the Wild Card week is published. Events between the
 * services travel over the cluster's NATS, so this waits where a projection must catch up.
 */
export async function publishWildCardPool(url: string, eventWaitMs = 15_000): Promise<WildCardPool> {
  const admin = await signIn(url, 'admin@powerpool.test', DEV_PASSWORD);
  const commissioner = await signIn(url, 'commissioner@powerpool.test', DEV_PASSWORD);
  const players = [await signIn(url, 'player@powerpool.test', DEV_PASSWORD), await signIn(url, 'player2@powerpool.test', DEV_PASSWORD)];
  const ok = async (what: string, res: Response, status = 200) => {
    const text = await res.text();
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${text}`);
    return text;
  };
  await pushSeasonThroughGateway(admin, 2025);
  const created = await commissioner.post('/api/pools', { name: `Cluster Wild Card Pool ${Date.now()}`, year: 2025, allowsPostseason: true });
  const pool = JSON.parse(await ok('create pool', created, 201)) as { id: string };
  const invitation = JSON.parse(await ok('invite', await commissioner.post(`/api/pools/${pool.id}/invitations`, {}), 201)) as { invitationToken: string };
  for (const p of players) await ok('join', await p.post(`/api/invitations/${invitation.invitationToken}/use`));
  await eventually(
    async () => ((await commissioner.get(`/api/weeks/${WILD_CARD_WEEK}?poolId=${pool.id}`)).status === 200 ? true : undefined),
    eventWaitMs,
    'weeks-workflow did not know the pool',
  );
  for (const [gameId, spread] of Object.entries(WILD_CARD_SPREADS))
    await ok(`spread ${gameId}`, await commissioner.put(`/api/pools/${pool.id}/spreads/${gameId}`, { spread }));
  await ok('publish', await commissioner.post(`/api/pools/${pool.id}/weeks/${WILD_CARD_WEEK}/games/publish`, { gameIds: Object.keys(WILD_CARD_SPREADS) }));
  const games = await eventually(
    async () => {
      const res = await players[0]!.get(`/api/pools/${pool.id}/weeks/${WILD_CARD_WEEK}/games/published`);
      if (res.status !== 200) return undefined;
      const list = (await res.json()) as Array<{ id: string; poolGameId: string }>;
      return list.length === Object.keys(WILD_CARD_SPREADS).length ? list.map((g) => ({ id: g.id, poolGameId: g.poolGameId })) : undefined;
    },
    eventWaitMs,
    'the published week did not reach the players',
  );
  return { poolId: pool.id, admin, commissioner, players, games, weekNumber: WILD_CARD_WEEK };
}

/**
 * Scores and completes a pool's Wild Card week as the commissioner does once every game is final
 * (the Testing tab to SCORING, Calculate User Scores, Complete Week), then waits until the season
 * leaderboard counts the week and returns it as `reader` sees it: display name -> [total points,
 * weeks played].
 */
export async function completeWildCardWeek(pool: WildCardPool, reader: SignedIn, eventWaitMs: number): Promise<Record<string, [number, number]>> {
  const week = `/api/pools/${pool.poolId}/weeks/${pool.weekNumber}`;
  const ok = async (what: string, res: Response) => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  };
  await ok('the week to SCORING', await pool.commissioner.post(`${week}/transition/scoring`, { testing: true }));
  await eventually(
    async () => ((await pool.commissioner.post(`${week}/scores/calculate`)).status === 200 ? true : undefined),
    eventWaitMs,
    'the scores calculated',
  );
  // Complete Week asks picks-scoring over the bus first (no pick on a decided game left unscored):
  // right after a fault its answer can be a 503 for a moment, which a commissioner retries.
  await eventually(
    async () => {
      const res = await pool.commissioner.post(`${week}/transition/complete`, { testing: true });
      if (res.status === 503) return undefined;
      await ok('the week to COMPLETE', res);
      return true;
    },
    eventWaitMs,
    'the week to COMPLETE',
  );
  const rows = await eventually(
    async () => {
      const res = await reader.get(`/api/pools/${pool.poolId}/seasons/2025/leaderboard`);
      if (res.status !== 200) return undefined;
      const entries = (await res.json()) as SeasonLeaderboardEntry[];
      return entries.some((r) => r.weeksPlayed === 1) ? entries : undefined;
    },
    eventWaitMs,
    'the completed week on the season leaderboard',
  );
  return Object.fromEntries(rows.map((r) => [r.user.displayName, [r.totalPoints, r.weeksPlayed]]));
}
