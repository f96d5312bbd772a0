import { weekLabel } from '@powerpool/contracts';
import { EspnError, type EspnClient } from '../../domain/espn.js';
import { toWeekNumber } from '../../domain/espn-weeks.js';
import { createLimiter, createOutboundGuard } from '@powerpool/service-kit';
import { createEspnHttp, fetchImage, type EspnHttpOptions } from './http.js';
import { idFromRef, ParseProblem, parseScoreboard, parseTeam, parseVenue, readSpread } from './parse.js';
import {
  coreOddsListSchema,
  refListSchema,
  scoreboardSchema,
  summarySchema,
  teamDetailSchema,
  teamsListSchema,
  venueDocSchema,
  type EspnScoreboard,
} from './schemas.js';

export interface EspnClientOptions extends EspnHttpOptions {
  /** e.g. https://site.api.espn.com/apis/site/v2/sports/football/nfl */
  siteUrl: string;
  /** e.g. https://sports.core.api.espn.com/v2/sports/football/leagues/nfl */
  coreUrl: string;
  /**
   * ESPN's image host (e.g. https://a.espncdn.com): a logo URL ESPN names on one of its image
   * hosts (`*.espncdn.com`) is fetched from here with the same path. Absent: logos are not fetched.
   */
  imageUrl?: string;
  /** One image fetch's time limit (default 5000). */
  imageTimeoutMs?: number;
}

/** Image fetches in flight at once (32 logos: 4 rounds, at most 4 x the image time limit). */
export const IMAGE_CONCURRENCY = 8;

/** ESPN's image hosts: only logo URLs on them are fetched (never an arbitrary URL from a document). */
const isEspnImageHost = (host: string) => host === 'espncdn.com' || host.endsWith('.espncdn.com');

/**
 * The URL a provider logo URL is fetched from: the same path and query on `imageBase` (so the
 * replay, a mirror or a test server can stand in for ESPN's CDN). Null when the URL is not an
 * https URL on one of ESPN's image hosts.
 */
export function imageFetchUrl(providerUrl: string, imageBase: string): string | null {
  let url: URL;
  try {
    url = new URL(providerUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !isEspnImageHost(url.hostname) || url.username || url.password) return null;
  return `${trim(imageBase)}${url.pathname}${url.search}`;
}

const trim = (url: string) => url.replace(/\/+$/, '');

export function createEspnClient(options: EspnClientOptions): EspnClient {
  // ESPN's own origins come from configuration; anything a document or a redirect names is checked.
  const dispatcher = createOutboundGuard({ trustedOrigins: [options.siteUrl, options.coreUrl, ...(options.imageUrl ? [options.imageUrl] : [])] }).dispatcher();
  const { get: http, getSince } = createEspnHttp(options, dispatcher);
  const site = trim(options.siteUrl);
  const core = trim(options.coreUrl);
  const imageLimit = createLimiter(IMAGE_CONCURRENCY);
  const seasonTypeName = (t: number) => ({ 1: 'preseason', 2: 'regular season', 3: 'postseason' })[t] ?? `season type ${t}`;

  async function orNull<T>(p: Promise<T>): Promise<T | null> {
    try {
      return await p;
    } catch (err) {
      if (err instanceof EspnError && err.kind === 'http' && err.status === 404) return null;
      throw err;
    }
  }

  /** One week's scoreboard: its URL, how it is named in errors, and how its document is read. */
  function scoreboardRequest(year: number, seasonType: number, espnWeek: number) {
    const weekNumber = toWeekNumber(seasonType, espnWeek);
    const what = `scoreboard ${year} ${seasonTypeName(seasonType)} week ${espnWeek}${weekNumber !== null ? ` (${weekLabel(weekNumber)})` : ''}`;
    const url = `${site}/scoreboard?dates=${year}&seasontype=${seasonType}&week=${espnWeek}&limit=1000`;
    const read = (doc: EspnScoreboard) => {
      try {
        return parseScoreboard(doc, { year, seasonType, espnWeek });
      } catch (err) {
        if (err instanceof ParseProblem) throw new EspnError(`ESPN ${what}: unexpected response (${err.message})`, 'parse');
        throw err;
      }
    };
    return { url, what, read };
  }

  return {
    async teams() {
      const doc = await http(`${site}/teams`, { schema: teamsListSchema, what: 'teams list' });
      const teams = doc.sports[0]!.leagues[0]!.teams.map((t) => parseTeam(t.team));
      if (teams.length === 0) throw new EspnError('ESPN teams list: the list is empty', 'parse');
      return teams;
    },

    async scoreboard({ year, seasonType, espnWeek, call }) {
      const { url, what, read } = scoreboardRequest(year, seasonType, espnWeek);
      return read(await http(url, { schema: scoreboardSchema, what, call }));
    },

    async scoreboardSince({ year, seasonType, espnWeek, since }) {
      const { url, what, read } = scoreboardRequest(year, seasonType, espnWeek);
      const answer = await getSince(url, { schema: scoreboardSchema, what, since });
      if (answer === 'unchanged') return 'unchanged';
      return { games: read(answer.body), version: answer.version };
    },

    async teamVenue(teamEspnId) {
      const doc = await orNull(http(`${site}/teams/${encodeURIComponent(teamEspnId)}`, { schema: teamDetailSchema, what: `team ${teamEspnId}` }));
      const venue = doc?.team.franchise?.venue;
      return venue ? parseVenue(venue) : null;
    },

    async venueIds(page) {
      const doc = await http(`${core}/venues?page=${page}`, { schema: refListSchema, what: `venues list page ${page}` });
      return { ids: doc.items.map((i) => idFromRef(i.$ref, 'venues')).filter((id): id is string => id !== null), pageCount: doc.pageCount ?? 1 };
    },

    async venue(venueEspnId) {
      const doc = await orNull(http(`${core}/venues/${encodeURIComponent(venueEspnId)}`, { schema: venueDocSchema, what: `venue ${venueEspnId}` }));
      return doc ? parseVenue(doc) : null;
    },

    async coreOdds({ eventId, competitionId, homeAbbr, awayAbbr }, call) {
      const doc = await orNull(
        http(`${core}/events/${encodeURIComponent(eventId)}/competitions/${encodeURIComponent(competitionId)}/odds`, {
          schema: coreOddsListSchema,
          what: `odds of game ${eventId}`,
          call,
        }),
      );
      if (!doc) return null;
      const usable = doc.items.filter((i) => !(i.provider?.name ?? '').includes('Live Odds') && (i.spread !== undefined || i.details));
      const item = usable.find((i) => i.provider?.id === '58') ?? usable[0];
      if (!item) return null;
      return {
        provider: item.provider?.name ?? null,
        details: item.details ?? null,
        spread: readSpread({ spread: item.spread, details: item.details }, homeAbbr, awayAbbr),
      };
    },

    async summaryOdds(eventId, homeAbbr, awayAbbr) {
      const doc = await orNull(http(`${site}/summary?event=${encodeURIComponent(eventId)}`, { schema: summarySchema, what: `summary of game ${eventId}` }));
      const item = doc?.pickcenter?.find((p) => !(p.provider?.name ?? '').includes('Live Odds'));
      if (!item) return null;
      return {
        provider: item.provider?.name ?? null,
        details: item.details ?? null,
        spread: readSpread({ spread: item.spread, details: item.details }, homeAbbr, awayAbbr),
      };
    },

    async logo(providerUrl) {
      const what = `logo ${providerUrl}`;
      if (!options.imageUrl) throw new EspnError(`ESPN ${what}: no image host configured`, 'network');
      const url = imageFetchUrl(providerUrl, options.imageUrl);
      if (!url) throw new EspnError(`ESPN ${what}: not on ESPN's image host, not fetched`, 'parse');
      return imageLimit(() => fetchImage(url, { timeoutMs: options.imageTimeoutMs ?? 5_000, what, dispatcher }));
    },
  };
}
