import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unavailableReason } from '@powerpool/testing';
import { formatRushReport, runDeadlineRush, type RushOptions } from './deadline-rush.js';
import { routeRequestCount, startTestCluster, type TestCluster } from './helpers.js';
import { privatePostgresUnavailableReason, startPostgresServer, type PostgresServer } from '@powerpool/testing';

/**
 * Load at the deadline (docs/game.md#the-servers-clock), cluster mode with two picks-scoring replicas behind the gateway,
 * on a private PostgreSQL server (so the other suites' connections on the shared one cannot crowd
 * it). 500 first-use players sign in through the gateway and join one pool; the Wild Card week is
 * published with its deadline 20 s ahead (the replayed game day moved to kick off 10 minutes +
 * 20 s from now before the games are imported: deadline-rush.ts). Each player sends one full
 * save (3/2/1 and a power pick, different per player) at a random moment within the last 2 s
 * before the deadline; every 10th sends another within 1 s after it.
 *
 * Compared (deadline-rush.ts checkRush): every save is 2xx or the product's refusal (409
 * `picks_locked` with the deadline); none sent after the deadline is 2xx (a save counts from its
 * arrival at picks-scoring, by the server's clock); a refusal never comes before the deadline; every player's stored
 * picks (API) are exactly their last 2xx save, or nothing; the database rows are those, each once.
 * Nothing kills anything here: the fault is the load. bench/deadline-rush.bench.ts runs the same
 * and prints the figures.
 */

const skipReason = (await unavailableReason('nats')) ?? (await privatePostgresUnavailableReason());

const OPTIONS: RushOptions = { players: 500, lateEvery: 10, leadSeconds: 20, log: (line) => console.log(line) };

describe.skipIf(skipReason !== null)('500 players saving in the last two seconds before the deadline (cluster, two picks-scoring replicas)', () => {
  let server: PostgresServer | undefined;
  let test: TestCluster | undefined;

  beforeAll(async () => {
    server = await startPostgresServer();
    test = await startTestCluster({
      postgresUrl: server.url,
      replicas: { 'picks-scoring': 2 },
      // The replay's game day, far away until the test moves it; no live feed needed before kickoff.
      gameDay: { kickoffInMinutes: 24 * 60 },
      env: { LIVE_FEED: 'off' },
    });
  }, 200_000);

  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(`--- cluster output (tail) ---\n${test?.logs}`);
  });

  afterAll(async () => {
    try {
      await test?.stop();
    } finally {
      await server?.stop();
    }
  });

  it(
    'should store every 2xx save exactly as sent, refuse every save after the deadline with picks_locked, lose none and apply none in part',
    { timeout: 300_000 },
    async () => {
      const { report } = await runDeadlineRush(test!, OPTIONS);
      console.log(formatRushReport(report, OPTIONS, 2));
      expect(report.violations).toEqual([]);
      expect(report.sent).toBe(OPTIONS.players + Math.ceil(OPTIONS.players / OPTIONS.lateEvery));
      expect(report.ok + report.refused).toBe(report.sent);
      expect(report.lost).toBe(0);
      // The rush must have tested both sides of the deadline.
      expect(report.ok).toBeGreaterThan(0);
      expect(report.sentAfterDeadline).toBeGreaterThan(0);
      // The gateway spread the rush over both replicas (each replica's own /metrics).
      for (const replica of test!.replicas('picks-scoring')) expect(await routeRequestCount(replica, '/api/picks/batch'), replica.name).toBeGreaterThan(0);
      for (const process of test!.cluster.processes) expect(process.running, process.name).toBe(true);
    },
  );
});
