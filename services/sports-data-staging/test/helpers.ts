import { readFileSync } from 'node:fs';
import { importEventSchema, migrateGamesEventSchema, type ImportEvent, type MigrateGamesEvent } from '@powerpool/contracts';
import type { ServiceApp } from '@powerpool/service-kit';
import { capturingLogger, castOf, createTestRuntime, type TestRuntime } from '@powerpool/testing';
import { buildApp, liveFeedOf } from '../src/app.js';
import { loadSportsDataStagingConfig } from '../src/config.js';
import type { LiveFeed } from '../src/domain/live-feed.js';
import { startEspnReplay, type EspnReplay, type EspnReplayOptions } from '@powerpool/sports-data-staging/replay';

export interface SportsHarness {
  runtime: TestRuntime;
  replay: EspnReplay;
  app: ServiceApp;
  /** The app's live feed (call `tick()`; it runs on its own only with LIVE_FEED=on in `env`). */
  feed: LiveFeed;
  /** What the service logged at warn level and above (JSON lines, parsed). */
  logs: Array<Record<string, any>>;
  /** The gateway headers of the cast's admin, commissioner and player (castOf in @powerpool/testing). */
  admin: Record<string, string>;
  commissioner: Record<string, string>;
  player: Record<string, string>;
  importTeams(year?: number): Promise<ImportEvent[]>;
  importGames(year: number): Promise<ImportEvent[]>;
  pushTeams(): Promise<{ statusCode: number; body: any }>;
  pushGames(): Promise<MigrateGamesEvent[]>;
  get(url: string, headers?: Record<string, string>): Promise<{ statusCode: number; body: any }>;
  /** Row counts of every sports table, to prove a failure changed nothing. */
  snapshot(): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Parse a `data: {json}` stream body into its events (each checked against `schema`). */
export function parseStream<T>(body: string, schema: { parse(v: unknown): T }): T[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => schema.parse(JSON.parse(line.slice('data: '.length))));
}

export interface StartSportsOptions {
  timeoutMs?: number;
  /** One logo fetch's time limit (ESPN_IMAGE_TIMEOUT_MS). */
  imageTimeoutMs?: number;
  retries?: number;
  /** More env for the service (LIVE_FEED=on, LIVE_FEED_INTERVAL_MS...). The live feed is off unless this turns it on. */
  env?: Record<string, string>;
  /** The service's clock (the live feed's too). */
  now?: () => Date;
  /** How the replay runs (game-day mode...). */
  replay?: EspnReplayOptions;
}

/** The env buildApp gets in the harness (the live feed off unless `extra` turns it on). */
export function sportsEnv(replay: EspnReplay, options: StartSportsOptions = {}): Record<string, string> {
  return {
    IDENTITY_ASSERTION_PUBLIC_KEY: 'unused-runtime-verifier-is-passed',
    ESPN_SITE_API_URL: replay.siteUrl,
    ESPN_CORE_API_URL: replay.coreUrl,
    ESPN_IMAGE_BASE_URL: replay.imageUrl,
    ESPN_IMAGE_TIMEOUT_MS: String(options.imageTimeoutMs ?? 2_000),
    ESPN_TIMEOUT_MS: String(options.timeoutMs ?? 5_000),
    ESPN_RETRIES: String(options.retries ?? 2),
    ESPN_BACKOFF_MS: '10',
    LIVE_FEED: 'off',
    ...options.env,
  };
}

/** sports-data-staging on real storage and bus, reading ESPN from the replay server over HTTP. */
export async function startSports(options: StartSportsOptions = {}): Promise<SportsHarness> {
  const runtime = await createTestRuntime();
  const replay = await startEspnReplay(options.replay);
  const config = loadSportsDataStagingConfig(sportsEnv(replay, options));
  const { logger, logs } = capturingLogger('warn');
  const app = await buildApp({ ...runtime, logger, config, ...(options.now ? { now: options.now } : {}) });
  const cast = await castOf({ runtime });
  const admin = cast.admin.headers;
  const h: SportsHarness = {
    runtime,
    replay,
    app,
    feed: liveFeedOf(app),
    logs,
    admin,
    commissioner: cast.commissioner.headers,
    player: cast.player.headers,
    async importTeams(year = 2025) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/unified-staging/import-teams/1', headers: admin, payload: { year } });
      if (res.statusCode !== 200) throw new Error(`import-teams ${res.statusCode}: ${res.body}`);
      return parseStream(res.body, importEventSchema);
    },
    async importGames(year) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/unified-staging/import-games/1', headers: admin, payload: { year } });
      if (res.statusCode !== 200) throw new Error(`import-games ${res.statusCode}: ${res.body}`);
      return parseStream(res.body, importEventSchema);
    },
    async pushTeams() {
      const res = await app.inject({ method: 'POST', url: '/api/admin/unified-staging/migrate-teams/1', headers: admin });
      return { statusCode: res.statusCode, body: res.json() };
    },
    async pushGames() {
      const res = await app.inject({ method: 'GET', url: '/api/admin/unified-staging/migrate-games/1/stream', headers: admin });
      if (res.statusCode !== 200) throw new Error(`migrate-games ${res.statusCode}: ${res.body}`);
      expect200Stream(res.headers['content-type']);
      return parseStream(res.body, migrateGamesEventSchema);
    },
    async get(url, headers = admin) {
      const res = await app.inject({ method: 'GET', url, headers });
      return { statusCode: res.statusCode, body: res.json() };
    },
    async snapshot() {
      const tables = ['staging_teams', 'staging_games', 'teams', 'games', 'venues', 'team_logos'];
      const out: Record<string, unknown> = {};
      for (const t of tables) {
        const rows = await runtime.database.sql.query<Record<string, unknown>>(`SELECT * FROM sports.${t} ORDER BY 1, 2`);
        out[t] = JSON.stringify(rows);
      }
      return out;
    },
    async close() {
      await app.close();
      await replay.close();
      await runtime.close();
    },
  };
  return h;
}

function expect200Stream(contentType: string | string[] | number | undefined) {
  if (!String(contentType).startsWith('text/event-stream')) throw new Error(`expected an event stream, got ${String(contentType)}`);
}

const WILD_CARD_FILE = new URL('../fixtures/espn/scoreboard-2025-post-week01-wildcard-final.json', import.meta.url);

export interface Play {
  name: string;
  state: 'pre' | 'in' | 'post';
  completed?: boolean;
  period?: number;
  clock?: string;
  home?: string;
  away?: string;
  date?: string;
}

/** A game being played: its quarter, clock and the score (away, home). */
export const inProgress = (period: number, clock: string, away: number, home: number): Play => ({
  name: 'STATUS_IN_PROGRESS',
  state: 'in',
  period,
  clock,
  away: String(away),
  home: String(home),
});

/** A game over, with its final score (away, home). */
export const final = (away: number, home: number): Play => ({
  name: 'STATUS_FINAL',
  state: 'post',
  completed: true,
  period: 4,
  away: String(away),
  home: String(home),
});

/**
 * The recorded Wild Card scoreboard with every game before kickoff, except the ones in `plays`
 * (crafted provider replies in ESPN's shape: status type, period, clock, competitor scores).
 */
export function wildCard(plays: Record<string, Play> = {}, drop: string[] = []): unknown {
  const doc = JSON.parse(readFileSync(WILD_CARD_FILE, 'utf8'));
  doc.events = doc.events.filter((e: any) => !drop.includes(e.id));
  for (const event of doc.events) {
    const play = plays[event.id] ?? { name: 'STATUS_SCHEDULED', state: 'pre' };
    const comp = event.competitions[0];
    const status = {
      clock: 0,
      displayClock: play.clock ?? '0:00',
      period: play.period ?? 0,
      type: { name: play.name, state: play.state, completed: play.completed ?? false, description: play.name, detail: play.name, shortDetail: play.name },
    };
    event.status = comp.status = status;
    if (play.date) event.date = comp.date = play.date;
    for (const c of comp.competitors) {
      c.score = (c.homeAway === 'home' ? play.home : play.away) ?? '0';
      if (!play.completed) delete c.winner;
      else c.winner = Number(c.score) > Number(c.homeAway === 'home' ? play.away : play.home);
    }
  }
  return doc;
}
