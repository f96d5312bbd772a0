/**
 * `npm run bench:stream`: the live leaderboard pushed to 5,000 open browsers (the fan-out).
 *
 * Starts PowerPool embedded (gateway, five services, dev IdP, PGlite, in-process bus; in memory;
 * one process, so "the gateway" and "the service" share its memory figures), signs in as the dev
 * super admin over real HTTP, and seeds through the bus what the other services would announce: a
 * pool of BENCH_MEMBERS members (default 100) with their picks, week 1's 16 games published and
 * GAMES_IN_PROGRESS, half of them final and half being played (as bench/live-leaderboard.bench.ts).
 *
 * Then a child process (bench/live-stream-clients.ts) opens BENCH_STREAMS (default 5,000) real
 * HTTP connections to GET /api/pools/{poolId}/weeks/1/live-leaderboard/stream through the gateway
 * and waits for each snapshot. For each of BENCH_ROUNDS (default 5) rounds a score changes: the
 * bench publishes `sports.game.updated` into the running system (ingest) and the child records when
 * each stream receives its patch. Prints per round p50 / p99 / max from ingest to a stream's patch
 * (the max is the time to the last stream), the patch size, and the app's memory (RSS, heap) per
 * open stream (after a GC, before and after the streams opened). Goal: p99 under 1 s; the figures
 * are reported, not enforced (they depend on the machine); exits 1 only when streams fail.
 *
 * Env: BENCH_STREAMS (5000), BENCH_MEMBERS (100), BENCH_ROUNDS (5), BENCH_TARGET (`gateway`, or
 * `direct`: the streams straight to picks-scoring's port with the assertion the gateway would
 * add, to see what the proxy hop costs).
 */
import type { ChildProcess } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';
import { HEADERS, SESSION_COOKIE, type Role } from '@powerpool/contracts';
import { openWireEventStream, signInThroughGateway } from '@powerpool/testing';
import { seedLiveWeek } from './seed-live-week.js';
import { envInt, forkStreamClients, startBenchApp } from './support.js';

const streams = envInt('BENCH_STREAMS', 5000);
const members = envInt('BENCH_MEMBERS', 100);
const rounds = envInt('BENCH_ROUNDS', 5);
const target = process.env.BENCH_TARGET === 'direct' ? 'direct' : 'gateway';
const YEAR = 2025;
const GOAL_P99_MS = 1000;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const memory = () => {
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};
const now = () => performance.timeOrigin + performance.now();

const app = await startBenchApp({ espnReplay: false });
const { bus } = app.runtime;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

let exitCode = 0;
let child: ChildProcess | undefined;
let phone: Awaited<ReturnType<typeof openWireEventStream>> | undefined;
try {
  const session = await signInThroughGateway(app.url, { email: 'admin@powerpool.test', password: 'powerpool' });
  const cookie = `${SESSION_COOKIE}=${session}`;
  const admin = (await (await fetch(`${app.url}/api/auth/user`, { headers: { cookie } })).json()) as { id: string; email: string; role: Role };

  // ---- seed, as the other services would announce it ------------------------------------------
  const week = await seedLiveWeek(app, admin.id, members, YEAR);
  const pool = { id: week.poolId };
  const current = week.games;
  // Each change is newer than every update before it.
  let stamp = Date.now() + 60_000;
  console.log(`seeded a pool of ${members} members with ${members * 4} picks on 16 games (8 final, 8 live)`);

  // ---- open the streams ------------------------------------------------------------------------
  const path = `/api/pools/${pool.id}/weeks/1/live-leaderboard/stream`;
  const url = target === 'direct' ? `${app.upstreams['picks-scoring']}${path}` : `${app.url}${path}`;
  // Direct: the assertion the gateway would add (checked once, when a stream opens).
  const headers: Record<string, string> =
    target === 'direct' ? { [HEADERS.identity]: await app.signer.sign({ user: { id: admin.id, email: admin.email, role: admin.role } }) } : { cookie };
  const probe = await fetch(url, { headers });
  const probeReader = probe.body!.getReader();
  let probeText = '';
  while (!probeText.includes('"type":"snapshot"') || !probeText.endsWith('\n\n')) probeText += new TextDecoder().decode((await probeReader.read()).value);
  await probeReader.cancel();
  const snapshotBytes = Buffer.byteLength(probeText.slice(probeText.indexOf('id:')));
  // A phone's stream: what a browser's EventSource asks for (deflate taken), measured on the wire.
  phone = await openWireEventStream(url, { ...headers, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' });
  while ((await phone.nextEvent<{ type: string }>(60_000)).data.type !== 'snapshot');
  const phoneSnapshotBytes = phone.wireBytes;
  await new Promise((r) => setTimeout(r, 500));

  const before = memory();
  const t0 = now();
  const clients = forkStreamClients({ url, headers, count: streams });
  child = clients.child;
  const nextMessage = clients.next;
  const ready = await nextMessage(300_000);
  const opened = (now() - t0) / 1000;
  if (ready.failures) {
    exitCode = 1;
    console.log(`${ready.failures} streams failed to open`);
  }
  await new Promise((r) => setTimeout(r, 2000));
  const after = memory();
  const perStream = (n: number) => `${(n / (ready.ready ?? streams) / 1024).toFixed(1)} KiB`;
  console.log(
    `\n${ready.ready} streams open ${target === 'direct' ? 'straight to picks-scoring' : 'through one gateway'} in ${opened.toFixed(1)} s (snapshot ${(snapshotBytes / 1024).toFixed(1)} KiB each)`,
  );
  console.log(
    `a phone's stream (Accept-Encoding: ${phone.encoding ?? 'not taken'}): snapshot ${(phoneSnapshotBytes / 1024).toFixed(1)} KiB on the wire (with the stream's opening lines)`,
  );
  console.log(
    `memory per open stream (gateway + picks-scoring in one process, both ends of the proxy hop): RSS ${perStream(after.rss - before.rss)}, heap ${perStream(after.heap - before.heap)}`,
  );
  console.log(
    `  (process: RSS ${(before.rss / 2 ** 20).toFixed(0)} -> ${(after.rss / 2 ** 20).toFixed(0)} MiB, heap ${(before.heap / 2 ** 20).toFixed(0)} -> ${(after.heap / 2 ** 20).toFixed(0)} MiB)\n`,
  );

  // ---- score changes -----------------------------------------------------------------------------
  const p99s: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const id = `bench-${(2 * round - 1) % 16 || 1}`;
    const game = current.get(id)!;
    const next = { ...game, homeScore: (game.homeScore ?? 0) + 7, gameClock: `${10 - round}:00`, updatedAt: new Date(stamp++).toISOString() };
    current.set(id, next);
    const ingest = now();
    const phoneBefore = phone.wireBytes;
    await bus.publish('sports.game.updated', { game: next, changed: ['homeScore', 'gameClock'] });
    const report = await nextMessage(120_000);
    while ((await phone.nextEvent<{ type: string }>(60_000)).data.type !== 'patch');
    const phonePatch = phone.wireBytes - phoneBefore;
    if (report.round !== round || !report.arrivals) throw new Error(`unexpected report ${JSON.stringify(report).slice(0, 200)}`);
    const latencies = report.arrivals.map((t) => t - ingest).sort((a, b) => a - b);
    p99s.push(pct(latencies, 99));
    console.log(
      `round ${round} (${id} +7): ingest -> patch p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms, last stream ${latencies.at(-1)!.toFixed(0)} ms (${latencies.length} streams, patch ${((report.bytes ?? 0) / 1024).toFixed(1)} KiB, ${(phonePatch / 1024).toFixed(1)} KiB on a phone's deflated stream)`,
    );
    await new Promise((r) => setTimeout(r, 1000));
  }
  const worst = Math.max(...p99s);
  console.log(
    `\ngoal p99 < ${GOAL_P99_MS} ms: ${worst < GOAL_P99_MS ? 'met' : 'NOT met'} (worst round p99 ${worst.toFixed(0)} ms, ${streams} streams, ${members} members)`,
  );
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  child?.send({ stop: true });
  await phone?.close();
  await app.close();
}
process.exit(exitCode);
