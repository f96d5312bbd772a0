import { isFinalGame } from '@powerpool/contracts';
import type { GameLiveState, GamesStreamEvent, GameStatus, PublishedGame } from '@powerpool/contracts';
import { useEffect, useMemo, useState } from 'react';
import { endpointUrl } from './api-client';
import * as routes from '@/lib/api-routes.gen';
import type { LiveStreamState } from './live-stream';
import { onDemand } from './on-demand';
import { useLiveStream } from './use-live-stream';

/*
 * The status, quarter, clock and scores of a week's games pushed while games are on (docs/screens.md#data-loading):
 * Make Picks' game cards (picks feature) and Manage Weeks' game rows (weeks feature) both show
 * them, and features cannot import each other, so the call lives here.
 */

/** Games are "on" from this long before a kickoff (the feed's game-day window). */
export const GAMES_ON_LEAD_MS = 15 * 60_000;

/** What deciding whether games are on needs of a game. */
interface GameTiming {
  status: GameStatus;
  isComplete: boolean;
  gameTimeUtc: string;
  isVoid?: boolean;
}

/**
 * True while games are on: a game of the week is in progress, or one that is not final (nor
 * cancelled, postponed or void) kicks off within GAMES_ON_LEAD_MS or has kicked off already.
 */
export function gamesAreOn(games: readonly GameTiming[], now: number): boolean {
  return games.some((game) => {
    if (game.status === 'IN_PROGRESS') return true;
    if (game.isComplete || game.isVoid || game.status !== 'SCHEDULED') return false;
    return new Date(game.gameTimeUtc).getTime() - GAMES_ON_LEAD_MS <= now;
  });
}

/**
 * gamesAreOn, or the pool's week is GAMES_IN_PROGRESS with a game not yet decided: the week was
 * started (at its deadline, or by the Testing tool) and games are being played even if the
 * kickoff times this screen read earlier say otherwise (a kickoff moved earlier).
 */
export function gamesArePlaying(games: readonly GameTiming[], now: number, weekState: string | null | undefined): boolean {
  if (gamesAreOn(games, now)) return true;
  return weekState === 'GAMES_IN_PROGRESS' && games.some((game) => !game.isComplete && !game.isVoid && game.status !== 'CANCELLED');
}

/** GET /api/seasons/{year}/weeks/{weekNumber}/games/stream (server-sent events, same origin, session cookie). */
export const liveGamesStreamUrl = (year: number, weekNumber: number): string => endpointUrl(routes.liveGamesStream, { params: { year, weekNumber } });

/** The stream's event parser (its schema, and zod): loaded when games are on, not in the first load. */
const gamesStreamEvent = onDemand(() => import('./games-stream-event'));

/** The games' live states after an event: a snapshot replaces them all, a game replaces its own. */
export function liveGamesAfter(current: ReadonlyMap<string, GameLiveState>, event: GamesStreamEvent): ReadonlyMap<string, GameLiveState> {
  if (event.type === 'snapshot') return new Map(event.games.map((game) => [game.gameId, game]));
  return new Map(current).set(event.game.gameId, event.game);
}

/** A game as the screens show it, with the provider's status text when the stream brought one. */
export type LiveGameFields = Pick<PublishedGame, 'status' | 'isComplete' | 'currentPeriod' | 'gameClock' | 'homeScore' | 'awayScore'> & {
  statusDetail?: string | null;
};

/** A published game, with the provider's status text once the stream brought one. */
export type LivePublishedGame = PublishedGame & { statusDetail?: string | null };

/** The game with its pushed state (status, detail, quarter, clock, scores) laid over it; unchanged without one. */
export function withLiveState<G extends LiveGameFields>(game: G, live: GameLiveState | undefined): G & { statusDetail?: string | null } {
  if (!live) return game;
  return {
    ...game,
    status: live.status,
    statusDetail: live.statusDetail,
    currentPeriod: live.quarter,
    gameClock: live.clock,
    homeScore: live.homeScore,
    awayScore: live.awayScore,
    isComplete: isFinalGame(live),
  };
}

/**
 * A game's status as a short text: "Q3 4:12", "OT 2:00", the provider's words when it has some
 * ("Halftime", "End of 3rd", "Final/OT", "Delayed"), "Final", "Postponed", "Cancelled"; null before
 * kickoff (the card shows the kickoff time instead).
 */
export function gameStatusText(game: Pick<LiveGameFields, 'status' | 'statusDetail' | 'currentPeriod' | 'gameClock'>): string | null {
  const detail = game.statusDetail ?? null;
  switch (game.status) {
    case 'IN_PROGRESS': {
      if (detail) return detail;
      const period = game.currentPeriod === null ? null : game.currentPeriod > 4 ? 'OT' : `Q${game.currentPeriod}`;
      return [period, game.gameClock].filter(Boolean).join(' ') || 'Live';
    }
    case 'COMPLETE':
      return detail && detail.startsWith('Final') ? detail : 'Final';
    case 'POSTPONED':
      return 'Postponed';
    case 'CANCELLED':
      return 'Cancelled';
    default:
      return null;
  }
}

export interface LiveGames {
  /**
   * The pushed state of each game by id: while the stream is live, and after it stops until the
   * screen's own query has read the games again (so a card never steps back to an older state);
   * empty otherwise (the query stands).
   */
  games: ReadonlyMap<string, GameLiveState>;
  state: LiveStreamState | null;
}

const NONE: ReadonlyMap<string, GameLiveState> = new Map();
const ignoreEvent = (): undefined => undefined;

/** The screen's own query of the games: re-read when the stream stops. */
export interface GamesQuery {
  dataUpdatedAt: number;
  refetch(): unknown;
}

/**
 * While `enabled` (games are on: `gamesArePlaying`), keeps the week's games stream open. When the
 * stream stops (games over, or it failed) the screen's query is read again, and the pushed states
 * are shown until that read is in; then the screens fall back, silently, to what their query says.
 */
export function useLiveGames(year: number, weekNumber: number, enabled: boolean, query: GamesQuery): LiveGames {
  const parser = gamesStreamEvent.useLoaded();
  useEffect(() => {
    // A parser that cannot be fetched leaves the stream closed: the screen shows its query's games.
    if (enabled) gamesStreamEvent.load().catch(() => undefined);
  }, [enabled]);
  const url = enabled && parser ? liveGamesStreamUrl(year, weekNumber) : null;
  const [games, setGames] = useState<{ url: string; games: ReadonlyMap<string, GameLiveState> } | null>(null);
  const [stoppedAt, setStoppedAt] = useState<number | null>(null);
  const state = useLiveStream(url, parser?.parseGamesStreamEvent ?? ignoreEvent, (event) =>
    setGames((current) => ({ url: url ?? '', games: liveGamesAfter(current?.url === url ? current.games : NONE, event) })),
  );
  const live = state === 'live' && games !== null && games.url === url;
  const hadPushed = games !== null && games.games.size > 0;
  // TanStack Query's refetch is bound to its observer and stable across renders.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { refetch, dataUpdatedAt } = query;
  useEffect(() => {
    if (live) {
      setStoppedAt(null);
    } else if (hadPushed && stoppedAt === null) {
      setStoppedAt(Date.now());
      void refetch();
    }
  }, [live, hadPushed, stoppedAt, refetch]);
  const stale = !live && hadPushed && (stoppedAt === null || dataUpdatedAt < stoppedAt);
  const shown = live || stale ? games.games : NONE;
  return useMemo(() => ({ games: shown, state }), [shown, state]);
}
