import type { GameData, Team, Venue } from '@powerpool/contracts';

/**
 * What the domain asks of ESPN, and how it fails: the port's interface and the values it returns.
 * The adapter (HTTP, ESPN's documents, retries) is ports/espn/client.ts, passed in through the
 * context (app.ts), so the rules here can run against a fake.
 */

/** Why an ESPN request failed; the message names the request and what was wrong. */
export class EspnError extends Error {
  constructor(
    message: string,
    readonly kind: 'network' | 'timeout' | 'http' | 'parse',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EspnError';
  }
}

/** When a call must have its answer (ms since epoch): whoever waits for it stops listening then. */
export interface EspnCallOptions {
  deadline?: number;
}

/**
 * Which version of a document the last good read saw (the provider's ETag and Last-Modified): sent
 * back on the next read of the same document, so an unchanged one is answered 304 with no body.
 */
export interface DocumentVersion {
  etag: string | null;
  lastModified: string | null;
}

/** A scoreboard read conditionally: its games and version, or 'unchanged' since the version given. */
export type ScoreboardRead = { games: GameData[]; version: DocumentVersion | null } | 'unchanged';

/** A pre-game line: who offered it, its text and the home-relative spread read from it. */
export interface PreGameLine {
  provider: string | null;
  details: string | null;
  spread: number | null;
}

/** The image types a logo may have; anything else is refused at import. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** An image as fetched: its bytes and its (checked) content type. */
export interface EspnImage {
  bytes: Buffer;
  contentType: LogoContentType;
}

export interface EspnClient {
  teams(): Promise<Team[]>;
  /** One week's games (ESPN season type and week); [] for the Pro Bowl or an empty week. */
  scoreboard(input: { year: number; seasonType: number; espnWeek: number; call?: EspnCallOptions }): Promise<GameData[]>;
  /**
   * The same scoreboard read conditionally (the live feed): with the version of the last read
   * applied, the provider may answer 'unchanged' (304 Not Modified) without a body. A provider that
   * ignores conditional requests answers in full every time; `version` is null when it sent none.
   */
  scoreboardSince(input: { year: number; seasonType: number; espnWeek: number; since: DocumentVersion | null }): Promise<ScoreboardRead>;
  teamVenue(teamEspnId: string): Promise<Venue | null>;
  /** One page of the core venue list: the venue ids it names and the page count. */
  venueIds(page: number): Promise<{ ids: string[]; pageCount: number }>;
  /** A venue document, or null when ESPN has none (404). */
  venue(venueEspnId: string): Promise<Venue | null>;
  /** The pre-game line of a game from the core odds (provider 58, else the first non-live line). */
  coreOdds(game: { eventId: string; competitionId: string; homeAbbr: string; awayAbbr: string }, call?: EspnCallOptions): Promise<PreGameLine | null>;
  /** The pre-game line from the summary's pickcenter. */
  summaryOdds(eventId: string, homeAbbr: string, awayAbbr: string): Promise<PreGameLine | null>;
  /**
   * A team logo named by ESPN (`https://a.espncdn.com/i/teamlogos/nfl/500/kc.png`), fetched from
   * the configured image host: one attempt, time-limited, size-limited, allowed types only. Throws
   * an EspnError (a URL not on ESPN's image hosts is refused without a request).
   */
  logo(providerUrl: string): Promise<EspnImage>;
}
