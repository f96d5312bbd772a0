import type { CoverResult, GameStatus, WeekState, WeekTeam } from '@powerpool/contracts';
import type { GridMode } from './spreads';

/** The grid mode of a week state: SETUP edits, COMPLETE is final, the states between are live. */
export function gridModeOf(state: WeekState): GridMode {
  if (state === 'SETUP') return 'setup';
  return state === 'COMPLETE' ? 'complete' : 'live';
}

export type GameBadge = 'Complete' | 'In Progress' | 'Scheduled' | 'Postponed' | 'Cancelled' | 'Void';

export interface GameStatusFacts {
  status: GameStatus;
  isComplete: boolean;
  gameTimeUtc: string;
  /** Published games only: ruled void or cancelled. */
  isVoid?: boolean;
}

/**
 * The status badge (docs/screens.md#week-management): Complete when isComplete; In Progress in live mode once
 * the current time is past the game time (or when the provider says so); otherwise Scheduled.
 * Void, Cancelled and Postponed games say so instead (docs/game.md#void-games).
 */
export function gameBadgeOf(game: GameStatusFacts, mode: GridMode, now: number): GameBadge {
  if (game.isVoid) return 'Void';
  if (game.isComplete) return 'Complete';
  if (game.status === 'CANCELLED') return 'Cancelled';
  if (game.status === 'POSTPONED') return 'Postponed';
  if (game.status === 'IN_PROGRESS') return 'In Progress';
  if (mode === 'live' && now >= new Date(game.gameTimeUtc).getTime()) return 'In Progress';
  return 'Scheduled';
}

/**
 * "Q3 · 5:12", "OT · 2:00"; the provider's words when the live stream brought some ("Halftime",
 * "End of 3rd", and "Final/OT" on a final game); null when not being played.
 */
export function liveClock(game: { status: GameStatus; currentPeriod: number | null; gameClock: string | null; statusDetail?: string | null }): string | null {
  const detail = game.statusDetail ?? null;
  if (game.status === 'COMPLETE') return detail && detail.startsWith('Final') && detail !== 'Final' ? detail : null;
  if (game.status !== 'IN_PROGRESS') return null;
  if (detail) return detail;
  if (game.currentPeriod === null) return null;
  const period = game.currentPeriod > 4 ? 'OT' : `Q${game.currentPeriod}`;
  return game.gameClock ? `${period} · ${game.gameClock}` : period;
}

/** "DAL @ PHI". */
export const matchupText = (game: { homeTeam: Pick<WeekTeam, 'abbreviation'>; awayTeam: Pick<WeekTeam, 'abbreviation'> }): string =>
  `${game.awayTeam.abbreviation} @ ${game.homeTeam.abbreviation}`;

/** "20 - 24" (away first, as the matchup), or null before both scores are known. */
export function scoreText(game: { homeScore: number | null; awayScore: number | null }): string | null {
  if (game.homeScore === null || game.awayScore === null) return null;
  return `${game.awayScore} - ${game.homeScore}`;
}

/** Against the locked spread: "PHI covers", "DAL covers", "Push", "Void", or "Pending" before the game is final. */
export function coverText(game: {
  isVoid: boolean;
  cover: CoverResult | null;
  homeTeam: Pick<WeekTeam, 'abbreviation'>;
  awayTeam: Pick<WeekTeam, 'abbreviation'>;
}): string {
  if (game.isVoid) return 'Void';
  switch (game.cover) {
    case 'HOME':
      return `${game.homeTeam.abbreviation} covers`;
    case 'AWAY':
      return `${game.awayTeam.abbreviation} covers`;
    case 'PUSH':
      return 'Push';
    default:
      return 'Pending';
  }
}

/** Games done (final or void) of a published week, for the counter and the bar. */
export function gamesProgress(status: { gameCount: number; completedGames: number; voidGames: number }): { done: number; total: number; percent: number } {
  const total = Math.max(0, status.gameCount);
  const done = Math.min(total, status.completedGames + status.voidGames);
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}
