/**
 * `npm run bench:sports`: what the ESPN import, Push to Production and the games diff cost.
 *
 * Runs sports-data-staging in this process (buildApp on in-memory PGlite and the in-process bus,
 * called through app.inject with a super admin's identity assertion) against the offline ESPN
 * replay over real HTTP. Measures:
 *   1. import teams + import the bundled 2025 season (26 scoreboard requests, 53 recorded games),
 *   2. push teams + push games to production,
 *   3. the games diff of a FULL season: the staged season is filled up to 317 games (16 per regular
 *      week, 13 postseason, 4 per preseason week) by cloning recorded games under new ids, pushed to production, then one
 *      game in ten is changed in staging and GET games-diff is timed (median of BENCH_ROUNDS, default 5).
 * Env: BENCH_ROUNDS.
 */
import { performance } from 'node:perf_hooks';
import { gamesDiffSchema, importEventSchema, migrateGamesEventSchema } from '@powerpool/contracts';
import {
  createAssertionSigner,
  createAssertionVerifier,
  createLogger,
  createMemoryBus,
  generateAssertionKeys,
  openPglite,
  usePglite,
} from '@powerpool/service-kit';
import { HEADERS } from '@powerpool/contracts';
import { buildApp } from '@powerpool/sports-data-staging';
import { loadSportsDataStagingConfig } from '@powerpool/sports-data-staging/config';
import { startEspnReplay } from '@powerpool/sports-data-staging/replay';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5) || 5;
const S = '/api/admin/unified-staging';

function lines<T>(body: string, schema: { parse(v: unknown): T }): T[] {
  return body
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => schema.parse(JSON.parse(l.slice(6))));
}
const ms = (n: number) => `${n.toFixed(0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const logger = createLogger({ level: 'warn' });
const keys = await generateAssertionKeys();
const signer = await createAssertionSigner(keys.privateKeyPem);
const verifier = await createAssertionVerifier(keys.publicKeyPem);
const pglite = await openPglite(undefined);
const bus = createMemoryBus({ logger });
const replay = await startEspnReplay();
const app = await buildApp({
  database: usePglite(pglite),
  bus,
  verifier,
  logger,
  config: loadSportsDataStagingConfig({
    IDENTITY_ASSERTION_PUBLIC_KEY: keys.publicKeyPem,
    DATABASE_DRIVER: 'pglite',
    ESPN_SITE_API_URL: replay.siteUrl,
    ESPN_CORE_API_URL: replay.coreUrl,
    ESPN_IMAGE_BASE_URL: replay.imageUrl,
  }),
});
const headers = {
  [HEADERS.identity]: await signer.sign({ user: { id: '00000000-0000-4000-8000-000000000001', email: 'admin@powerpool.test', role: 'super_admin' } }),
};
const sql = usePglite(pglite).sql;

async function timed<T>(label: string, fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  const took = performance.now() - start;
  return { ms: took, value };
}

try {
  const teams = await timed('import teams', async () =>
    lines((await app.inject({ method: 'POST', url: `${S}/import-teams/1`, headers, payload: { year: 2025 } })).body, importEventSchema),
  );
  const games = await timed('import games', async () =>
    lines((await app.inject({ method: 'POST', url: `${S}/import-games/1`, headers, payload: { year: 2025 } })).body, importEventSchema),
  );
  const gamesDone = games.value.at(-1);
  if (gamesDone?.type !== 'complete') throw new Error(`import failed: ${JSON.stringify(gamesDone)}`);
  const pushTeams = await timed('push teams', () => app.inject({ method: 'POST', url: `${S}/migrate-teams/1`, headers }));
  const pushGames = await timed('push games', async () =>
    lines((await app.inject({ method: 'GET', url: `${S}/migrate-games/1/stream`, headers })).body, migrateGamesEventSchema),
  );
  if (pushGames.value.at(-1)?.type !== 'complete' || pushTeams.value.statusCode !== 200) throw new Error('push to production failed');

  // Fill the staged 2025 season up to a full season's game count by cloning recorded games.
  const target: Array<[number, number, number]> = [];
  for (let w = -4; w <= -1; w += 1) target.push([1, w, 4]);
  for (let w = 1; w <= 18; w += 1) target.push([2, w, 16]);
  for (const [w, n] of [
    [19, 6],
    [20, 4],
    [21, 2],
    [22, 1],
  ] as const)
    target.push([3, w, n]);
  for (const [type, week, n] of target) {
    const have = Number((await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM sports.staging_games WHERE week_number = $1`, [week]))[0]!.n);
    for (let i = have; i < n; i += 1) {
      await sql.query(
        `INSERT INTO sports.staging_games (schedule_id, espn_id, espn_competition_id, year, season_type, week_number, home_team_espn_id, away_team_espn_id, home_team_abbr, away_team_abbr,
           home_team_short_name, away_team_short_name, game_time_utc, spread, game_name, game_status, odds_provider, odds_details, venue_espn_id)
         SELECT 1, $1, $1, year, $2, $3, home_team_espn_id, away_team_espn_id, home_team_abbr, away_team_abbr, home_team_short_name, away_team_short_name,
           game_time_utc + make_interval(days => $3 * 7), spread, game_name, 'SCHEDULED', odds_provider, odds_details, venue_espn_id
         FROM sports.staging_games WHERE week_number = 12 ORDER BY espn_id OFFSET $4 LIMIT 1`,
        [`bench-${week}-${i}`, type, week, i % 14],
      );
    }
  }
  const full = await timed('push full season', async () =>
    lines((await app.inject({ method: 'GET', url: `${S}/migrate-games/1/stream`, headers })).body, migrateGamesEventSchema),
  );
  const done = full.value.at(-1);
  if (done?.type !== 'complete') throw new Error(`full-season push to production failed: ${JSON.stringify(done)}`);
  await sql.exec(`UPDATE sports.staging_games SET game_name = game_name || ' *' WHERE id % 10 = 0`);
  const rounds: number[] = [];
  let diff = gamesDiffSchema.parse({ new: [], updated: [], toDelete: [], unchanged: [] });
  for (let r = 0; r < ROUNDS; r += 1) {
    const t = await timed('diff', async () => gamesDiffSchema.parse((await app.inject({ method: 'GET', url: `${S}/games-diff/1`, headers })).json()));
    rounds.push(t.ms);
    diff = t.value;
  }
  const total = diff.new.length + diff.updated.length + diff.unchanged.length;

  console.log('sports-data-staging bench (in-process PGlite, ESPN replay over HTTP)');
  console.log(`  import teams (32)                        ${ms(teams.ms)}`);
  console.log(`  import 2025 games (26 weeks, ${String(gamesDone.result.total).padEnd(3)} games)  ${ms(games.ms)}`);
  console.log(`  push teams to production                 ${ms(pushTeams.ms)}`);
  console.log(`  push games to production (${gamesDone.result.total})            ${ms(pushGames.ms)}`);
  console.log(`  import + push, bundled season            ${ms(teams.ms + games.ms + pushTeams.ms + pushGames.ms)}`);
  console.log(`  push a full season (${total} games)         ${ms(full.ms)}`);
  console.log(
    `  games diff, full season (${total} games, ${diff.updated.length} updated): median ${ms(median(rounds))} over ${ROUNDS} rounds (min ${ms(Math.min(...rounds))}, max ${ms(Math.max(...rounds))})`,
  );
} finally {
  await app.close();
  await replay.close();
  await bus.close();
  await pglite.close();
}
