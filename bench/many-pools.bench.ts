/**
 * `npm run bench:many-pools`: thousands of small pools on the same games (docs/architecture.md#a-scores-path).
 *
 * For each pool count of BENCH_POOLS in turn, starts cluster mode (deploy/cluster `startTestCluster`:
 * every service in its own process, picks-scoring BENCH_REPLICAS times, one gateway, the local
 * PostgreSQL in a scratch database and NATS in its own namespace), signs in as the dev super admin
 * over real HTTP, and seeds through the cluster's bus what the other services would announce: the
 * teams and the 13 games of week 1, BENCH_POOLS pools of BENCH_MEMBERS members (users, pools,
 * members), each with the 13 games published and GAMES_IN_PROGRESS, every game being played. Each
 * member's three picks and power pick are written straight into picks-scoring's table (as
 * bench/seed-live-week.ts does: a sign-in per member would measure the sign-in).
 *
 * Then a child process (bench/live-stream-clients.ts) opens BENCH_STREAMS live leaderboard streams
 * through the gateway, spread over the first BENCH_STREAM_POOLS pools, and waits for each snapshot.
 * With nothing changing for BENCH_IDLE seconds it prints each process's CPU use (its own /metrics,
 * process_cpu_seconds_total) and the database's transactions per second (pg_stat_database, every
 * service). Then BENCH_ROUNDS score changes (sports.game.updated published into the cluster: ingest)
 * each touch every pool: per round, ingest to each stream's change (the games frame) p50 / p99 / last, and the CPU
 * seconds the change cost each process (measured until every stream had it, plus 2 s).
 *
 * Figures are printed, not enforced (a shared 2-core machine); exits 1 only when streams fail.
 *
 * With BENCH_SUNDAY=minutes, a game day follows the rounds (playSunday): the games at the live
 * feed's cadence, how far behind the provider the streams fall, and the cluster's CPU.
 *
 * Env: BENCH_POOLS (200,2000), BENCH_MEMBERS (25), BENCH_STREAMS (1000), BENCH_STREAM_POOLS (half
 * the pools), BENCH_REPLICAS (1), BENCH_ROUNDS (3), BENCH_IDLE (15 s), BENCH_ROUND_TIMEOUT (300 s: a round
 * whose patches have not all arrived by then prints why, from the clients and picks-scoring, and fails).
 */
import type { ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { SESSION_COOKIE, type Game, type Team } from '@powerpool/contracts';
import { connectServiceBus } from '@powerpool/service-kit';
import { buildPoolSnapshot, buildGame, memberEventOf, signInThroughGateway, TEST_NATS_URL } from '@powerpool/testing';
import { startTestCluster, type TestCluster } from '../deploy/cluster/test/helpers.js';
import { until } from './seed-live-week.js';
import { benchFailed, envInt, envNumber, forkStreamClients, untilEventsHandled } from './support.js';

const poolCounts = (process.env.BENCH_POOLS ?? '200,2000').split(',').map((v) => {
  const n = Number(v.trim());
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_POOLS: ${v} is not a pool count`);
  return n;
});
const members = envInt('BENCH_MEMBERS', 25);
const streams = envInt('BENCH_STREAMS', 1000);
const replicas = envInt('BENCH_REPLICAS', 1);
const rounds = envInt('BENCH_ROUNDS', 3);
const idleSeconds = envInt('BENCH_IDLE', 15);
const roundTimeoutMs = envInt('BENCH_ROUND_TIMEOUT', 300) * 1000;
const sundayMinutes = process.env.BENCH_SUNDAY ? envNumber('BENCH_SUNDAY', 10) : 0;
/** The live feed reads the scoreboard this often on game day; each read moves the clock of every game being played. */
const READ_EVERY_MS = 2_000;
/** Games being played at once on a Sunday's early window. */
const LIVE_AT_ONCE = 8;
const YEAR = 2025;
const GAMES = 13;
const now = () => performance.timeOrigin + performance.now();
/** Every process serves /metrics with it (the gateway only with one). */
const METRICS_TOKEN = 'bench-many-pools-metrics-token-0123456789';
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Each picks-scoring process's live stream gauges (its /metrics: streams, pool weeks, rebuilds, change log reads, dropped). */
async function liveStatsOf(test: TestCluster): Promise<Record<string, Record<string, number>>> {
  const out: Record<string, Record<string, number>> = {};
  for (const p of [...test.cluster.processes].filter((p) => p.service === 'picks-scoring')) {
    const text = await (await fetch(`${p.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    out[p.name] = Object.fromEntries(
      text
        .split('\n')
        .filter((l) => /^(live_|event_streams_)/.test(l))
        .map((l) => [l.slice(0, l.indexOf('{')), Number(l.slice(l.lastIndexOf(' ') + 1))]),
    );
  }
  return out;
}

/** Each process's CPU seconds so far (its /metrics). */
async function cpuOf(test: TestCluster): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const processes = [...test.cluster.processes].filter((p) => p.service !== 'dev-idp');
  await Promise.all(
    processes.map(async (p) => {
      const text = await (await fetch(`${p.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const line = text.split('\n').find((l) => l.startsWith('process_cpu_seconds_total'));
      out.set(p.name, line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN);
    }),
  );
  return out;
}

const cpuDelta = (before: Map<string, number>, after: Map<string, number>) => [...after].map(([name, v]) => [name, v - (before.get(name) ?? 0)] as const);

/** CPU seconds so far of the machine's PostgreSQL and NATS server processes (/proc: every backend alive now). */
async function infraCpu(): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const pid of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!/^(postgres|nats-server)$/.test(name)) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(Number(pid), (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return out;
}
const infraDelta = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, s]) => sum + s - (before.get(pid) ?? 0), 0);

/** "M:SS" of a game clock in seconds. */
const clockText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Publish in parallel batches (the bus acks each), in order between batches. */
async function publishAll(messages: Array<() => Promise<unknown>>, batch = 200): Promise<void> {
  for (let i = 0; i < messages.length; i += batch) await Promise.all(messages.slice(i, i + batch).map((m) => m()));
}

async function measure(pools: number): Promise<void> {
  const streamPools = Math.min(pools, envInt('BENCH_STREAM_POOLS', Math.max(1, Math.floor(pools / 2))));
  const test = await startTestCluster({
    replicas: { 'picks-scoring': replicas },
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_SIGNIN_PER_MINUTE: '10000', RATE_LIMIT_WRITES_PER_MINUTE: '10000000', METRICS_TOKEN },
  });
  const db = new pg.Client({ connectionString: test.databaseUrl });
  await db.connect();
  const bus = await connectServiceBus({ servers: TEST_NATS_URL, name: 'bench-many-pools', namespace: test.namespace });
  let child: ChildProcess | undefined;
  try {
    const count = async (query: string) => (await db.query<{ n: number }>(query)).rows[0]?.n ?? 0;
    const session = await signInThroughGateway(test.url, { email: 'admin@powerpool.test', password: 'powerpool' });
    const adminId = ((await (await fetch(`${test.url}/api/auth/user`, { headers: { cookie: `${SESSION_COOKIE}=${session}` } })).json()) as { id: string }).id;

    // ---- seed ----------------------------------------------------------------------------------
    const t0 = Date.now();
    const at = new Date().toISOString();
    const teams: Team[] = Array.from({ length: 2 * GAMES }, (_, i) => ({
      espnId: `t${i}`,
      name: `Team ${i}`,
      shortName: `T${i}`,
      abbreviation: `T${i}`,
      city: 'Bench City',
      color: '333333',
      logoUrl: null,
      darkLogoUrl: null,
    }));
    const kickoff = new Date(Date.now() - 60 * 60_000).toISOString();
    const games: Game[] = Array.from({ length: GAMES }, (_, i) =>
      buildGame({
        espnId: `many-${i}`,
        year: YEAR,
        weekNumber: 1,
        gameTimeUtc: kickoff,
        homeTeamEspnId: `t${2 * i}`,
        awayTeamEspnId: `t${2 * i + 1}`,
        homeTeamAbbr: `T${2 * i}`,
        awayTeamAbbr: `T${2 * i + 1}`,
        updatedAt: at,
      }),
    );
    await bus.publish('sports.teams.pushed', { teams, deletedEspnIds: [] });
    await bus.publish('sports.games.pushed', { years: [YEAR], games, deletedEspnIds: [] });
    const poolList = Array.from({ length: pools }, () => ({
      pool: buildPoolSnapshot(adminId, { name: 'Bench Pool', year: YEAR, maxMembers: members }),
      users: Array.from({ length: members }, () => randomUUID()),
      poolGameIds: games.map(() => randomUUID()),
    }));
    await publishAll(
      poolList.flatMap(({ users }) =>
        users.map(
          (id, i) => () =>
            bus.publish('identity.user.registered', {
              user: {
                id,
                email: `${id}@bench.test`,
                displayName: `Member ${i}`,
                firstName: null,
                lastName: null,
                role: 'user',
                hasPaid: false,
                paymentNotes: null,
                createdAt: at,
                updatedAt: at,
              },
            }),
        ),
      ),
    );
    await publishAll(
      poolList.map(
        ({ pool }) =>
          () =>
            bus.publish('pools.pool.created', { pool }),
      ),
    );
    await publishAll(poolList.flatMap(({ pool, users }) => users.map((id) => () => bus.publish('pools.member.joined', memberEventOf(pool, id)))));
    await publishAll(
      poolList.map(
        ({ pool, poolGameIds }) =>
          () =>
            bus.publish('weeks.week.published', {
              poolId: pool.id,
              year: YEAR,
              weekNumber: 1,
              pickDeadline: new Date(Date.now() - 70 * 60_000).toISOString(),
              publishedAt: at,
              games: games.map((g, i) => ({
                gameId: g.espnId,
                poolGameId: poolGameIds[i]!,
                lockedSpread: (i % 7) - 3.5,
                gameTimeUtc: g.gameTimeUtc,
                homeTeamEspnId: g.homeTeamEspnId,
                awayTeamEspnId: g.awayTeamEspnId,
              })),
            }),
      ),
    );
    await until('the published weeks', async () => (await count('SELECT count(*)::int AS n FROM picks.pool_weeks')) === pools, 900_000);
    await publishAll(
      poolList.map(
        ({ pool }) =>
          () =>
            bus.publish('weeks.week.state-changed', {
              poolId: pool.id,
              year: YEAR,
              weekNumber: 1,
              fromState: 'PUBLISHED',
              toState: 'GAMES_IN_PROGRESS',
              testing: false,
              automatic: true,
              byUserId: null,
              at,
            }),
      ),
    );
    let stamp = Date.now() + 1000;
    const current = new Map<string, Game>();
    for (const [i, g] of games.entries()) {
      const next = {
        ...g,
        gameStatus: 'IN_PROGRESS' as const,
        homeScore: 7 + i,
        awayScore: 10,
        currentPeriod: 2,
        gameClock: '5:12',
        updatedAt: new Date(stamp++).toISOString(),
      };
      current.set(g.espnId, next);
      await bus.publish('sports.game.updated', { game: next, changed: ['gameStatus', 'homeScore', 'awayScore'] });
    }
    await until('the members', async () => (await count('SELECT count(*)::int AS n FROM picks.pool_members')) === pools * members, 900_000);
    await until(
      'the weeks in progress',
      async () => (await count("SELECT count(*)::int AS n FROM picks.pool_weeks WHERE state = 'GAMES_IN_PROGRESS'")) === pools,
      900_000,
    );
    await until(
      'the game updates',
      async () => (await count("SELECT count(*)::int AS n FROM picks.games WHERE espn_id LIKE 'many-%' AND status = 'IN_PROGRESS'")) === GAMES,
      900_000,
    );
    // Picks: ranks 3, 2, 1 and the power pick on four different games per member.
    const insert =
      'INSERT INTO picks.picks (id, pool_id, user_id, year, week_number, game_id, pool_game_id, selected_team_espn_id, confidence_rank, is_power_pick, entered_by, created_at, updated_at) VALUES ';
    let values: string[] = [];
    let params: unknown[] = [];
    const flush = async () => {
      if (values.length) await db.query(insert + values.join(', '), params);
      values = [];
      params = [];
    };
    for (const { pool, users, poolGameIds } of poolList) {
      for (const [m, userId] of users.entries()) {
        for (const [slot, rank] of [3, 2, 1, 0].entries()) {
          const g = (m + slot * 3) % GAMES;
          const game = games[g]!;
          params.push(
            randomUUID(),
            pool.id,
            userId,
            YEAR,
            1,
            game.espnId,
            poolGameIds[g],
            (m + slot) % 2 === 0 ? game.homeTeamEspnId : game.awayTeamEspnId,
            rank,
            rank === 0,
            userId,
          );
          const b = params.length - 11;
          values.push(
            `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}, $${b + 9}, $${b + 10}, $${b + 11}, now(), now())`,
          );
          if (params.length > 30_000) await flush();
        }
      }
    }
    await flush();
    await untilEventsHandled(TEST_NATS_URL, test.namespace);
    console.log(
      `\n${pools} pools x ${members} members (${pools * members} players, ${pools * members * 4} picks, ${GAMES} games) seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );

    // ---- streams -------------------------------------------------------------------------------
    const urls = poolList.slice(0, streamPools).map(({ pool }) => `${test.url}/api/pools/${pool.id}/weeks/1/live-leaderboard/stream`);
    const clients = forkStreamClients({ urls, headers: { cookie: `${SESSION_COOKIE}=${session}` }, count: streams });
    child = clients.child;
    const nextMessage = clients.next;
    const opened = Date.now();
    const ready = await nextMessage(600_000);
    if (ready.failures) {
      process.exitCode = 1;
      console.log(`${ready.failures} streams failed to open`);
    }
    console.log(`${ready.ready} streams open through one gateway over ${streamPools} pools in ${((Date.now() - opened) / 1000).toFixed(1)} s`);

    // ---- idle ----------------------------------------------------------------------------------
    // PostgreSQL's backends report their table reads up to 10 s late when idle: wait that out, so
    // the streams' first boards are not counted as idle reads.
    await new Promise((r) => setTimeout(r, 12_000));
    const xacts = async () =>
      Number(
        (await db.query<{ n: string }>('SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n,
      );
    /** Scans (sequential + index) of each table so far: what the idle processes read. */
    const tableReads = async () =>
      new Map(
        (
          await db.query<{ t: string; n: string }>(
            "SELECT schemaname || '.' || relname AS t, (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text AS n FROM pg_stat_user_tables",
          )
        ).rows.map((r) => [r.t, Number(r.n)]),
      );
    const [idleCpu0, idleX0, idleReads0, idleLive0] = [await cpuOf(test), await xacts(), await tableReads(), await liveStatsOf(test)];
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const [idleCpu1, idleX1, idleReads1, idleLive1] = [await cpuOf(test), await xacts(), await tableReads(), await liveStatsOf(test)];
    console.log(
      `idle ${idleSeconds} s, ${ready.ready} streams open: CPU ${cpuDelta(idleCpu0, idleCpu1)
        .map(([n, s]) => `${n} ${((s / idleSeconds) * 100).toFixed(1)} %`)
        .join(', ')}; database ${((idleX1 - idleX0) / idleSeconds).toFixed(1)} transactions/s (every service, this bench's own reads included)`,
    );
    const idleReads = [...idleReads1]
      .map(([table, n]) => [table, (n - (idleReads0.get(table) ?? 0)) / idleSeconds] as const)
      .filter(([, perSecond]) => perSecond > 0)
      .sort((a, b) => b[1] - a[1]);
    const idleLive = Object.entries(idleLive1).map(
      ([name, stats]) =>
        `${name}: ${['live_stream_rebuilds', 'live_change_log_reads', 'live_stream_game_frames'].map((k) => `${k.replace(/^live_(stream_)?/, '')} ${(stats[k] ?? 0) - (idleLive0[name]?.[k] ?? 0)}`).join(', ')}`,
    );
    console.log(`idle live streams: ${idleLive.join('; ')}`);
    console.log(`idle table reads/s (scans): ${idleReads.map(([t, n]) => `${t} ${n.toFixed(1)}`).join(', ') || 'none'}`);

    // ---- score changes -------------------------------------------------------------------------
    for (let round = 1; round <= rounds; round++) {
      const id = `many-${(round * 5) % GAMES}`;
      const game = current.get(id)!;
      const next = { ...game, homeScore: (game.homeScore ?? 0) + 7, gameClock: `${10 - round}:00`, updatedAt: new Date(stamp++).toISOString() };
      current.set(id, next);
      const cpu0 = await cpuOf(test);
      const x0 = await xacts();
      const ingest = now();
      await bus.publish('sports.game.updated', { game: next, changed: ['homeScore', 'gameClock'] });
      const report = await nextMessage(roundTimeoutMs).catch(async (err: unknown) => {
        // Say why before giving up: the clients' view, and what the picks-scoring processes did.
        child?.send({ status: true });
        const why = await nextMessage(10_000).catch(() => ({ status: 'no answer' }));
        console.log(`round ${round} did not finish within ${roundTimeoutMs / 1000} s: clients ${JSON.stringify(why.status ?? why)}`);
        console.log(`picks-scoring: ${JSON.stringify(await liveStatsOf(test))}`);
        throw err;
      });
      if (report.round !== round || !report.arrivals) throw new Error(`unexpected report ${JSON.stringify(report).slice(0, 200)}`);
      const latencies = report.arrivals.map((t) => t - ingest).sort((a, b) => a - b);
      await new Promise((r) => setTimeout(r, 2000));
      const cpu1 = await cpuOf(test);
      const x1 = await xacts();
      console.log(
        `round ${round} (${id} +7, ${pools} pools): ingest -> stream p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms, last ${latencies.at(-1)!.toFixed(0)} ms (${latencies.length} streams); ` +
          `CPU s ${cpuDelta(cpu0, cpu1)
            .filter(([, s]) => s >= 0.05)
            .map(([n, s]) => `${n} ${s.toFixed(2)}`)
            .join(', ')}; ${x1 - x0} database transactions`,
      );
    }
    if (sundayMinutes > 0) await playSunday(test, bus, child, nextMessage, current, () => stamp++, xacts);
  } finally {
    child?.send({ stop: true });
    await bus.close();
    await db.end();
    await test.stop();
  }
}

/**
 * BENCH_SUNDAY minutes of a game day at the live feed's cadence: every READ_EVERY_MS, each game
 * being played moves its clock (5-20 s of game time), now and then scores (a seeded draw: about one
 * read in 150, more often than the NFL, and a score costs a frame like a clock), and is published as
 * sports.game.updated, as the feed publishes each read that moved a game. Eight games are played in
 * the first half; then four go final and four others kick off. The stream clients measure how far
 * behind the provider each stream fell; the cluster's CPU (every process, PostgreSQL and NATS) and
 * the database transactions are measured over the whole Sunday.
 */
async function playSunday(
  test: TestCluster,
  bus: Awaited<ReturnType<typeof connectServiceBus>>,
  child: ChildProcess,
  nextMessage: ReturnType<typeof forkStreamClients>['next'],
  current: Map<string, Game>,
  nextStamp: () => number,
  xacts: () => Promise<number>,
): Promise<void> {
  let seed = 7;
  const draw = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const ids = [...current.keys()].sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
  const clocks = new Map(ids.map((id) => [id, 15 * 60]));
  const durationMs = sundayMinutes * 60_000;
  child.send({ sundayStart: true });
  const [cpu0, infra0, x0] = [await cpuOf(test), await infraCpu(), await xacts()];
  const start = Date.now();
  let published = 0;
  let finals = false;
  for (let read = 0; Date.now() - start < durationMs; read++) {
    const wait = start + read * READ_EVERY_MS - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const secondHalf = Date.now() - start >= durationMs / 2;
    const playing = secondHalf ? ids.slice(4, 4 + LIVE_AT_ONCE) : ids.slice(0, LIVE_AT_ONCE);
    const updates: Game[] = [];
    if (secondHalf && !finals) {
      finals = true;
      for (const id of ids.slice(0, 4)) updates.push({ ...current.get(id)!, gameStatus: 'COMPLETE', currentPeriod: 4, gameClock: '0:00' });
    }
    for (const id of playing) {
      const game = current.get(id)!;
      let clock = clocks.get(id)! - 5 - Math.floor(draw() * 16);
      let period = game.currentPeriod ?? 1;
      if (clock <= 0) [clock, period] = [15 * 60, Math.min(4, period + 1)];
      clocks.set(id, clock);
      const scores = draw() < 1 / 150;
      const home = draw() < 0.5;
      updates.push({
        ...game,
        gameStatus: 'IN_PROGRESS',
        currentPeriod: period,
        gameClock: clockText(clock),
        homeScore: (game.homeScore ?? 0) + (scores && home ? 7 : 0),
        awayScore: (game.awayScore ?? 0) + (scores && !home ? 3 : 0),
      });
    }
    await Promise.all(
      updates.map(async (update) => {
        const at = Math.max(Date.now(), nextStamp());
        const next = { ...update, updatedAt: new Date(at).toISOString() };
        current.set(next.espnId, next);
        child.send({ published: { gameId: next.espnId, at } });
        await bus.publish('sports.game.updated', { game: next, changed: ['gameClock', 'homeScore', 'awayScore', 'gameStatus'] });
        published += 1;
      }),
    );
  }
  const elapsed = (Date.now() - start) / 1000;
  const [cpu1, infra1, x1] = [await cpuOf(test), await infraCpu(), await xacts()];
  await new Promise((r) => setTimeout(r, 3_000));
  child.send({ sundayEnd: true });
  const report = await nextMessage(120_000);
  const lag = report.sunday;
  if (!lag) throw new Error(`unexpected report ${JSON.stringify(report).slice(0, 200)}`);
  const processes = cpuDelta(cpu0, cpu1);
  const ours = processes.reduce((sum, [, s]) => sum + s, 0);
  const infra = infraDelta(infra0, infra1);
  console.log(
    `Sunday ${elapsed.toFixed(0)} s (${published} game updates, up to ${LIVE_AT_ONCE} games at once, a read every ${READ_EVERY_MS / 1000} s): ` +
      `behind the provider p50 ${lag.p50!.toFixed(0)} ms, p99 ${lag.p99!.toFixed(0)} ms, worst ${lag.max!.toFixed(0)} ms, ${lag.over2s} of ${lag.samples} over 2 s, ${lag.unseen} never seen (worst ${lag.worstUnseen!.toFixed(0)} ms)`,
  );
  console.log(
    `  cluster CPU ${((ours + infra) / elapsed).toFixed(2)} cores on average: ${processes
      .map(([n, sec]) => `${n} ${(sec / elapsed).toFixed(3)}`)
      .join(', ')}, PostgreSQL + NATS ${(infra / elapsed).toFixed(3)}; database ${((x1 - x0) / elapsed).toFixed(1)} transactions/s`,
  );
  if (lag.over2s! > 0 || lag.unseen! > 0) process.exitCode = 1;
}

let exitCode = 0;
try {
  for (const pools of poolCounts) await measure(pools);
  console.log(`\n(picks-scoring x${replicas}; every process and the clients share this machine's cores)`);
} catch (err) {
  exitCode = benchFailed(err);
}
process.exit(exitCode || (process.exitCode ?? 0));
