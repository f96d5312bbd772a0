/**
 * `npm run bench:deadline`: the rush at the picks deadline, with figures.
 *
 * The same scenario as deploy/cluster/test/deadline-rush.test.ts, from the same module
 * (deploy/cluster/test/deadline-rush.ts): cluster mode with BENCH_REPLICAS picks-scoring replicas
 * behind the gateway, on a private PostgreSQL server (libs/testing `startPostgresServer`) and
 * the local NATS; BENCH_PLAYERS first-use players sign in through the gateway and join one pool;
 * the Wild Card week is published with its deadline BENCH_LEAD_SECONDS ahead; each player sends one
 * full save at a random moment within the last 2 s before the deadline, every BENCH_LATE_EVERY-th
 * one more within 1 s after it. Prints saves sent, 2xx, refused (and how many of those were sent
 * before the deadline), other answers, latency p50/p95/p99/max, throughput, lost, and every
 * violation. Exits 1 when a promise was broken (a 5xx, a hang, a save lost or partly applied, a
 * save after the deadline taken). See bench/README.md.
 *
 * Env: BENCH_PLAYERS (500), BENCH_REPLICAS (2), BENCH_LATE_EVERY (10), BENCH_LEAD_SECONDS (20).
 */
import { formatRushReport, runDeadlineRush, type RushOptions } from '../deploy/cluster/test/deadline-rush.js';
import { startTestCluster } from '../deploy/cluster/test/helpers.js';
import { startPostgresServer } from '@powerpool/testing';
import { envInt } from './support.js';

const options: RushOptions = {
  players: envInt('BENCH_PLAYERS', 500),
  lateEvery: envInt('BENCH_LATE_EVERY', 10),
  leadSeconds: envInt('BENCH_LEAD_SECONDS', 20),
  log: (line) => console.log(line),
};
const replicas = envInt('BENCH_REPLICAS', 2);

const server = await startPostgresServer();
let exitCode = 0;
try {
  const test = await startTestCluster({
    postgresUrl: server.url,
    replicas: { 'picks-scoring': replicas },
    gameDay: { kickoffInMinutes: 24 * 60 },
    env: { LIVE_FEED: 'off' },
  });
  try {
    const { report } = await runDeadlineRush(test, options);
    console.log(formatRushReport(report, options, replicas));
    for (const line of report.violations.slice(0, 20)) console.log(`  ${line}`);
    if (report.violations.length || report.lost || report.failed) exitCode = 1;
  } finally {
    await test.stop();
  }
} finally {
  await server.stop();
}
process.exit(exitCode);
