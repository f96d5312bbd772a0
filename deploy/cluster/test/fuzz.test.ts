import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unavailableReason, WILD_CARD_PICKS, wildCardBatch } from '@powerpool/testing';
import { buildContractWorld, declaredEndpoints, type ContractWorld } from './contract-world.js';
import { diffSnapshots, formatFailures, generateCases, runFuzz, settledSnapshot, snapshotDatabase, summary } from './fuzz.js';
import { startTestCluster, type TestCluster } from './helpers.js';

/**
 * The contract fuzz, a bounded seeded sample (fuzz.ts generates it from ENDPOINTS; the bench sends
 * 10,000+ of the same): every declared endpoint x the six callers of the contract world, with
 * malformed bodies, path parameters and query strings, raw HTTP through the gateway of a real
 * cluster (one process per service, real PostgreSQL and NATS). Nothing is killed.
 *
 * Compares: each answer (never a 5xx, never a hang, a 4xx carries the one error reply with a
 * message, a request the contract refuses is never accepted); the scratch database's every table
 * before and after each chunk of refused requests (equal); and afterwards that the world still
 * works (the player reads the pool and saves valid picks).
 */

// Locally a missing Postgres or NATS skips with the printed reason; under CI=true this throws.
const skipReason = (await unavailableReason('postgres')) ?? (await unavailableReason('nats'));

/** FUZZ_REQUESTS / FUZZ_SEED replay another sample (the bench uses the same generator). */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_119);

describe.skipIf(skipReason !== null)('contract fuzz: malformed requests to every endpoint as every caller', () => {
  let test: TestCluster | undefined;
  let world: ContractWorld;

  beforeAll(async () => {
    // The writes limit loosened, or the fuzz would mostly see 429s; everything else as deployed.
    // The replay in game-day mode, its kickoffs a day away: the world's Wild Card games are
    // SCHEDULED, so a valid save is taken (a game reported started or final takes no pick).
    test = await startTestCluster({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000000' }, gameDay: { kickoffInMinutes: 24 * 60 } });
    world = await buildContractWorld(test.url);
  }, 300_000);

  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(`--- cluster output (tail) ---\n${test?.logs}`);
  });

  afterAll(async () => {
    await test?.stop();
  });

  it(`should answer ${REQUESTS} malformed requests with a 4xx and the error reply, no 5xx, no hang, and change no data with any refused one`, async () => {
    const cases = generateCases(world, { seed: SEED, limit: REQUESTS });
    // The sample covers every endpoint and every caller.
    expect(new Set(cases.map((c) => c.endpoint)).size).toBe(declaredEndpoints().length);
    expect(new Set(cases.map((c) => c.role)).size).toBe(6);
    // The snapshot holds every service's schema, with the world's rows in it.
    const snapshot = await snapshotDatabase(test!.databaseUrl);
    const schemas = new Set([...snapshot.keys()].map((table) => table.split('.')[0]));
    for (const schema of ['identity', 'pools', 'picks', 'weeks', 'sports']) expect(schemas, schema).toContain(schema);
    expect(snapshot.get('pools.pools')?.length).toBeGreaterThanOrEqual(2);
    const report = await runFuzz({ world, databaseUrl: test!.databaseUrl, cases });
    console.log(`contract fuzz (seed ${SEED}): ${summary(report)}`);
    expect(report.sent).toBe(cases.length);
    expect(report.comparedChunks).toBeGreaterThan(0);
    expect(formatFailures(report), `${summary(report)}\n`).toBe('');
    expect(report.serverErrors).toBe(0);
  }, 900_000);

  it('should leave the world working: the player reads the pool and its week, and saves valid picks', async () => {
    const player = world.callers.player;
    expect((await player.request('GET', `/api/pools/${world.ids.poolId}`)).status).toBe(200);
    const published = await player.request('GET', `/api/pools/${world.ids.poolId}/weeks/${world.ids.weekNumber}/games/published`);
    expect(published.status).toBe(200);
    const games = (await published.json()) as Array<{ id: string; poolGameId: string }>;
    const poolGameOf = Object.fromEntries(games.map((g) => [g.id, g.poolGameId]));
    const before = await snapshotDatabase(test!.databaseUrl);
    const saved = await player.request('POST', '/api/picks/batch', { body: wildCardBatch(world.ids.poolId, poolGameOf, WILD_CARD_PICKS.pat) });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // The snapshot the fuzz compares sees an accepted write (so its equal before/after means something).
    const changed = diffSnapshots(before, await settledSnapshot(test!.databaseUrl));
    expect(
      changed.some((table) => table.startsWith('picks.')),
      changed.join('\n'),
    ).toBe(true);
    const mine = await player.request('GET', `/api/weeks/${world.ids.year}:${world.ids.weekNumber}/picks?poolId=${world.ids.poolId}`);
    expect(mine.status).toBe(200);
    expect(JSON.stringify(await mine.json())).toContain(WILD_CARD_PICKS.pat[0]![1]);
  });
});
