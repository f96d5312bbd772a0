import { weekLabel, type Team, type Venue } from '@powerpool/contracts';
import { createEspnHttp, EspnError, type EspnCallOptions, type EspnHttpOptions } from './http.js';
import { idFromRef, ParseProblem, parseScoreboard, parseTeam, parseVenue, readSpread, type GameData } from './parse.js';
import { coreOddsListSchema, refListSchema, scoreboardSchema, summarySchema, teamDetailSchema, teamsListSchema, venueDocSchema } from './schemas.js';
import { toWeekNumber } from './weeks.js';

export type { EspnCallOptions } from './http.js';

export interface EspnClientOptions extends EspnHttpOptions {
  /** e.g. https://site.api.espn.com/apis/site/v2/sports/football/nfl */
  siteUrl: string;
  /** e.g. https://sports.core.api.espn.com/v2/sports/football/leagues/nfl */
  coreUrl: string;
}

export interface PreGameLine {
  provider: string | null;
  details: string | null;
  spread: number | null;
}

export interface EspnClient {
  teams(): Promise<Team[]>;
  /** One week's games (ESPN season type and week); [] for the Pro Bowl or an empty week. */
  scoreboard(year: number, seasonType: number, espnWeek: number, call?: EspnCallOptions): Promise<GameData[]>;
  teamVenue(teamEspnId: string): Promise<Venue | null>;
  /** One page of the core venue list: the venue ids it names and the page count. */
  venueIds(page: number): Promise<{ ids: string[]; pageCount: number }>;
  /** A venue document, or null when ESPN has none (404). */
  venue(venueEspnId: string): Promise<Venue | null>;
  /** The pre-game line of a game from the core odds (provider 58, else the first non-live line). */
  coreOdds(eventId: string, competitionId: string, homeAbbr: string, awayAbbr: string, call?: EspnCallOptions): Promise<PreGameLine | null>;
  /** The pre-game line from the summary's pickcenter. */
  summaryOdds(eventId: string, homeAbbr: string, awayAbbr: string): Promise<PreGameLine | null>;
}

const trim = (url: string) => url.replace(/\/+$/, '');

export function createEspnClient(options: EspnClientOptions): EspnClient {
  const http = createEspnHttp(options);
  const site = trim(options.siteUrl);
  const core = trim(options.coreUrl);
  const seasonTypeName = (t: number) => ({ 1: 'preseason', 2: 'regular season', 3: 'postseason' })[t] ?? `season type ${t}`;

  async function orNull<T>(p: Promise<T>): Promise<T | null> {
    try {
      return await p;
    } catch (err) {
      if (err instanceof EspnError && err.kind === 'http' && err.status === 404) return null;
      throw err;
    }
  }

  return {
    async teams() {
      const doc = await http(`${site}/teams`, teamsListSchema, 'teams list');
      const teams = doc.sports[0]!.leagues[0]!.teams.map((t) => parseTeam(t.team));
      if (teams.length === 0) throw new EspnError('ESPN teams list: the list is empty', 'parse');
      return teams;
    },

    async scoreboard(year, seasonType, espnWeek, call) {
      const weekNumber = toWeekNumber(seasonType, espnWeek);
      const what = `scoreboard ${year} ${seasonTypeName(seasonType)} week ${espnWeek}${weekNumber !== null ? ` (${weekLabel(weekNumber)})` : ''}`;
      const url = `${site}/scoreboard?dates=${year}&seasontype=${seasonType}&week=${espnWeek}&limit=1000`;
      const doc = await http(url, scoreboardSchema, what, call);
      try {
        return parseScoreboard(doc, { year, seasonType, espnWeek });
      } catch (err) {
        if (err instanceof ParseProblem) throw new EspnError(`ESPN ${what}: unexpected response (${err.message})`, 'parse');
        throw err;
      }
    },

    async teamVenue(teamEspnId) {
      const doc = await orNull(http(`${site}/teams/${encodeURIComponent(teamEspnId)}`, teamDetailSchema, `team ${teamEspnId}`));
      const venue = doc?.team.franchise?.venue;
      return venue ? parseVenue(venue) : null;
    },

    async venueIds(page) {
      const doc = await http(`${core}/venues?page=${page}`, refListSchema, `venues list page ${page}`);
      return { ids: doc.items.map((i) => idFromRef(i.$ref, 'venues')).filter((id): id is string => id !== null), pageCount: doc.pageCount ?? 1 };
    },

    async venue(venueEspnId) {
      const doc = await orNull(http(`${core}/venues/${encodeURIComponent(venueEspnId)}`, venueDocSchema, `venue ${venueEspnId}`));
      return doc ? parseVenue(doc) : null;
    },

    async coreOdds(eventId, competitionId, homeAbbr, awayAbbr, call) {
      const doc = await orNull(
        http(`${core}/events/${encodeURIComponent(eventId)}/competitions/${encodeURIComponent(competitionId)}/odds`, coreOddsListSchema, `odds of game ${eventId}`, call),
      );
      if (!doc) return null;
      const usable = doc.items.filter((i) => !(i.provider?.name ?? '').includes('Live Odds') && (i.spread !== undefined || i.details));
      const item = usable.find((i) => i.provider?.id === '58') ?? usable[0];
      if (!item) return null;
      return { provider: item.provider?.name ?? null, details: item.details ?? null, spread: readSpread({ spread: item.spread, details: item.details }, homeAbbr, awayAbbr) };
    },

    async summaryOdds(eventId, homeAbbr, awayAbbr) {
      const doc = await orNull(http(`${site}/summary?event=${encodeURIComponent(eventId)}`, summarySchema, `summary of game ${eventId}`));
      const item = doc?.pickcenter?.find((p) => !(p.provider?.name ?? '').includes('Live Odds'));
      if (!item) return null;
      return { provider: item.provider?.name ?? null, details: item.details ?? null, spread: readSpread({ spread: item.spread, details: item.details }, homeAbbr, awayAbbr) };
    },
  };
}
