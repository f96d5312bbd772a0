import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gameDayScoreboard, gameDayStatus, gameDayWeekShiftDays, recordedGames, type GameDayOptions, type GameDayStatus } from './game-day.js';

/**
 * Offline ESPN, a dev and test tool (never part of the service's src/): answers ESPN's own paths
 * from the recorded real responses bundled in ../../fixtures/espn (see SOURCES.md there). Same
 * client code, same URLs, no internet.
 *
 * site: /scoreboard (?dates=YYYY&seasontype=T&week=W | ?dates=YYYYMMDD | ?week=W | no params),
 *       /teams, /teams/{id}, /summary?event={id}
 * core: /venues?page=N, /venues/{id}, /events/{id}/competitions/{id}/odds
 * images: /i/teamlogos/nfl/.../{abbr}.png (ESPN's image host paths; `imageUrl` below). No image
 *       was recorded: each answer is the REPLAY'S STAND-IN, a small SVG generated from the team's
 *       abbreviation and colour in the recorded teams list (standInLogo), never ESPN's artwork.
 * A week with no recording answers an empty scoreboard of the right shape.
 * Game-day mode (`gameDay`, see game-day.ts): the 2025 Wild Card round is played in accelerated
 * time, its scoreboard made at request time; control: POST /__replay/game-day/start?kickoffInSeconds=N,
 * GET /__replay/game-day.
 * Scoreboards carry an ETag and answer 304 to an If-None-Match naming it, as a provider honouring
 * conditional requests would (the live feed's conditional reads: docs/architecture.md#live-feed).
 */
const FIXTURES = new URL('../../fixtures/espn/', import.meta.url);

/** Recorded scoreboards by `${year}-${seasontype}-${week}`. */
const SCOREBOARDS: Record<string, string> = {
  '2025-1-1': 'scoreboard-2025-pre-week01-hof-scheduled-odds.json',
  '2025-2-1': 'scoreboard-2025-reg-week01-mixed-1final-15scheduled.json',
  '2025-2-12': 'scoreboard-2025-reg-week12-scheduled-odds.json',
  '2025-2-17': 'scoreboard-2025-reg-week17-inprogress.json',
  '2025-3-1': 'scoreboard-2025-post-week01-wildcard-final.json',
  '2024-2-15': 'scoreboard-2024-reg-week15-dates20241215-final.json',
  '2024-3-5': 'scoreboard-2024-post-week05-superbowl-final.json',
  '2022-2-1': 'scoreboard-2022-reg-week01-scheduled-odds-legacy.json',
};
/** The round game-day mode plays (2025 Wild Card, 6 games with per-quarter linescores). */
export const GAME_DAY_ROUND = '2025-3-1';
/** `?dates=YYYYMMDD` captures. */
const DAY_SCOREBOARDS: Record<string, string> = { '20241215': 'scoreboard-2024-reg-week15-dates20241215-final.json' };
/** No params = "the current week" when it was captured (2025 week 1, before kickoff). */
const CURRENT_SCOREBOARD = 'scoreboard-2025-reg-week01-scheduled-odds.json';
/** `?week=1` alone was the 2022 request. */
const WEEK_ONLY_SCOREBOARDS: Record<string, string> = { '1': 'scoreboard-2022-reg-week01-scheduled-odds-legacy.json' };
const TEAMS = 'teams-2024.json';
const TEAM_DETAILS: Record<string, string> = { '12': 'team-12-kc.json' };
const SUMMARIES = new Set(['401547417', '401547505', '401671784', '401772838']);
const CORE_ODDS = new Set(['401547417', '401671854']);
/** Documents that embed full venue objects (core team, core competition, core event, site team). */
const VENUE_SOURCES: Array<[string, (doc: any) => unknown]> = [
  ['venue-3663.json', (d) => d],
  ['core-team-2024-12.json', (d) => d.venue],
  ['core-competition-401547417.json', (d) => d.venue],
  ['core-event-401772510.json', (d) => d.competitions?.[0]?.venue],
  ['team-12-kc.json', (d) => d.team?.franchise?.venue],
];

/** A fault a test injects for requests whose path (and query) contains `match`. */
export type ReplayFault = '500' | 'slow' | 'garbage' | 'missing-field' | '404';

export interface EspnReplay {
  siteUrl: string;
  coreUrl: string;
  /** Stands in for ESPN's image host (ESPN_IMAGE_BASE_URL): team logos are the replay's generated stand-ins. */
  imageUrl: string;
  /** Make matching requests fail until cleared (`null`). */
  setFault(match: string, fault: ReplayFault | null, options?: { slowMs?: number }): void;
  clearFaults(): void;
  /**
   * Answer a scoreboard week (`${year}-${seasontype}-${week}`, e.g. '2025-3-1') with this document,
   * served as given (no date shift, before game-day mode), until cleared with `null`. For tests
   * that craft provider replies.
   */
  setScoreboard(week: string, doc: unknown): void;
  /** Requests answered so far (path + query), for tests. */
  readonly requests: string[];
  /** The requests answered 304 Not Modified (a scoreboard unchanged since the ETag sent). */
  readonly notModified: string[];
  /** Days every recorded date is moved by (game-day mode: the whole weeks that make the Wild Card week current). */
  readonly dateShiftDays: number;
  /** Game-day mode; `kickoffAt` null and `start` refused when the replay runs without `gameDay`. */
  readonly gameDay: GameDayControl;
  close(): Promise<void>;
}

export interface GameDayControl {
  /** Move the game day so that the first kickoff is `kickoffInSeconds` (default 0) from now (on the next whole second). */
  start(options?: { kickoffInSeconds?: number }): void;
  /** The first kickoff, or null when game-day mode is off. */
  readonly kickoffAt: Date | null;
  status(): GameDayStatus;
}

export type { GameDayOptions, GameDayStatus } from './game-day.js';

export interface EspnReplayOptions {
  port?: number;
  host?: string;
  /** Shift every timestamp in every answer by this many days (a demo then has upcoming games). */
  dateShiftDays?: number;
  /** Override which recording answers a path, e.g. { '/teams': 'teams-2024-extended-logos.json' }. */
  overrides?: Record<string, string>;
  /**
   * Game-day mode: the 2025 Wild Card round played in `minutes` (default 10), first kickoff
   * `kickoffInMinutes` (default 15) from now; every other recording is moved by whole weeks so that
   * the Wild Card week is the current week (this replaces `dateShiftDays`).
   */
  gameDay?: GameDayOptions;
  /** The replay's clock (ms since epoch); tests may drive it. */
  now?: () => number;
}

/** The first kickoff of the bundled 2025 regular season (week 1 opener). */
export const REPLAY_SEASON_OPENER = Date.parse('2025-09-05T00:20:00Z');

/** Whole weeks that move the bundled 2025 opener to 2-8 days from `now` (keeps weekdays). */
export function autoDateShiftDays(now = new Date()): number {
  const days = (now.getTime() - REPLAY_SEASON_OPENER) / 86_400_000 + 2;
  return Math.max(0, Math.ceil(days / 7) * 7);
}

const cache = new Map<string, string>();
function fixture(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(name, FIXTURES), 'utf8');
    cache.set(name, text);
  }
  return text;
}

const ISO = /(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})/g;
/** Move every ISO timestamp in a JSON text by `days`, keeping each one's precision. */
export function shiftDates(text: string, days: number): string {
  if (!days) return text;
  return text.replace(ISO, (whole, _y, _mo, _d, _h, _mi, seconds: string | undefined, zone: string) => {
    const ms = Date.parse(whole);
    if (Number.isNaN(ms)) return whole;
    const shifted = new Date(ms + days * 86_400_000);
    if (zone !== 'Z') return whole; // ESPN only sends Z; leave anything else as recorded
    const iso = shifted.toISOString();
    return seconds ? iso.slice(0, 19) + (seconds.length > 3 ? iso.slice(19, 23) : '') + 'Z' : iso.slice(0, 16) + 'Z';
  });
}

let venueIndex: Map<string, unknown> | undefined;
/** Venue documents by id: recorded venue docs first, then venues as the recorded scoreboards show them. */
function venues(): Map<string, unknown> {
  if (venueIndex) return venueIndex;
  const index = new Map<string, unknown>();
  for (const [file, pick] of VENUE_SOURCES) {
    const venue = pick(JSON.parse(fixture(file))) as { id?: string } | undefined;
    if (venue?.id && !index.has(venue.id)) index.set(venue.id, venue);
  }
  for (const file of Object.values(SCOREBOARDS)) {
    const doc = JSON.parse(fixture(file)) as {
      events: Array<{ competitions: Array<{ venue?: { id: string; fullName: string; address?: unknown; indoor?: boolean } }> }>;
    };
    for (const ev of doc.events) {
      const v = ev.competitions[0]?.venue;
      if (v?.id && !index.has(v.id)) index.set(v.id, { id: v.id, fullName: v.fullName, address: v.address, indoor: v.indoor, images: [] });
    }
  }
  venueIndex = index;
  return index;
}

let teamLooks: Map<string, { abbreviation: string; color: string; alternateColor: string }> | undefined;
/** The recorded teams' abbreviation and colours, by lowercase abbreviation. */
function recordedTeamLooks() {
  if (teamLooks) return teamLooks;
  const doc = JSON.parse(fixture(TEAMS)) as {
    sports: Array<{ leagues: Array<{ teams: Array<{ team: { abbreviation: string; color?: string; alternateColor?: string } }> }> }>;
  };
  const hex = (c: string | undefined, fallback: string) => (c && /^[0-9a-f]{6}$/i.test(c) ? c : fallback);
  teamLooks = new Map(
    doc.sports[0]!.leagues[0]!.teams.map(({ team }) => [
      team.abbreviation.toLowerCase(),
      { abbreviation: team.abbreviation, color: hex(team.color, '555555'), alternateColor: hex(team.alternateColor, 'ffffff') },
    ]),
  );
  return teamLooks;
}

/**
 * THE REPLAY'S STAND-IN for a team logo on ESPN's image host (`/i/teamlogos/nfl/500/kc.png`, any
 * size or variant): no image was recorded, so the replay draws the team's abbreviation on a circle
 * of its colour, as an SVG. It lets embedded mode, `make cluster` and the tests exercise the whole
 * logo path (fetched at the import, stored, served from our origin) offline. Null for other paths
 * and unknown teams (a 404, as ESPN would answer).
 */
export function standInLogo(path: string): string | null {
  const match = /^\/i\/teamlogos\/nfl\/(?:[\w-]+\/)*([a-z]{2,4})\.png$/i.exec(path);
  const team = match ? recordedTeamLooks().get(match[1]!.toLowerCase()) : undefined;
  if (!team) return null;
  // As large as ESPN's image of that path (`/500/`: 500 px), so the import sizes a logo as it would ESPN's.
  const size = Number(/\/nfl\/(\d+)(?:-[\w]+)?\//.exec(path)?.[1] ?? 500);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${size}" height="${size}" role="img" aria-label="${team.abbreviation} (replay stand-in logo)">` +
    `<!-- PowerPool ESPN replay: stand-in logo, not ESPN's artwork -->` +
    `<circle cx="50" cy="50" r="48" fill="#${team.color}" stroke="#${team.alternateColor}" stroke-width="4"/>` +
    `<text x="50" y="50" dy=".35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${team.abbreviation.length > 2 ? 30 : 38}" fill="#${team.alternateColor}">${team.abbreviation}</text>` +
    `</svg>`
  );
}

function emptyScoreboard(year: number, seasonType: number, week: number): string {
  return JSON.stringify({ leagues: [], season: { type: seasonType, year }, week: { number: week }, events: [] });
}

export async function startEspnReplay(options: EspnReplayOptions = {}): Promise<EspnReplay> {
  const faults = new Map<string, { fault: ReplayFault; slowMs: number }>();
  const requests: string[] = [];
  const notModified: string[] = [];
  const overrides = options.overrides ?? {};
  const crafted = new Map<string, string>();
  const clock = options.now ?? Date.now;
  const roundDoc = JSON.parse(fixture(SCOREBOARDS[GAME_DAY_ROUND]!)) as unknown;
  const recordedFirstKickoff = Math.min(...recordedGames(roundDoc).map((g) => g.kickoff));
  const gameDayMinutes = options.gameDay ? (options.gameDay.minutes ?? 10) : null;
  const wholeSecond = (ms: number) => Math.ceil(ms / 1000) * 1000;
  let firstKickoff = options.gameDay ? wholeSecond(clock() + (options.gameDay.kickoffInMinutes ?? 15) * 60_000) : null;
  const shift = firstKickoff !== null ? gameDayWeekShiftDays(recordedFirstKickoff, firstKickoff) : (options.dateShiftDays ?? 0);

  /** The game-day round's scoreboard now (its other dates moved by the week shift). */
  function roundNow(): { status: number; body: string; final: true } {
    const doc = JSON.parse(shiftDates(fixture(SCOREBOARDS[GAME_DAY_ROUND]!), shift)) as unknown;
    return { status: 200, body: JSON.stringify(gameDayScoreboard(doc, firstKickoff!, gameDayMinutes!, clock())), final: true };
  }

  function answer(path: string, query: URLSearchParams): { status: number; body: string; final?: boolean } {
    const ok = (name: string) => ({ status: 200, body: fixture(overrides[path] ?? name) });
    const notFound = { status: 404, body: JSON.stringify({ code: 404, message: 'Not recorded' }) };
    if (path.startsWith('/site/')) {
      const sub = path.slice('/site'.length);
      if (sub === '/scoreboard') {
        const dates = query.get('dates');
        const seasonType = query.get('seasontype');
        const week = query.get('week');
        if (overrides[sub]) return ok(overrides[sub]);
        const key = dates && seasonType && week ? `${dates}-${seasonType}-${week}` : null;
        if (key && crafted.has(key)) return { status: 200, body: crafted.get(key)!, final: true };
        if (firstKickoff !== null && (key === GAME_DAY_ROUND || (!dates && !seasonType && !week))) return roundNow();
        if (dates && /^\d{8}$/.test(dates))
          return DAY_SCOREBOARDS[dates] ? ok(DAY_SCOREBOARDS[dates]) : { status: 200, body: JSON.stringify({ leagues: [], events: [] }) };
        if (dates && seasonType && week) {
          const file = SCOREBOARDS[`${dates}-${seasonType}-${week}`];
          return file ? ok(file) : { status: 200, body: emptyScoreboard(Number(dates), Number(seasonType), Number(week)) };
        }
        if (!dates && !seasonType && week)
          return WEEK_ONLY_SCOREBOARDS[week] ? ok(WEEK_ONLY_SCOREBOARDS[week]) : { status: 200, body: emptyScoreboard(2025, 2, Number(week)) };
        return ok(CURRENT_SCOREBOARD);
      }
      if (sub === '/teams') return ok(TEAMS);
      const team = /^\/teams\/(\w+)$/.exec(sub);
      if (team) return TEAM_DETAILS[team[1]!] ? ok(TEAM_DETAILS[team[1]!]!) : notFound;
      if (sub === '/summary') {
        const event = query.get('event') ?? '';
        return SUMMARIES.has(event) ? ok(`summary-${event}.json`) : notFound;
      }
      return notFound;
    }
    if (path.startsWith('/core/')) {
      const sub = path.slice('/core'.length);
      if (sub === '/venues') {
        const page = Number(query.get('page') ?? '1');
        if (page === 1) return ok('venues-page1.json');
        const first = JSON.parse(fixture('venues-page1.json')) as Record<string, unknown>;
        return { status: 200, body: JSON.stringify({ ...first, pageIndex: page, items: [] }) };
      }
      const venue = /^\/venues\/(\d+)$/.exec(sub);
      if (venue) {
        const doc = venues().get(venue[1]!);
        return doc ? { status: 200, body: JSON.stringify(doc) } : notFound;
      }
      const odds = /^\/events\/(\d+)\/competitions\/(\d+)\/odds$/.exec(sub);
      if (odds) {
        return CORE_ODDS.has(odds[1]!)
          ? ok(`odds-core-${odds[1]}.json`)
          : { status: 200, body: JSON.stringify({ count: 0, pageIndex: 1, pageSize: 25, pageCount: 0, items: [] }) };
      }
    }
    return notFound;
  }

  const gameDay: GameDayControl = {
    start(opts) {
      if (firstKickoff === null) throw new Error('The ESPN replay runs without game-day mode (start it with gameDay, or ESPN_REPLAY_GAMEDAY=on)');
      firstKickoff = wholeSecond(clock() + (opts?.kickoffInSeconds ?? 0) * 1000);
    },
    get kickoffAt() {
      return firstKickoff === null ? null : new Date(firstKickoff);
    },
    status() {
      return firstKickoff === null ? { on: false } : gameDayStatus(roundDoc, firstKickoff, gameDayMinutes!, clock());
    },
  };

  /** The game-day control endpoints (never faulted, never counted in `requests`). */
  function control(req: IncomingMessage, url: URL, res: ServerResponse): boolean {
    if (url.pathname === '/__replay/game-day' && req.method === 'GET') {
      send(res, 200, JSON.stringify(gameDay.status()));
      return true;
    }
    if (url.pathname === '/__replay/game-day/start' && req.method === 'POST') {
      const raw = url.searchParams.get('kickoffInSeconds') ?? '0';
      const seconds = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(seconds) || seconds < 0) {
        send(res, 400, JSON.stringify({ error: 'kickoffInSeconds is a number of seconds, 0 or more' }));
      } else if (firstKickoff === null) {
        send(res, 409, JSON.stringify({ error: 'game-day mode is off (ESPN_REPLAY_GAMEDAY=on turns it on)' }));
      } else {
        gameDay.start({ kickoffInSeconds: seconds });
        send(res, 200, JSON.stringify(gameDay.status()));
      }
      return true;
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://replay');
    if (control(req, url, res)) return;
    const target = url.pathname + url.search;
    requests.push(target);
    const fault = [...faults.entries()].find(([match]) => target.includes(match))?.[1];
    if (fault?.fault === 'slow') await new Promise((r) => setTimeout(r, fault.slowMs));
    if (fault?.fault === '500') return send(res, 500, JSON.stringify({ error: 'replay: injected failure' }));
    if (fault?.fault === '404') return send(res, 404, JSON.stringify({ error: 'replay: injected not found' }));
    if (fault?.fault === 'garbage') return send(res, 200, '{"events": [ this is not json');
    if (url.pathname.startsWith('/images/')) {
      const svg = standInLogo(url.pathname.slice('/images'.length));
      if (svg === null) return send(res, 404, JSON.stringify({ code: 404, message: 'Not recorded' }));
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' });
      return res.end(svg);
    }
    const { status, body, final } = answer(url.pathname, url.searchParams);
    let text = status === 200 && !final ? shiftDates(body, shift) : body;
    if (fault?.fault === 'missing-field' && status === 200) text = JSON.stringify(removeField(JSON.parse(text)));
    if (status === 200 && url.pathname.endsWith('/scoreboard')) {
      const etag = `"${createHash('sha1').update(text).digest('base64url').slice(0, 20)}"`;
      if (req.headers['if-none-match'] === etag) {
        notModified.push(target);
        res.writeHead(304, { etag });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', etag });
      return res.end(text);
    }
    send(res, status, text);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, JSON.stringify({ error: String(err) })));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  return {
    siteUrl: `${base}/site`,
    coreUrl: `${base}/core`,
    imageUrl: `${base}/images`,
    requests,
    notModified,
    dateShiftDays: shift,
    gameDay,
    setScoreboard(week, doc) {
      if (doc === null || doc === undefined) crafted.delete(week);
      else crafted.set(week, JSON.stringify(doc));
    },
    setFault(match, fault, opts) {
      if (fault === null) faults.delete(match);
      else faults.set(match, { fault, slowMs: opts?.slowMs ?? 5_000 });
    },
    clearFaults() {
      faults.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: string) {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
}

/** 'missing-field': drop a field the importer needs (competitors of the first event; teams' abbreviation). */
function removeField(doc: any): unknown {
  if (Array.isArray(doc?.events) && doc.events[0]?.competitions?.[0]) delete doc.events[0].competitions[0].competitors;
  const teams = doc?.sports?.[0]?.leagues?.[0]?.teams;
  if (Array.isArray(teams) && teams[0]?.team) delete teams[0].team.abbreviation;
  if (doc && typeof doc === 'object' && 'fullName' in doc) delete doc.fullName;
  return doc;
}
