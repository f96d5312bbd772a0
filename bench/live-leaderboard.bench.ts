/**
 * `npx tsx bench/live-leaderboard.bench.ts`: the live leaderboard of a big pool on game day.
 *
 * Starts PowerPool embedded (gateway, five services, dev IdP, PGlite, in-process bus; in memory),
 * signs in as the dev super admin over real HTTP, and seeds through the bus exactly the events the
 * other services would send: BENCH_MEMBERS users (identity.user.registered, default 1,000), a pool
 * with all of them as members (pools.*), the teams and 16 games of week 1 (sports.*), the week
 * published with locked spreads and moved to GAMES_IN_PROGRESS (weeks.*), then half the games final
 * and the rest being played (sports.game.updated). Each member's three picks and a power pick are
 * written straight into picks-scoring's table (saving 1,000 batches through 1,000 sign-ins would
 * measure the sign-in, not the board).
 *
 * Then, with autocannon in a child process at BENCH_CONNECTIONS (default 200), in alternating
 * rounds: (1) the gateway's bare proxy rate on its lightest proxied call (GET /api/auth/user);
 * (2) GET /api/pools/{poolId}/weeks/1/live-leaderboard through the gateway with
 * `Accept-Encoding: gzip`, as browsers send it; (3) the same with `If-None-Match` set to the
 * board's ETag (a polling browser whose board did not change: every answer a 304). Before that it
 * checks and prints the reply's sizes (identity, gzip, 304). Prints req/s, p50, p99, the app's
 * CPU per request, event-loop use and bytes per request of each, and the ratios to the bare rate.
 * Goals: p99 under 50 ms and a ratio of at least 0.5; exits 1 only on failed requests or a wrong
 * reply (the figures are reported, not enforced: they depend on the machine).
 *
 * Env: BENCH_MEMBERS (1000), BENCH_CONNECTIONS (200), BENCH_DURATION (10 s per measured run),
 * BENCH_WARMUP (3 s per target), BENCH_ROUNDS (2), BENCH_TIMEOUT (30 s: a request unanswered by
 * then counts as a timeout, shown, not a failure), BENCH_PROFILE (a directory: a CPU profile of
 * the app's thread for the first measured run of each target, `bare|live|live304.cpuprofile`;
 * `tsx bench/profile-summary.ts <file>` summarizes one).
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { SESSION_COOKIE } from '@powerpool/contracts';
import { signInThroughGateway } from '@powerpool/testing';
import { autocannonInChild } from './autocannon.js';
import { seedLiveWeek } from './seed-live-week.js';
import { benchFailed, envInt, measureApp, startBenchApp, summarizeRuns, type Run } from './support.js';

const members = envInt('BENCH_MEMBERS', 1000);
const connections = envInt('BENCH_CONNECTIONS', 200);
const duration = envInt('BENCH_DURATION', 10);
const warmup = envInt('BENCH_WARMUP', 3);
const rounds = envInt('BENCH_ROUNDS', 2);
const timeout = envInt('BENCH_TIMEOUT', 30);
const YEAR = 2025;
const GOAL_P99_MS = 50;
const GOAL_RATIO = 0.5;

const app = await startBenchApp({ espnReplay: false });

interface LiveRun extends Run {
  /** Bytes received by the load generator (headers and bodies). */
  bytes: number;
  /** Requests not answered within BENCH_TIMEOUT seconds. */
  timeouts: number;
}

/** A GET as it comes over the wire (fetch would decompress and hide the sizes). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; headerBytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headerBytes = res.rawHeaders.reduce((n, h) => n + Buffer.byteLength(h) + 2, 0); // `name: value\r\n`;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, headerBytes, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Wait until the app's event loop has been idle for a while (at most 30 s). */
async function settle(): Promise<void> {
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    const elu0 = performance.eventLoopUtilization();
    await new Promise((r) => setTimeout(r, 500));
    if (performance.eventLoopUtilization(elu0).utilization < 0.05) return;
  }
}

let exitCode = 0;
try {
  const session = await signInThroughGateway(app.url, { email: 'admin@powerpool.test', password: 'powerpool' });
  const cookie = `${SESSION_COOKIE}=${session}`;
  const admin = (await (await fetch(`${app.url}/api/auth/user`, { headers: { cookie } })).json()) as { id: string };

  // ---- seed, as the other services would announce it ------------------------------------------
  const t0 = performance.now();
  const week = await seedLiveWeek(app, admin.id, members, YEAR);
  const pool = { id: week.poolId };
  console.log(
    `seeded a pool of ${members} members with ${members * 4} picks on 16 games (8 final, 8 live) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // ---- measure -------------------------------------------------------------------------------------
  const live = `${app.url}/api/pools/${pool.id}/weeks/1/live-leaderboard`;
  const bare = `${app.url}/api/auth/user`;
  // The reply three ways, checked: identity, gzip (read raw: fetch would decompress), and revalidated with its ETag.
  const plainProbe = await fetch(live, { headers: { cookie, 'accept-encoding': 'identity' } });
  const plain = Buffer.from(await plainProbe.arrayBuffer());
  const board = JSON.parse(plain.toString('utf8')) as { standings?: unknown[]; metadata?: { accessLevel: string } };
  if (plainProbe.status !== 200 || board.standings?.length !== members)
    throw new Error(`live leaderboard answered ${plainProbe.status} with ${board.standings?.length} standings`);
  const etag = plainProbe.headers.get('etag');
  if (!etag || plainProbe.headers.get('content-encoding'))
    throw new Error(`identity reply: etag ${etag}, content-encoding ${plainProbe.headers.get('content-encoding')}`);
  const gzipped = await rawGet(live, { cookie, 'accept-encoding': 'gzip' });
  if (gzipped.status !== 200 || gzipped.headers['content-encoding'] !== 'gzip' || !gunzipSync(gzipped.body).equals(plain))
    throw new Error(`gzip reply: ${gzipped.status} ${gzipped.headers['content-encoding']}, not the identity body gunzipped`);
  const revalidated = await rawGet(live, { cookie, 'accept-encoding': 'gzip', 'if-none-match': etag });
  if (revalidated.status !== 304 || revalidated.body.length !== 0 || revalidated.headers.etag !== etag)
    throw new Error(`If-None-Match: ${revalidated.status}, ${revalidated.body.length} bytes, etag ${revalidated.headers.etag}`);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`reply: ${members} standings, access ${board.metadata?.accessLevel}, ETag ${etag}`);
  console.log(
    `  identity ${kb(plain.length)}; gzip ${kb(gzipped.body.length)} (${((100 * gzipped.body.length) / plain.length).toFixed(1)} %); 304 ${revalidated.body.length} bytes of body, ${revalidated.headerBytes} bytes of headers\n`,
  );

  const targets = {
    bare: { name: 'gateway bare (auth/user)', url: bare, headers: { cookie }, expect: '2xx' },
    live: { name: `live leaderboard, gzip`, url: live, headers: { cookie, 'accept-encoding': 'gzip' }, expect: '2xx' },
    live304: { name: `live, If-None-Match (304)`, url: live, headers: { cookie, 'accept-encoding': 'gzip', 'if-none-match': etag }, expect: '3xx' },
  } as const;
  type Which = keyof typeof targets;
  const runs: Record<Which, LiveRun[]> = { bare: [], live: [], live304: [] };
  const loadOnce = async (which: Which, seconds: number, profileAs?: string, warmingUp = false): Promise<LiveRun> => {
    const target = targets[which];
    // Requests the previous run left in flight (its connections closed, the app still busy with them) must not count here.
    await settle();
    const { result, cpuMs, loopBusy } = await measureApp(
      () => autocannonInChild({ url: target.url, headers: { ...target.headers }, connections, duration: seconds, timeout }),
      profileAs,
    );
    const expected = result[target.expect];
    // Timeouts (no answer within BENCH_TIMEOUT s) are counted and shown; any other error or status fails.
    const wrong = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'] - expected;
    if ((result.requests.total === 0 && !warmingUp) || wrong > 0 || result.errors > result.timeouts)
      throw new Error(`${which}: ${result.errors} errors (${result.timeouts} timeouts), ${expected} ${target.expect} of ${result.requests.total} requests`);
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      cpuMs,
      loopBusy,
      bytes: result.throughput.total,
      timeouts: result.timeouts,
    };
  };
  const order: Which[] = ['bare', 'live', 'live304'];
  for (const which of order) await loadOnce(which, warmup, undefined, true);
  for (let round = 0; round < rounds; round++) {
    for (const which of round % 2 === 0 ? order : [...order].reverse()) runs[which].push(await loadOnce(which, duration, round === 0 ? which : undefined));
  }
  const sum = (which: Which) => {
    const base = summarizeRuns(runs[which]);
    return {
      ...base,
      bytesPerRequest: runs[which].reduce((n, r) => n + r.bytes, 0) / Math.max(1, base.requests),
      timeouts: runs[which].reduce((n, r) => n + r.timeouts, 0),
    };
  };
  console.log(`${connections} connections, ${warmup} s warm-up each, ${rounds} round(s) of ${duration} s, order alternating`);
  const columns: Array<[string, number]> = [
    ['target', 28],
    ['req/s', 8],
    ['p50', 9],
    ['p99', 9],
    ['requests', 10],
    ['app CPU/req', 13],
    ['loop busy', 11],
    ['bytes/req', 11],
    ['timeouts', 10],
  ];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(columns[i]![1]) : c.padStart(columns[i]![1]))).join('');
  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  console.log(line(columns.map(([c]) => c)));
  const summaries = Object.fromEntries(order.map((w) => [w, sum(w)])) as Record<Which, ReturnType<typeof sum>>;
  for (const which of order) {
    const s = summaries[which];
    console.log(
      line([
        targets[which].name,
        s.rps.toFixed(0),
        ms(s.p50),
        ms(s.p99),
        String(s.requests),
        `${s.cpuMsPerRequest.toFixed(2)} ms`,
        `${(s.loopBusy * 100).toFixed(0)}%`,
        kb(s.bytesPerRequest),
        String(s.timeouts),
      ]),
    );
  }
  const b = summaries.bare;
  for (const which of ['live', 'live304'] as const) {
    const l = summaries[which];
    console.log(
      `\n${targets[which].name}: ratio to bare req/s ${(l.rps / b.rps).toFixed(2)} (goal >= ${GOAL_RATIO}); p99 ${l.p99.toFixed(0)} ms (goal < ${GOAL_P99_MS} ms)`,
    );
  }
} catch (err) {
  exitCode = benchFailed(err);
} finally {
  await app.close();
}
process.exit(exitCode);
