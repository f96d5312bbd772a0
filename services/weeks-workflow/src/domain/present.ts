import {
  coverOf,
  isFinalGame,
  isVoidOf,
  PICK_DEADLINE_LEAD_MS,
  seasonPartOf,
  weekLabel,
  type PoolSpread,
  type PublishedGame,
  type Week,
  type WeekGame,
  type WeekStatus,
  type WeekTeam,
  type WeekTransition,
} from '@powerpool/contracts';
import type { PoolGameWithGame, WeekSpanRow } from '../store/weeks.store.js';
import type { GameRow, PoolGameRow, PoolSpreadRow, PoolWeekRow, TeamRow, WeekTransitionRow } from '../store/schema.js';

/** The reason recorded on a pool game the league cancelled (void as soon as the provider says so). */
export const CANCELLED_REASON = 'Game cancelled';

/** "DAL @ PHI": how a game is named in messages. */
export const gameLabel = (game: Pick<GameRow, 'awayTeamAbbr' | 'homeTeamAbbr'>): string => `${game.awayTeamAbbr} @ ${game.homeTeamAbbr}`;

/** A week of a season, with the pool's state and deadline when a pool week is given. */
export function presentWeek(span: WeekSpanRow, pool?: { week: PoolWeekRow | undefined }): Week {
  const defaultDeadline = new Date(span.firstGameAt.getTime() - PICK_DEADLINE_LEAD_MS);
  const fixed = pool?.week?.pickDeadline ?? null;
  return {
    id: `${span.year}:${span.weekNumber}`,
    year: span.year,
    weekNumber: span.weekNumber,
    seasonType: span.seasonType as 1 | 2 | 3,
    seasonPart: seasonPartOf(span.weekNumber),
    displayName: weekLabel(span.weekNumber),
    gameCount: span.gameCount,
    firstGameAt: span.firstGameAt.toISOString(),
    lastGameAt: span.lastGameAt.toISOString(),
    pickDeadline: (fixed ?? defaultDeadline).toISOString(),
    state: pool ? (pool.week?.state ?? 'SETUP') : null,
  };
}

function team({ espnId, abbreviation, shortName, teams }: { espnId: string; abbreviation: string; shortName: string; teams: Map<string, TeamRow> }): WeekTeam {
  const t = teams.get(espnId);
  return {
    espnId,
    name: t?.name ?? shortName,
    abbreviation: t?.abbreviation ?? abbreviation,
    logoUrl: t?.logoUrl ?? null,
    color: t?.color ?? null,
  };
}

/** A production game of a week. */
export function presentGame(game: GameRow, teams: Map<string, TeamRow>): WeekGame {
  return {
    id: game.espnId,
    espnCompetitionId: game.espnCompetitionId,
    year: game.year,
    weekNumber: game.weekNumber,
    gameName: game.gameName,
    gameTimeUtc: game.gameTimeUtc.toISOString(),
    status: game.status,
    isComplete: isFinalGame(game),
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    currentPeriod: game.currentPeriod,
    gameClock: game.gameClock,
    espnSpread: game.spread,
    oddsDetails: game.oddsDetails,
    homeTeam: team({ espnId: game.homeTeamEspnId, abbreviation: game.homeTeamAbbr, shortName: game.homeTeamShortName, teams }),
    awayTeam: team({ espnId: game.awayTeamEspnId, abbreviation: game.awayTeamAbbr, shortName: game.awayTeamShortName, teams }),
  };
}

/** Why a pool game is void (isVoidOf: ruled void by the commissioner with a reason, or cancelled by the league), null when it is not. */
export function voidReasonOf(poolGame: PoolGameRow, game: GameRow | null): string | null {
  const ruling = poolGame.voidReason || null;
  return isVoidOf(ruling !== null, game?.status ?? null) ? (ruling ?? CANCELLED_REASON) : null;
}

/** A pool game of a published week, with its locked spread and (once final) who covered it. */
export function presentPoolGame({ poolGame, game }: PoolGameWithGame, teams: Map<string, TeamRow>): PublishedGame | null {
  if (!game) return null;
  const voidReason = voidReasonOf(poolGame, game);
  const base = presentGame(game, teams);
  return {
    ...base,
    poolGameId: poolGame.id,
    spread: poolGame.lockedSpread,
    lockedSpread: poolGame.lockedSpread,
    isVoid: voidReason !== null,
    voidReason,
    cover: voidReason === null && base.isComplete ? coverOf(game.homeScore!, game.awayScore!, poolGame.lockedSpread) : null,
  };
}

/** A pool's spread of a game: the pool spread, the locked spread (after publish), the provider's. */
export function presentSpread(game: GameRow, spread: PoolSpreadRow | undefined, poolGame: PoolGameRow | undefined): PoolSpread {
  return {
    gameId: game.espnId,
    weekNumber: game.weekNumber,
    spread: poolGame?.lockedSpread ?? spread?.spread ?? null,
    lockedSpread: poolGame?.lockedSpread ?? null,
    espnSpread: game.spread,
    updatedAt: spread?.updatedAt.toISOString() ?? poolGame?.publishedAt.toISOString() ?? null,
  };
}

/** A pool's state of a week with its counts. */
export function presentStatus(
  { poolId, year, weekNumber }: { poolId: string; year: number; weekNumber: number },
  week: PoolWeekRow | undefined,
  games: PoolGameWithGame[],
): WeekStatus {
  let completed = 0;
  let voided = 0;
  for (const g of games) {
    if (voidReasonOf(g.poolGame, g.game) !== null) voided += 1;
    else if (g.game && isFinalGame(g.game)) completed += 1;
  }
  return {
    poolId,
    year,
    weekNumber,
    displayName: weekLabel(weekNumber),
    currentState: week?.state ?? 'SETUP',
    pickDeadline: week?.pickDeadline?.toISOString() ?? null,
    publishedAt: week?.publishedAt?.toISOString() ?? null,
    stateChangedAt: week && week.state !== 'SETUP' ? week.stateChangedAt.toISOString() : null,
    gameCount: games.length,
    completedGames: completed,
    voidGames: voided,
  };
}

export function presentTransition(row: WeekTransitionRow): WeekTransition {
  return { fromState: row.fromState, toState: row.toState, testing: row.testing, automatic: row.automatic, byUserId: row.byUserId, at: row.at.toISOString() };
}
