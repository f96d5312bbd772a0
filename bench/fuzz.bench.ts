/**
 * `npm run bench:fuzz`: the contract fuzz at size (the goal: 10,000 requests, 0 5xx).
 *
 * The same generator, runner and database snapshot as the cluster test
 * (deploy/cluster/test/fuzz.ts; the test sends a bounded sample of them): starts cluster mode
 * (deploy/cluster/test/helpers `startTestCluster`: one process per service on the local PostgreSQL,
 * a scratch database, and NATS, its own namespace; the writes limit loosened), builds the contract
 * world through the gateway (six callers, the Wild Card week published), then sends FUZZ_REQUESTS
 * malformed requests (a seeded sample spread over every endpoint x caller; with more than the
 * generator makes, every case once; the string forms of numeric and boolean body fields always)
 * with FUZZ_CONCURRENCY in flight, snapshotting the whole database around each chunk of refused
 * requests. Prints requests, statuses, 5xx, failures, data changes, duration and rate; exits 1 on
 * any failure.
 *
 * Env: FUZZ_REQUESTS (10000), FUZZ_SEED (20251119), FUZZ_CONCURRENCY (8), FUZZ_CHUNK (250).
 */
import { buildContractWorld } from '../deploy/cluster/test/contract-world.js';
import { formatFailures, generateCases, runFuzz, summary } from '../deploy/cluster/test/fuzz.js';
import { startTestCluster } from '../deploy/cluster/test/helpers.js';
import { envInt } from './support.js';

const requests = envInt('FUZZ_REQUESTS', 10_000);
const seed = envInt('FUZZ_SEED', 20_251_119);
const concurrency = envInt('FUZZ_CONCURRENCY', 8);
const chunkSize = envInt('FUZZ_CHUNK', 250);

const test = await startTestCluster({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000000' } });
let failed = true;
try {
  const world = await buildContractWorld(test.url);
  const cases = generateCases(world, { seed, limit: requests });
  const endpoints = new Set(cases.map((c) => c.endpoint)).size;
  console.log(
    `contract fuzz: ${cases.length} cases (seed ${seed}) over ${endpoints} endpoints x 6 callers, ${cases.filter((c) => c.mustRefuse).length} of them refused by the contract; ${concurrency} in flight`,
  );
  const report = await runFuzz({
    world,
    databaseUrl: test.databaseUrl,
    cases,
    concurrency,
    chunkSize,
    onProgress: (done, total) => process.stdout.write(`  ${done}/${total}\r`),
  });
  console.log(`\n${summary(report)}`);
  const failures = formatFailures(report, 200);
  if (failures) console.log(`failures:\n${failures}`);
  failed = failures !== '';
} finally {
  if (failed) console.log(`--- cluster output (tail) ---\n${test.logs}`);
  await test.stop();
}
process.exit(failed ? 1 : 0);
