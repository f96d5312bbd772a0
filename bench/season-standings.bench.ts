/**
 * `npx tsx bench/season-standings.bench.ts`: season standings of a big pool.
 *
 * Starts picks-scoring on the local PostgreSQL (a fresh database, as the integration suites do) and
 * a real NATS, seeds a pool of BENCH_MEMBERS members (default 10,000) with BENCH_WEEKS (default 22)
 * COMPLETE weeks of calculated scores (one week_scores row per member and week, about one week in
 * eight without picks), then times `GET /api/pools/{poolId}/seasons/{year}/leaderboard` (the whole
 * handler: assertion check, access rule, SQL, ranking, serialisation) BENCH_RUNS times after a
 * warm-up. Prints p50, p95, max and the reply size; exits 1 when p95 is over the goal (200 ms) or a
 * reply is wrong (member count, the leader's total against SQL).
 *
 * Seeding writes picks-scoring's own tables directly (SQL generate_series): a benchmark of the
 * read path, not of the event consumers.
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../services/picks-scoring/src/app.js';
import { loadPicksScoringConfig } from '../services/picks-scoring/src/config.js';
import { createTestRuntime } from '@powerpool/testing';
import { benchFailed, envInt } from './support.js';

const GOAL_MS = 200;
const members = envInt('BENCH_MEMBERS', 10_000);
const weeks = envInt('BENCH_WEEKS', 22);
const runs = envInt('BENCH_RUNS', 30);
const YEAR = 2025;

const runtime = await createTestRuntime();
const app = await buildApp({ ...runtime, config: loadPicksScoringConfig({ IDENTITY_ASSERTION_PUBLIC_KEY: 'unused' }) });
let exitCode = 0;
try {
  const sql = runtime.database.sql;
  const poolId = randomUUID();
  const commissioner = { id: randomUUID(), email: 'bench.commissioner@powerpool.test', role: 'pool_commissioner' as const };
  const t0 = performance.now();
  await sql.query(`INSERT INTO picks.pools (id, name, year, commissioner_id, is_public, updated_at) VALUES ($1, 'Bench Pool', $2, $3, false, now())`, [
    poolId,
    YEAR,
    commissioner.id,
  ]);
  await sql.query(
    `INSERT INTO picks.users (id, email, display_name, updated_at)
     SELECT gen_random_uuid(), 'member' || n || '@powerpool.test', 'Member ' || n, now() FROM generate_series(1, $1) AS n`,
    [members],
  );
  await sql.query(`INSERT INTO picks.pool_members (pool_id, user_id, is_active, updated_at) SELECT $1, id, true, now() FROM picks.users`, [poolId]);
  await sql.query(
    `INSERT INTO picks.pool_weeks (pool_id, year, week_number, state, pick_deadline, published_at, state_changed_at, calculated_at)
     SELECT $1, $2, w, 'COMPLETE', now(), now(), now(), now() FROM generate_series(1, $3) AS w`,
    [poolId, YEAR, weeks],
  );
  // Scores: raw 0..6, the power pick x2 / x0 / x1 in turn, no picks for about one week in eight.
  await sql.query(
    `INSERT INTO picks.week_scores (pool_id, user_id, year, week_number, raw_points, multiplier, final_points, power_effect, has_picks, has_calculation_error, error_message, calculated_at)
     SELECT $1, u.id, $2, w, r.raw, r.mult, r.raw * r.mult, CASE r.mult WHEN 2 THEN 'x2' WHEN 0 THEN 'x0' ELSE 'none' END, r.played, false, NULL, now()
     FROM picks.users u CROSS JOIN generate_series(1, $3) AS w
     CROSS JOIN LATERAL (SELECT (abs(hashtext(u.id::text || w)) % 8) <> 0 AS played) p
     CROSS JOIN LATERAL (SELECT CASE WHEN p.played THEN abs(hashtext(w || u.id::text)) % 7 ELSE 0 END AS raw,
                                CASE WHEN p.played THEN (abs(hashtext(u.email || w)) % 3) ELSE 1 END AS mult, p.played) r`,
    [poolId, YEAR, weeks],
  );
  const [{ n }] = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM picks.week_scores WHERE pool_id = $1', [poolId])) as [{ n: number }];
  const [{ best }] = (await sql.query<{ best: number }>(
    'SELECT max(t)::int AS best FROM (SELECT sum(final_points) AS t FROM picks.week_scores WHERE pool_id = $1 GROUP BY user_id) s',
    [poolId],
  )) as [{ best: number }];
  console.log(`seeded ${members} members x ${weeks} COMPLETE weeks (${n} week scores) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const headers = await runtime.headersFor(commissioner);
  const url = `/api/pools/${poolId}/seasons/${YEAR}/leaderboard`;
  const once = async () => {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return { ms, body: res.body };
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const { ms, body } = await once();
    times.push(ms);
    size = body.length;
    if (i === 0) {
      const standings = JSON.parse(body) as Array<{ rank: number; totalPoints: number }>;
      if (standings.length !== members) throw new Error(`expected ${members} entries, got ${standings.length}`);
      if (standings[0]!.rank !== 1 || standings[0]!.totalPoints !== best) throw new Error(`leader ${JSON.stringify(standings[0])}, expected total ${best}`);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(`GET ${url.replace(poolId, '{poolId}')}: ${runs} runs, reply ${(size / 1024).toFixed(0)} KB`);
  console.log(`p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (goal: p95 under ${GOAL_MS} ms)`);
  if (at(0.95) > GOAL_MS) {
    console.error(`FAIL: p95 ${at(0.95).toFixed(1)} ms is over ${GOAL_MS} ms`);
    exitCode = 1;
  }
} catch (err) {
  exitCode = benchFailed(err);
} finally {
  await app.close();
  await runtime.close();
}
process.exit(exitCode);
