import type { GameData, GameStatus, Team, Venue } from '@powerpool/contracts';
import { toWeekNumber } from '../../domain/espn-weeks.js';
import type { EspnEvent, EspnScoreboard, EspnTeam, EspnVenue, ScoreboardOdds } from './schemas.js';
import { parseEspnDate, toChicagoIso } from './time.js';

/** ESPN status names of a game called off for good (ESPN spells it CANCELED; accept both). */
const CANCELLED_NAMES: ReadonlySet<string> = new Set(['STATUS_CANCELED', 'STATUS_CANCELLED']);
/** ESPN status names of a game stopped or moved before it reached a result: it may still be played. */
const POSTPONED_NAMES: ReadonlySet<string> = new Set(['STATUS_POSTPONED', 'STATUS_SUSPENDED']);
/** ESPN status names of a break in play: the game is on, whatever `state` says. */
const BREAK_NAMES: ReadonlySet<string> = new Set(['STATUS_HALFTIME', 'STATUS_END_PERIOD']);

/** The part of ESPN's `status` that the game status and its detail are read from. */
export interface EspnStatusType {
  state: string;
  completed?: boolean | null;
  name?: string | null;
}

/**
 * A game's status from ESPN's `status.type` (docs/game.md#final-games: a game is final only when the provider
 * says so; `state == "post"` alone is not final, cancelled and postponed games have it too).
 * - STATUS_CANCELED / STATUS_CANCELLED -> CANCELLED, STATUS_POSTPONED / STATUS_SUSPENDED ->
 *   POSTPONED, whatever `state` and `completed` say.
 * - `completed` true -> COMPLETE (STATUS_FINAL, STATUS_FINAL_OVERTIME, forfeits). Whether both
 *   scores are there is checked where production is written (domain/live-scores.ts).
 * - STATUS_HALFTIME / STATUS_END_PERIOD, or state `in` -> IN_PROGRESS (STATUS_DELAYED during play too).
 * - state `post`, not completed, under any other name -> POSTPONED: the game stopped without a
 *   result; like a postponed game it may still be played, or the commissioner rules it void. It is
 *   never COMPLETE, and never void on its own as a cancelled game is.
 * - otherwise (`pre`, STATUS_DELAYED before kickoff, an unknown state) -> SCHEDULED.
 */
export function readStatus(type: EspnStatusType): GameStatus {
  const name = type.name?.toUpperCase() ?? '';
  if (CANCELLED_NAMES.has(name)) return 'CANCELLED';
  if (POSTPONED_NAMES.has(name)) return 'POSTPONED';
  if (type.completed === true) return 'COMPLETE';
  if (BREAK_NAMES.has(name) || type.state === 'in') return 'IN_PROGRESS';
  if (type.state === 'post') return 'POSTPONED';
  return 'SCHEDULED';
}

const ORDINALS = ['1st', '2nd', '3rd', '4th'] as const;

/**
 * The provider's short status text when it adds to the game status (contracts `statusDetail`):
 * "Halftime", "End of 1st" .. "End of 4th" / "End of OT", "Delayed" (before or during play),
 * "Suspended", "Final/OT". Null when the status says it all (scheduled, playing, final, cancelled,
 * postponed) and for a final that is not one by the game rules (not completed).
 */
export function statusDetail(type: EspnStatusType, period: number | null | undefined): string | null {
  const name = type.name?.toUpperCase() ?? '';
  switch (name) {
    case 'STATUS_HALFTIME':
      return 'Halftime';
    case 'STATUS_END_PERIOD':
      return period && period >= 1 && period <= 4 ? `End of ${ORDINALS[period - 1]}` : period && period > 4 ? 'End of OT' : null;
    case 'STATUS_SUSPENDED':
      return 'Suspended';
    case 'STATUS_FINAL_OVERTIME':
      return type.completed === true ? 'Final/OT' : null;
    default:
      if (name.includes('DELAY') && !CANCELLED_NAMES.has(name) && type.completed !== true) return 'Delayed';
      return null;
  }
}

function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (trimmed === '' || !/^[+-]?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * The home team's line (negative favours home), as ESPN signs `spread`. Older odds (2022) carry only
 * `details` ("KC -3.5"): the line is then read from it, signed by whether the favourite is home.
 * A pick'em ("EVEN", "PK") is 0. Null when no line can be read.
 */
export function readSpread(odds: ScoreboardOdds | null | undefined, homeAbbr: string, awayAbbr: string): number | null {
  if (!odds) return null;
  const direct = toNumber(odds.spread ?? null);
  if (direct !== null) return direct;
  const pointSpread = toNumber(odds.pointSpread?.home?.close?.line ?? odds.pointSpread?.home?.open?.line ?? null);
  if (pointSpread !== null) return pointSpread;
  return spreadFromDetails(odds.details ?? null, homeAbbr, awayAbbr);
}

export function spreadFromDetails(details: string | null, homeAbbr: string, awayAbbr: string): number | null {
  if (!details) return null;
  const text = details.trim();
  if (/^(even|pk|pick|pick'?em)$/i.test(text)) return 0;
  const match = /^([A-Za-z]{2,4})\s+([+-]?\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return null;
  const [, abbr, lineText] = match;
  const line = -Math.abs(Number(lineText));
  if (abbr!.toUpperCase() === homeAbbr.toUpperCase()) return line;
  if (abbr!.toUpperCase() === awayAbbr.toUpperCase()) return line === 0 ? 0 : -line;
  return null;
}

export class ParseProblem extends Error {}

/**
 * One scoreboard event as a game. `fallback` gives the requested season/type/week for documents
 * that lack them (the 2022 capture has no `events[].week`; a `dates=` capture has no top-level
 * season). Returns null for the Pro Bowl (no week number).
 */
export function parseEvent(event: EspnEvent, fallback: { year: number; seasonType: number; espnWeek: number }): GameData | null {
  const comp = event.competitions[0]!;
  const home = comp.competitors.find((c) => c.homeAway === 'home');
  const away = comp.competitors.find((c) => c.homeAway === 'away');
  if (!home || !away) throw new ParseProblem(`event ${event.id}: needs one home and one away competitor`);
  const year = event.season?.year ?? fallback.year;
  const seasonType = event.season?.type ?? fallback.seasonType;
  const espnWeek = event.week?.number ?? fallback.espnWeek;
  if (seasonType !== 1 && seasonType !== 2 && seasonType !== 3) throw new ParseProblem(`event ${event.id}: unknown season type ${seasonType}`);
  const weekNumber = toWeekNumber(seasonType, espnWeek);
  if (weekNumber === null) return null;
  const gameTimeUtc = parseEspnDate(comp.date || event.date);
  if (!gameTimeUtc) throw new ParseProblem(`event ${event.id}: date "${comp.date}" is not a date`);
  const status = readStatus(comp.status.type);
  // Before kickoff ESPN sends "0" scores and period 0: placeholders, not a score. A game called off
  // keeps the score it had when play stopped (period 1 or more), and has no winner.
  const kickedOff = status === 'IN_PROGRESS' || status === 'COMPLETE' || (status !== 'SCHEDULED' && (comp.status.period ?? 0) > 0);
  const homeScore = kickedOff ? toNumber(home.score ?? null) : null;
  const awayScore = kickedOff ? toNumber(away.score ?? null) : null;
  let winnerTeamEspnId: string | null = null;
  if (status === 'COMPLETE') {
    if (home.winner === true) winnerTeamEspnId = home.team.id;
    else if (away.winner === true) winnerTeamEspnId = away.team.id;
    else if (home.winner === undefined && homeScore !== null && awayScore !== null && homeScore !== awayScore) {
      winnerTeamEspnId = homeScore > awayScore ? home.team.id : away.team.id;
    }
  }
  const odds = comp.odds?.[0] ?? null;
  return {
    espnId: event.id,
    espnCompetitionId: comp.id,
    year,
    seasonType,
    weekNumber,
    homeTeamEspnId: home.team.id,
    awayTeamEspnId: away.team.id,
    homeTeamAbbr: home.team.abbreviation,
    awayTeamAbbr: away.team.abbreviation,
    homeTeamShortName: home.team.shortDisplayName ?? home.team.name ?? home.team.abbreviation,
    awayTeamShortName: away.team.shortDisplayName ?? away.team.name ?? away.team.abbreviation,
    gameTimeUtc,
    gameTimeCdt: toChicagoIso(gameTimeUtc),
    spread: readSpread(odds, home.team.abbreviation, away.team.abbreviation),
    gameName: event.name ?? `${away.team.displayName ?? away.team.abbreviation} at ${home.team.displayName ?? home.team.abbreviation}`,
    currentPeriod: kickedOff ? (comp.status.period ?? null) : null,
    gameClock: status === 'IN_PROGRESS' ? (comp.status.displayClock ?? null) : null,
    gameStatus: status,
    winnerTeamEspnId,
    homeScore,
    awayScore,
    oddsProvider: odds?.provider?.name ?? null,
    oddsDetails: odds?.details ?? null,
    venueEspnId: comp.venue?.id ?? null,
    statusDetail: statusDetail(comp.status.type, comp.status.period),
  };
}

export function parseScoreboard(doc: EspnScoreboard, requested: { year: number; seasonType: number; espnWeek: number }): GameData[] {
  const fallback = {
    year: doc.season?.year ?? requested.year,
    seasonType: doc.season?.type ?? requested.seasonType,
    espnWeek: doc.week?.number ?? requested.espnWeek,
  };
  const games: GameData[] = [];
  for (const event of doc.events) {
    const game = parseEvent(event, fallback);
    if (game) games.push(game);
  }
  return games;
}

function pickLogo(team: EspnTeam, rel: string[]): string | null {
  const logos = team.logos ?? [];
  const exact = logos.find((l) => l.rel && l.rel.length === rel.length && rel.every((r) => l.rel!.includes(r)));
  return exact?.href ?? null;
}

export function parseTeam(team: EspnTeam): Team {
  return {
    espnId: team.id,
    name: team.displayName,
    shortName: team.shortDisplayName ?? team.name ?? team.abbreviation,
    abbreviation: team.abbreviation,
    city: team.location ?? '',
    color: team.color ?? null,
    logoUrl: pickLogo(team, ['full', 'default']) ?? team.logos?.[0]?.href ?? null,
    darkLogoUrl: pickLogo(team, ['full', 'dark']),
  };
}

export function parseVenue(doc: EspnVenue): Venue {
  const images = doc.images ?? [];
  const exterior =
    images.find((i) => i.rel?.includes('day') && !i.rel.includes('interior')) ??
    images.find((i) => i.rel && !i.rel.includes('interior') && i.rel.includes('full'));
  const interior = images.find((i) => i.rel?.includes('interior'));
  return {
    espnVenueId: doc.id,
    fullName: doc.fullName,
    city: doc.address?.city ?? null,
    state: doc.address?.state ?? null,
    zipCode: doc.address?.zipCode ?? null,
    indoor: doc.indoor ?? null,
    grass: doc.grass ?? null,
    exteriorImageUrl: exterior?.href ?? null,
    interiorImageUrl: interior?.href ?? null,
  };
}

/** The id at the end of a `$ref` (`…/venues/3663?lang=en` -> "3663"); never followed blindly. */
export function idFromRef(ref: string, collection: string): string | null {
  const match = new RegExp(`/${collection}/(\\d+)(?:[/?#]|$)`).exec(ref);
  return match?.[1] ?? null;
}
