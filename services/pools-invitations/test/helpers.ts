import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import { RPC, poolsSummaryRequestSchema, type CreatePoolBody, type EventSubject, type Game, type Pool, type PoolsSummaryReply, type Role, type User } from '@powerpool/contracts';
import type { BusMessage, ServiceApp, Subscription } from '@powerpool/service-kit';
import { buildProductionGame, createTestRuntime, type TestRuntime, type TestUser } from '@powerpool/testing';
import { buildApp } from '../src/app.js';
import { loadPoolsInvitationsConfig } from '../src/config.js';

export interface PoolsHarness {
  runtime: TestRuntime;
  app: ServiceApp;
  /** The clock the service sees; tests move it to check expiry. */
  clock: { now: Date };
  /** Every pools.* event published so far (subject and payload). */
  events: Array<{ subject: string; data: unknown }>;
  close(): Promise<void>;
}

/** How long the service under test waits for weeks-workflow (WEEKS_SUMMARY_TIMEOUT_MS). */
export const WEEKS_TIMEOUT_MS = 1000;

/** pools-invitations on real storage and bus, with a movable clock and an event recorder. */
export async function startPools(): Promise<PoolsHarness> {
  const runtime = await createTestRuntime();
  const clock = { now: new Date() };
  const app = await buildApp({
    ...runtime,
    now: () => clock.now,
    // A short wait for weeks-workflow, so the test of a late answer stays quick.
    config: loadPoolsInvitationsConfig({ IDENTITY_ASSERTION_PUBLIC_KEY: 'unused-runtime-verifier-is-passed', WEEKS_SUMMARY_TIMEOUT_MS: String(WEEKS_TIMEOUT_MS) }),
  });
  const events: PoolsHarness['events'] = [];
  const sub = await runtime.bus.subscribe('pools.>', (m: BusMessage) => void events.push({ subject: m.subject, data: m.data }));
  return {
    runtime,
    app,
    clock,
    events,
    async close() {
      await sub.unsubscribe();
      await app.close();
      await runtime.close();
    },
  };
}

export interface Person extends TestUser {
  displayName: string | null;
  headers: Record<string, string>;
}

/**
 * A user identity has announced (identity.user.registered on the bus, as identity publishes it),
 * with the gateway headers for their calls. Waits until the service has stored them.
 */
export async function person(h: PoolsHarness, role: Role, name: string, options: { announce?: boolean } = {}): Promise<Person> {
  const id = randomUUID();
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${id.slice(0, 6)}@powerpool.test`;
  const user: TestUser = { id, email, role };
  if (options.announce !== false) {
    await announce(h, 'identity.user.registered', { id, email, role, displayName: name, updatedAt: new Date().toISOString() });
    await vi.waitFor(async () => {
      const rows = await h.runtime.database.sql.query('SELECT 1 FROM pools.users WHERE id = $1', [id]);
      if (rows.length === 0) throw new Error(`user ${name} not stored yet`);
    });
  }
  return { ...user, displayName: name, headers: await h.runtime.headersFor(user) };
}

/** Publish an identity.user.* event with a full user snapshot. */
export async function announce(h: PoolsHarness, subject: EventSubject, user: Partial<User> & Pick<User, 'id' | 'email' | 'role' | 'updatedAt'>, extra: Record<string, unknown> = {}): Promise<void> {
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

/**
 * Factory: a production game as sports-data-staging announces it. Its season year is `year` even
 * when it is played in the next calendar year (January and February).
 */
export function buildGame(year: number, gameTimeUtc: string, espnId: string = randomUUID()): Game {
  return buildProductionGame({ espnId, year, gameTimeUtc });
}

/**
 * Factory: the games of season `year` as the NFL plays them, from the opener (Thursday night in
 * early September) to the Super Bowl (early February of the next calendar year).
 */
export function buildSeason(year: number): Game[] {
  return [
    buildGame(year, `${year}-09-05T00:20:00.000Z`, `${year}-opener`),
    buildGame(year, `${year}-11-30T18:00:00.000Z`, `${year}-week-13`),
    { ...buildGame(year, `${year + 1}-02-08T23:30:00.000Z`, `${year}-super-bowl`), seasonType: 3, weekNumber: 22 },
  ];
}

/**
 * Publish sports.games.migrated as sports-data-staging does (every production game of `years`),
 * then wait until the service has stored what it shows of each of those years.
 */
export async function migrateGames(h: PoolsHarness, years: number[], games: Game[]): Promise<void> {
  await h.runtime.bus.publish('sports.games.migrated', { years, games, deletedEspnIds: [] });
  const expected = years.map((year) => {
    const kickoffs = games.filter((g) => g.year === year).map((g) => Date.parse(g.gameTimeUtc));
    return { year, count: kickoffs.length, first: Math.min(...kickoffs), last: Math.max(...kickoffs) };
  });
  await vi.waitFor(async () => {
    const rows = await h.runtime.database.sql.query<{ year: number; count: number; first: number; last: number }>(
      `SELECT year, game_count AS count, extract(epoch FROM first_kickoff_at)::float8 * 1000 AS first,
              extract(epoch FROM last_kickoff_at)::float8 * 1000 AS last
         FROM pools.seasons`,
    );
    const stored = expected.every(({ year, count, first, last }) => {
      const row = rows.find((r) => r.year === year);
      return count === 0 ? !row : row?.count === count && row.first === first && row.last === last;
    });
    if (!stored) throw new Error(`seasons ${years.join(', ')} not stored yet`);
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call through buildApp + inject, as the gateway would forward it. */
export async function call(h: PoolsHarness, method: Method, url: string, who: Person | null, payload?: unknown) {
  const headers = who ? who.headers : await h.runtime.headersFor(null);
  return h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

let poolCounter = 0;

/** Factory: a pool created through the API by `owner`. */
export async function buildPool(h: PoolsHarness, owner: Person, body: Partial<CreatePoolBody> = {}): Promise<Pool> {
  poolCounter += 1;
  const res = await call(h, 'POST', '/api/pools', owner, { name: `Test Pool ${poolCounter} ${randomUUID().slice(0, 8)}`, ...body });
  if (res.statusCode !== 201) throw new Error(`create pool answered ${res.statusCode}: ${res.body}`);
  return res.json() as Pool;
}

/** Factory: an invitation for `poolId`, returning its token and id. */
export async function buildInvitation(h: PoolsHarness, owner: Person, poolId: string, body: Record<string, unknown> = {}): Promise<{ id: string; invitationToken: string }> {
  const res = await call(h, 'POST', `/api/pools/${poolId}/invitations`, owner, body);
  if (res.statusCode !== 201) throw new Error(`create invitation answered ${res.statusCode}: ${res.body}`);
  return res.json() as { id: string; invitationToken: string };
}

/** Wait for a pools.* event matching `match`. */
export async function eventSeen(h: PoolsHarness, subject: string, match: (data: any) => boolean = () => true): Promise<any> {
  let found: unknown;
  await vi.waitFor(() => {
    found = h.events.find((e) => e.subject === subject && match(e.data))?.data;
    if (!found) throw new Error(`no ${subject} event yet`);
  });
  return found;
}

export interface Cast {
  commissioner: Person;
  otherCommissioner: Person;
  admin: Person;
  player: Person;
}

/** The people most suites need: two commissioners, a super admin and a player. */
export async function castOf(h: PoolsHarness): Promise<Cast> {
  return {
    commissioner: await person(h, 'pool_commissioner', 'Casey Commish'),
    otherCommissioner: await person(h, 'pool_commissioner', 'Other Commish'),
    admin: await person(h, 'super_admin', 'Ada Admin'),
    player: await person(h, 'user', 'Pat Player'),
  };
}

type PoolSummary = PoolsSummaryReply['pools'][number];

export interface WeeksWorkflowPeer {
  /** The requests answered so far: the pool ids asked and the headers they came with. */
  requests: Array<{ poolIds: string[]; headers: Record<string, string> }>;
  stop(): Promise<void>;
}

/**
 * Answer rpc.weeks.pools.summary on the bus as weeks-workflow does: `summaries` by pool id (a pool
 * not listed is unknown and left out of the reply). `delayMs` makes the answer late.
 */
export async function answerWeeksSummary(
  h: PoolsHarness,
  summaries: Record<string, Omit<PoolSummary, 'poolId'>>,
  options: { delayMs?: number; before?: (poolIds: string[]) => Promise<void> } = {},
): Promise<WeeksWorkflowPeer> {
  const requests: WeeksWorkflowPeer['requests'] = [];
  const sub: Subscription = await h.runtime.bus.handle(
    RPC.weeksPoolsSummary,
    async (msg: BusMessage): Promise<PoolsSummaryReply> => {
      const { poolIds } = poolsSummaryRequestSchema.parse(msg.data);
      requests.push({ poolIds, headers: msg.headers });
      await options.before?.(poolIds);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      return { pools: poolIds.flatMap((poolId) => (summaries[poolId] ? [{ poolId, ...summaries[poolId] }] : [])) };
    },
    { queue: 'weeks-workflow' },
  );
  return { requests, stop: () => sub.unsubscribe() };
}
