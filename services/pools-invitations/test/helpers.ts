import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import { RPC, poolsSummaryRequestSchema, type CreatePoolBody, type Game, type Pool, type PoolsSummaryReply } from '@powerpool/contracts';
import type { BusMessage, Subscription } from '@powerpool/service-kit';
import { buildGame, call, startServiceHarness, type Person, type ServiceHarness } from '@powerpool/testing';
import { buildApp } from '../src/app.js';
import { loadPoolsInvitationsConfig } from '../src/config.js';

/**
 * pools-invitations' harness: the service, its pools and invitations made through its API, and
 * weeks-workflow as a peer. The people and what identity announces come from @powerpool/testing
 * (world.ts), re-exported here so a suite imports one place.
 */
export { announce, call, castOf, eventSeen, person, type Person } from '@powerpool/testing';

export type PoolsHarness = ServiceHarness;

/** How long the service under test waits for weeks-workflow (WEEKS_SUMMARY_TIMEOUT_MS). */
export const WEEKS_TIMEOUT_MS = 1000;

/** pools-invitations on real storage and bus, with a movable clock (from now: tests move it to check expiry) and an event recorder of pools.*. */
export function startPools(): Promise<PoolsHarness> {
  return startServiceHarness({
    schema: 'pools',
    keepsUsers: true,
    record: ['pools.>'],
    startAt: new Date(),
    build: (runtime, now) =>
      buildApp({
        ...runtime,
        now,
        // A short wait for weeks-workflow, so the test of a late answer stays quick.
        config: loadPoolsInvitationsConfig({
          IDENTITY_ASSERTION_PUBLIC_KEY: 'unused-runtime-verifier-is-passed',
          WEEKS_SUMMARY_TIMEOUT_MS: String(WEEKS_TIMEOUT_MS),
        }),
      }),
  });
}

/**
 * Factory: a production game as sports-data-staging announces it. Its season year is `year` even
 * when it is played in the next calendar year (January and February).
 */
export function buildGameOfYear(year: number, gameTimeUtc: string, espnId: string = randomUUID()): Game {
  return buildGame({ espnId, year, gameTimeUtc });
}

/**
 * Factory: the games of season `year` as the NFL plays them, from the opener (Thursday night in
 * early September) to the Super Bowl (early February of the next calendar year).
 */
export function buildSeason(year: number): Game[] {
  return [
    buildGameOfYear(year, `${year}-09-05T00:20:00.000Z`, `${year}-opener`),
    buildGameOfYear(year, `${year}-11-30T18:00:00.000Z`, `${year}-week-13`),
    { ...buildGameOfYear(year, `${year + 1}-02-08T23:30:00.000Z`, `${year}-super-bowl`), seasonType: 3, weekNumber: 22 },
  ];
}

/**
 * Publish sports.games.pushed as sports-data-staging does (every production game of `years`),
 * then wait until the service has stored what it shows of each of those years.
 */
export async function pushGames(h: PoolsHarness, years: number[], games: Game[]): Promise<void> {
  await h.runtime.bus.publish('sports.games.pushed', { years, games, deletedEspnIds: [] });
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

let poolCounter = 0;

/** Factory: a pool created through the API by `owner`. */
export async function buildPool(h: PoolsHarness, owner: Person, body: Partial<CreatePoolBody> = {}): Promise<Pool> {
  poolCounter += 1;
  const res = await call(h, {
    method: 'POST',
    url: '/api/pools',
    who: owner,
    payload: { name: `Test Pool ${poolCounter} ${randomUUID().slice(0, 8)}`, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create pool answered ${res.statusCode}: ${res.body}`);
  return res.json<Pool>();
}

/** Factory: an invitation for `poolId`, returning its token and id. */
export async function buildInvitation(
  h: PoolsHarness,
  owner: Person,
  poolId: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; invitationToken: string }> {
  const res = await call(h, { method: 'POST', url: `/api/pools/${poolId}/invitations`, who: owner, payload: body });
  if (res.statusCode !== 201) throw new Error(`create invitation answered ${res.statusCode}: ${res.body}`);
  return res.json<{ id: string; invitationToken: string }>();
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
