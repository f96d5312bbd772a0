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
 * rounds: (1) the gateway's bare proxy rate on its lightest proxied call (GET /api/auth/user), and
 * (2) GET /api/pools/{poolId}/weeks/1/live-leaderboard through the gateway. Prints req/s, p50,
 * p99 of both and the ratio. Goals: p99 under 50 ms and a ratio of at least 0.5; exits 1 only on
 * failed requests or a wrong reply (the figures are reported, not enforced: they depend on the
 * machine).
 */
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE, type Game, type Team } from '@powerpool/contracts';
import { buildPoolSnapshot, buildProductionGame, memberEventOf, signInThroughGateway } from '@powerpool/testing';
import { startEmbedded } from '../deploy/embedded/src/index.js';
import { autocannonInChild } from './autocannon.js';

const int = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
};
const members = int('BENCH_MEMBERS', 1000);
const connections = int('BENCH_CONNECTIONS', 200);
const duration = int('BENCH_DURATION', 10);
const warmup = int('BENCH_WARMUP', 3);
const rounds = int('BENCH_ROUNDS', 2);
const YEAR = 2025;
const GOAL_P99_MS = 50;
const GOAL_RATIO = 0.5;

const app = await startEmbedded({ port: 0, inMemory: true, environment: 'test', logLevel: 'silent', espnReplay: false, rateLimits: { signInPerMinute: 10_000, writesPerMinute: 1_000_000 } });
const { bus, database } = app.runtime;
const sql = database.sql;

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const count = async (query: string, params: unknown[]) => ((await sql.query<{ n: number }>(query, params))[0]?.n ?? 0);

let exitCode = 0;
try {
  const session = await signInThroughGateway(app.url, 'admin@powerpool.test', 'powerpool');
  const cookie = `${SESSION_COOKIE}=${session}`;
  const admin = (await (await fetch(`${app.url}/api/auth/user`, { headers: { cookie } })).json()) as { id: string };

  // ---- seed, as the other services would announce it ------------------------------------------
  const t0 = performance.now();
  const at = new Date().toISOString();
  const userIds = Array.from({ length: members }, () => randomUUID());
  for (const [i, id] of userIds.entries()) {
    await bus.publish('identity.user.registered', {
      user: { id, email: `member${i}@powerpool.test`, displayName: `Member ${i}`, firstName: null, lastName: null, role: 'user', hasPaid: false, paymentNotes: null, createdAt: at, updatedAt: at },
    });
  }
  const pool = buildPoolSnapshot(admin.id, { name: 'Bench Pool', year: YEAR, maxMembers: members });
  await bus.publish('pools.pool.created', { pool });
  for (const id of userIds) await bus.publish('pools.member.joined', memberEventOf(pool, id));
  const teams: Team[] = Array.from({ length: 32 }, (_, i) => ({ espnId: `t${i}`, name: `Team ${i}`, shortName: `T${i}`, abbreviation: `T${i}`, city: 'Bench City', color: '333333', logoUrl: null, darkLogoUrl: null }));
  const kickoff = new Date(Date.now() - 60 * 60_000).toISOString();
  const games: Game[] = Array.from({ length: 16 }, (_, i) =>
    buildProductionGame({
      espnId: `bench-${i}`,
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
  await bus.publish('sports.teams.migrated', { teams, deletedEspnIds: [] });
  await bus.publish('sports.games.migrated', { years: [YEAR], games, deletedEspnIds: [] });
  const poolGameIds = games.map(() => randomUUID());
  await bus.publish('weeks.week.published', {
    poolId: pool.id,
    year: YEAR,
    weekNumber: 1,
    pickDeadline: new Date(Date.now() - 70 * 60_000).toISOString(),
    publishedAt: at,
    games: games.map((g, i) => ({ gameId: g.espnId, poolGameId: poolGameIds[i]!, lockedSpread: (i % 7) - 3.5, gameTimeUtc: g.gameTimeUtc, homeTeamEspnId: g.homeTeamEspnId, awayTeamEspnId: g.awayTeamEspnId })),
  });
  await until('the published week', async () => (await count('SELECT count(*)::int AS n FROM picks.pool_weeks WHERE pool_id = $1', [pool.id])) === 1);
  await bus.publish('weeks.week.state-changed', { poolId: pool.id, year: YEAR, weekNumber: 1, fromState: 'PUBLISHED', toState: 'GAMES_IN_PROGRESS', testing: false, automatic: true, byUserId: null, at });
  const later = new Date(Date.now() + 1000).toISOString();
  for (const [i, g] of games.entries()) {
    const live = i % 2 === 0 ? { gameStatus: 'COMPLETE' as const, homeScore: 17 + (i % 5) * 3, awayScore: 20, currentPeriod: 4, gameClock: '0:00' } : { gameStatus: 'IN_PROGRESS' as const, homeScore: 7 + i, awayScore: 10, currentPeriod: 3, gameClock: '5:12' };
    await bus.publish('sports.game.updated', { game: { ...g, ...live, updatedAt: later }, changed: ['gameStatus', 'homeScore', 'awayScore'] });
  }
  await until('the members', async () => (await count('SELECT count(*)::int AS n FROM picks.pool_members WHERE pool_id = $1', [pool.id])) === members);
  await until('the game updates', async () => (await count("SELECT count(*)::int AS n FROM picks.games WHERE espn_id LIKE 'bench-%' AND status <> 'SCHEDULED'", [])) === games.length);
  // Picks: ranks 3, 2, 1 and the power pick on four different games per member.
  const values: string[] = [];
  const params: unknown[] = [];
  for (const [m, userId] of userIds.entries()) {
    for (const [slot, rank] of [3, 2, 1, 0].entries()) {
      const g = (m + slot * 3) % games.length;
      const game = games[g]!;
      const team = (m + slot) % 2 === 0 ? game.homeTeamEspnId : game.awayTeamEspnId;
      params.push(randomUUID(), pool.id, userId, YEAR, 1, game.espnId, poolGameIds[g], team, rank, rank === 0, userId);
      const base = params.length - 11;
      values.push(`($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}, $${base + 8}, $${base + 9}, $${base + 10}, $${base + 11}, now(), now())`);
      if (params.length > 30_000) {
        await sql.query(`INSERT INTO picks.picks (id, pool_id, user_id, year, week_number, game_id, pool_game_id, selected_team_espn_id, confidence_rank, is_power_pick, entered_by, created_at, updated_at) VALUES ${values.join(', ')}`, params);
        values.length = 0;
        params.length = 0;
      }
    }
  }
  if (values.length) await sql.query(`INSERT INTO picks.picks (id, pool_id, user_id, year, week_number, game_id, pool_game_id, selected_team_espn_id, confidence_rank, is_power_pick, entered_by, created_at, updated_at) VALUES ${values.join(', ')}`, params);
  console.log(`seeded a pool of ${members} members with ${members * 4} picks on 16 games (8 final, 8 live) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ---- measure -------------------------------------------------------------------------------------
  const live = `${app.url}/api/pools/${pool.id}/weeks/1/live-leaderboard`;
  const bare = `${app.url}/api/auth/user`;
  const probe = await fetch(live, { headers: { cookie } });
  const board = (await probe.json()) as { standings?: unknown[]; metadata?: { accessLevel: string } };
  if (probe.status !== 200 || board.standings?.length !== members) throw new Error(`live leaderboard answered ${probe.status} with ${board.standings?.length} standings`);
  console.log(`reply: ${members} standings, ${(JSON.stringify(board).length / 1024).toFixed(0)} KB, access ${board.metadata?.accessLevel}\n`);

  const runs: Record<'bare' | 'live', Array<{ rps: number; p50: number; p99: number; requests: number }>> = { bare: [], live: [] };
  const loadOnce = async (which: 'bare' | 'live', seconds: number) => {
    const result = await autocannonInChild({ url: which === 'bare' ? bare : live, headers: { cookie }, connections, duration: seconds });
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0) throw new Error(`${which}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests.total}`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total };
  };
  await loadOnce('bare', warmup);
  await loadOnce('live', warmup);
  for (let round = 0; round < rounds; round++) {
    for (const which of round % 2 === 0 ? (['live', 'bare'] as const) : (['bare', 'live'] as const)) runs[which].push(await loadOnce(which, duration));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const sum = (which: 'bare' | 'live') => ({ rps: mean(runs[which].map((r) => r.rps)), p50: mean(runs[which].map((r) => r.p50)), p99: mean(runs[which].map((r) => r.p99)), requests: runs[which].reduce((n, r) => n + r.requests, 0) });
  const b = sum('bare');
  const l = sum('live');
  console.log(`${connections} connections, ${warmup} s warm-up each, ${rounds} round(s) of ${duration} s, order alternating`);
  console.log('target                          req/s      p50      p99  requests');
  const row = (name: string, s: ReturnType<typeof sum>) => console.log(`${name.padEnd(28)}${s.rps.toFixed(0).padStart(9)}${`${s.p50.toFixed(0)} ms`.padStart(9)}${`${s.p99.toFixed(0)} ms`.padStart(9)}${String(s.requests).padStart(10)}`);
  row('gateway bare (auth/user)', b);
  row(`live leaderboard (${members})`, l);
  const ratio = l.rps / b.rps;
  console.log(`\nratio live/bare req/s: ${ratio.toFixed(2)} (goal >= ${GOAL_RATIO}); live p99 ${l.p99.toFixed(0)} ms (goal < ${GOAL_P99_MS} ms)`);
} catch (err) {
  console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  exitCode = 1;
} finally {
  await app.close();
}
process.exit(exitCode);
