/**
 * `npm run bench:replicas`: picks-scoring with 1, 2 and 3 replicas under game-day load.
 *
 * For each replica count in turn, starts cluster mode (deploy/cluster `startCluster`: the dev IdP,
 * every service in its own process with picks-scoring N times, the gateway balancing over them) on
 * the local PostgreSQL (a scratch database) and NATS (its own namespace), then through the gateway:
 * the super admin imports the 2025 season from the offline ESPN replay, the commissioner makes a
 * pool, both dev players join and the Wild Card week is published (deploy/cluster/test/helpers
 * `publishWildCardPool`, all real HTTP); BENCH_MEMBERS more members join it as pools-invitations
 * would announce them (pools.member.joined on the cluster's NATS), so the board is a big pool's.
 * A second such pool takes the picks saves.
 *
 * Load, with autocannon in child processes, both at once for BENCH_DURATION seconds (after
 * BENCH_WARMUP): BENCH_CONNECTIONS connections GET the pool's live leaderboard (`Accept-Encoding:
 * gzip`, as the commissioner, who sees it before the deadline), and BENCH_SAVE_CONNECTIONS
 * connections save a player's picks in the second pool (POST /api/picks/batch, the full valid set
 * each time). Prints
 * req/s and p50/p99 of each, the total, and how the GETs spread over the replicas (each replica's
 * own /metrics).
 *
 * Honest caveat: on a 2-core machine the load generator, the gateway, PostgreSQL, NATS and every
 * replica share the same two cores, so more replicas mostly add contention; the figures say what
 * this machine does, not what more nodes would.
 *
 * Env: BENCH_REPLICAS (1,2,3), BENCH_MEMBERS (500), BENCH_CONNECTIONS (100), BENCH_SAVE_CONNECTIONS
 * (10), BENCH_DURATION (10 s), BENCH_WARMUP (3 s), BENCH_TIMEOUT (30 s).
 */
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { connectServiceBus } from '@powerpool/service-kit';
import { buildPoolSnapshot, memberEventOf, TEST_NATS_URL } from '@powerpool/testing';
import { publishedGamesReplySchema, SESSION_COOKIE } from '@powerpool/contracts';
import { eventually, publishWildCardPool, routeRequestCount, startTestCluster } from '../deploy/cluster/test/helpers.js';
import { autocannonInChild } from './autocannon.js';
import { benchFailed, envInt } from './support.js';

const replicaCounts = (process.env.BENCH_REPLICAS ?? '1,2,3').split(',').map((v) => {
  const n = Number(v.trim());
  if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error(`BENCH_REPLICAS: ${v} is not a count from 1 to 9`);
  return n;
});
const members = envInt('BENCH_MEMBERS', 500);
const connections = envInt('BENCH_CONNECTIONS', 100);
const saveConnections = envInt('BENCH_SAVE_CONNECTIONS', 10);
const duration = envInt('BENCH_DURATION', 10);
const warmup = envInt('BENCH_WARMUP', 3);
const timeout = envInt('BENCH_TIMEOUT', 30);
const LIVE_ROUTE = '/api/pools/:poolId/weeks/:weekNumber/live-leaderboard';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}
interface Row {
  replicas: number;
  live: Figures;
  save: Figures;
  /** GETs of the live leaderboard each replica answered during the measured run. */
  spread: number[];
}

const figures = (r: autocannon.Result): Figures => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  requests: r.requests.total,
  errors: r.errors,
  non2xx: r.non2xx,
});

async function measure(replicas: number): Promise<Row> {
  // Its own database, data dir and NATS namespace, removed by stop() (as the cluster tests do).
  const test = await startTestCluster({
    replicas: { 'picks-scoring': replicas },
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_SIGNIN_PER_MINUTE: '10000', RATE_LIMIT_WRITES_PER_MINUTE: '10000000' },
  });
  try {
    const { cluster, url, namespace } = test;

    // ---- seed: a published Wild Card week through the gateway, then a big pool ----------------
    const pool = await publishWildCardPool(url, 30_000);
    // The saves go to a second pool: a save changes its pool's board, and on a real Sunday the big
    // pool's board is read far more often than anyone in it saves.
    const savesPool = await publishWildCardPool(url, 30_000);
    const [player] = savesPool.players;
    const commissionerId = ((await (await pool.commissioner.get('/api/auth/user')).json()) as { id: string }).id;
    const snapshot = buildPoolSnapshot(commissionerId, { id: pool.poolId, name: 'Bench Wild Card Pool', year: 2025, maxMembers: members + 10 });
    const bus = await connectServiceBus({ servers: TEST_NATS_URL, name: 'bench-replicas', namespace });
    try {
      const at = new Date().toISOString();
      for (let i = 0; i < members; i++) {
        const id = randomUUID();
        await bus.publish('identity.user.registered', {
          user: {
            id,
            email: `member${i}@bench.test`,
            displayName: `Member ${i}`,
            firstName: null,
            lastName: null,
            role: 'user',
            hasPaid: false,
            paymentNotes: null,
            createdAt: at,
            updatedAt: at,
          },
        });
        await bus.publish('pools.member.joined', memberEventOf(snapshot, id));
      }
    } finally {
      await bus.close();
    }
    const board = `${url}/api/pools/${pool.poolId}/weeks/${pool.weekNumber}/live-leaderboard`;
    const commissionerCookie = `${SESSION_COOKIE}=${pool.commissioner.sessionId}`;
    await eventually(
      async () => {
        const res = await fetch(board, { headers: { cookie: commissionerCookie } });
        const body = (await res.json()) as { standings?: unknown[] };
        return res.status === 200 && (body.standings?.length ?? 0) >= members ? true : undefined;
      },
      120_000,
      `the live leaderboard did not list the ${members} seeded members`,
    );
    // The player's picks: the home team of each published game, ranks 3, 2, 1 and the power pick.
    const published = publishedGamesReplySchema.parse(
      await (await player!.get(`/api/pools/${savesPool.poolId}/weeks/${savesPool.weekNumber}/games/published`)).json(),
    );
    const picks = published.slice(0, 4).map((g, i) => ({
      poolId: savesPool.poolId,
      poolGameId: g.poolGameId,
      gameEspnCompetitionId: g.id,
      selectedTeamEspnId: g.homeTeam.espnId,
      confidenceRank: [3, 2, 1, 0][i]!,
      isPowerPick: i === 3,
      weekNumber: pool.weekNumber,
    }));
    const saveBody = JSON.stringify({ weekId: `2025:${pool.weekNumber}`, picks });
    const probe = await player!.post('/api/picks/batch', JSON.parse(saveBody));
    if (probe.status !== 200) throw new Error(`a picks save answered ${probe.status}: ${await probe.text()}`);

    // ---- load --------------------------------------------------------------------------------
    const live: autocannon.Options = { url: board, headers: { cookie: commissionerCookie, 'accept-encoding': 'gzip' }, connections, timeout };
    const save: autocannon.Options = {
      url: `${url}/api/picks/batch`,
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${player!.sessionId}`, 'content-type': 'application/json', origin: url },
      body: saveBody,
      connections: saveConnections,
      timeout,
    };
    await Promise.all([autocannonInChild({ ...live, duration: warmup }), autocannonInChild({ ...save, duration: warmup })]);
    const scoring = cluster.replicasOf('picks-scoring');
    const before = await Promise.all(scoring.map((r) => routeRequestCount(r, LIVE_ROUTE)));
    const [liveResult, saveResult] = await Promise.all([autocannonInChild({ ...live, duration }), autocannonInChild({ ...save, duration })]);
    const after = await Promise.all(scoring.map((r) => routeRequestCount(r, LIVE_ROUTE)));
    return { replicas, live: figures(liveResult), save: figures(saveResult), spread: after.map((n, i) => n - before[i]!) };
  } finally {
    await test.stop();
  }
}

let exitCode = 0;
const rows: Row[] = [];
try {
  for (const n of replicaCounts) {
    console.log(`picks-scoring x${n}: starting the cluster, seeding a pool of ${members + 2} members, then ${warmup} s warm-up and ${duration} s of load`);
    const row = await measure(n);
    rows.push(row);
    console.log(
      `  live GET ${row.live.rps.toFixed(0)} req/s p99 ${row.live.p99} ms (${row.live.non2xx} non-2xx, ${row.live.errors} errors); ` +
        `picks save ${row.save.rps.toFixed(0)} req/s p99 ${row.save.p99} ms (${row.save.non2xx} non-2xx, ${row.save.errors} errors); GETs per replica ${row.spread.join(' / ')}`,
    );
    if (row.live.non2xx || row.save.non2xx || row.live.errors > 0 || row.save.errors > 0) exitCode = 1;
  }
  const columns: Array<[string, number]> = [
    ['replicas', 10],
    ['live req/s', 12],
    ['live p50', 10],
    ['live p99', 10],
    ['save req/s', 12],
    ['save p50', 10],
    ['save p99', 10],
    ['total req/s', 13],
    ['GETs per replica', 20],
  ];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(columns[i]![1]) : c.padStart(columns[i]![1]))).join('');
  console.log(`\n${connections} live + ${saveConnections} save connections, ${duration} s each, a pool of ${members + 2} members`);
  console.log(line(columns.map(([c]) => c)));
  for (const r of rows) {
    console.log(
      line([
        String(r.replicas),
        r.live.rps.toFixed(0),
        `${r.live.p50} ms`,
        `${r.live.p99} ms`,
        r.save.rps.toFixed(0),
        `${r.save.p50} ms`,
        `${r.save.p99} ms`,
        (r.live.rps + r.save.rps).toFixed(0),
        r.spread.join(' / '),
      ]),
    );
  }
  console.log('\nOn a 2-core machine every process (and the load generator) shares the two cores: more replicas add contention, not capacity.');
} catch (err) {
  exitCode = benchFailed(err);
}
process.exit(exitCode);
