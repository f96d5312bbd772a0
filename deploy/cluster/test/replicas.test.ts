import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unavailableReason } from '@powerpool/testing';
import type { ClusterProcess } from '../cluster.js';
import { eventually, publishWildCardPool, routeRequestCount, startTestCluster, type TestCluster } from './helpers.js';

/**
 * picks-scoring scaled out: two processes of it on one database and NATS, the gateway balancing
 * over both (PICKS_SCORING_URL lists them). Which replica answered is read from each replica's own
 * /metrics; a replica is taken down with SIGKILL, as a crashed pod would be.
 */

// Locally a missing Postgres or NATS skips with the printed reason; under CI=true this throws.
const skipReason = (await unavailableReason('postgres')) ?? (await unavailableReason('nats'));

const LIVE_ROUTE = '/api/pools/:poolId/weeks/:weekNumber/live-leaderboard';
const EVENT_WAIT_MS = 15_000;

describe.skipIf(skipReason !== null)('cluster mode with two picks-scoring replicas', () => {
  let test: TestCluster | undefined;

  beforeAll(async () => {
    test = await startTestCluster({ replicas: { 'picks-scoring': 2 } });
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(`--- cluster output (tail) ---\n${test?.logs}`);
  });

  afterAll(async () => {
    await test?.stop();
  });

  it('should run two picks-scoring processes, each ready on its own port, and report the cluster healthy', async () => {
    const replicas = test!.replicas('picks-scoring');
    expect(replicas.map((r) => r.name)).toEqual(['picks-scoring-1', 'picks-scoring-2']);
    expect(new Set(replicas.map((r) => r.port)).size).toBe(2);
    for (const replica of replicas) expect((await fetch(`${replica.url}/readyz`)).status, replica.name).toBe(200);
    expect((await fetch(`${test!.url}/api/health`)).status).toBe(200);
  });

  it('should serve live leaderboard GETs from both replicas, every one of them while one replica is killed, and both again once it is back', async () => {
    const { url } = test!;
    const [one, two] = test!.replicas('picks-scoring') as [ClusterProcess, ClusterProcess];
    const pool = await publishWildCardPool(url, EVENT_WAIT_MS);
    const [player] = pool.players;
    // Games start (the Testing tab's tool): the players' live board opens to them.
    expect((await pool.commissioner.post(`/api/pools/${pool.poolId}/weeks/${pool.weekNumber}/transition/games-in-progress`, { testing: true })).status).toBe(
      200,
    );
    const board = `/api/pools/${pool.poolId}/weeks/${pool.weekNumber}/live-leaderboard`;
    // One replica consumes the week's state change; both read it from the shared database.
    await eventually(
      async () => {
        const res = await player!.get(board);
        await res.body?.cancel();
        return res.status === 200 ? true : undefined;
      },
      EVENT_WAIT_MS,
      'the live leaderboard did not open to the player',
    );

    const counts = async () => ({ one: await routeRequestCount(one, LIVE_ROUTE), two: await routeRequestCount(two, LIVE_ROUTE) });
    const getAll = async (n: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) {
        const res = await player!.get(board);
        await res.body?.cancel();
        statuses.push(res.status);
      }
      return statuses;
    };

    const before = await counts();
    expect(await getAll(8)).toEqual(Array(8).fill(200));
    const balanced = await counts();
    expect(balanced.one - before.one, 'requests answered by picks-scoring-1').toBeGreaterThan(0);
    expect(balanced.two - before.two, 'requests answered by picks-scoring-2').toBeGreaterThan(0);
    expect(balanced.one - before.one + (balanced.two - before.two)).toBe(8);

    // A crash, not a graceful stop: the gateway must fail over to the other replica for every request.
    const exit = await one.kill('SIGKILL');
    expect(exit.signal ?? exit.code).not.toBeNull();
    expect(one.running).toBe(false);
    expect(await getAll(10)).toEqual(Array(10).fill(200));
    expect((await routeRequestCount(two, LIVE_ROUTE)) - balanced.two, 'picks-scoring-2 answered every request while picks-scoring-1 was down').toBe(10);

    // Back on the same port: the gateway uses it again.
    await one.restart();
    const restarted = { one: await routeRequestCount(one, LIVE_ROUTE), two: await routeRequestCount(two, LIVE_ROUTE) };
    expect(await getAll(8)).toEqual(Array(8).fill(200));
    expect((await routeRequestCount(one, LIVE_ROUTE)) - restarted.one, 'requests answered by the restarted picks-scoring-1').toBeGreaterThan(0);

    // The cluster kept running through it all.
    expect(test!.cluster.processes.every((p) => p.running)).toBe(true);
  });
});
