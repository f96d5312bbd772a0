import { PICK_MESSAGES, POWER_PICK_RANK } from '@powerpool/contracts';
import type { SavedPick, PickResult, PowerEffect, SeasonLeaderboardEntry, WeeklyScoringReview } from '@powerpool/contracts';
import { matchesSearch } from '@/lib/search';

/** The rows whose player's display name holds `query` (case-insensitive substring; empty: every row). */
export function filterLeaderboard<E extends Pick<SeasonLeaderboardEntry, 'user'>>(entries: readonly E[], query: string): E[] {
  return entries.filter((e) => matchesSearch(query, [e.user.displayName]));
}

/** The empty text of the table: no data at all, or no player matching the search. */
export function emptyLeaderboardText(total: number, query: string): string {
  if (total === 0) return PICK_MESSAGES.noLeaderboardData;
  return PICK_MESSAGES.noPlayersMatching(query.trim());
}

/** How the breakdown names a power effect (docs/game.md#power-pick): x2, x0, push, none, pending. */
export const POWER_EFFECT_LABELS: Record<PowerEffect, string> = { x2: 'x2', x0: 'x0', push: 'Push', none: 'None', pending: 'Pending' };

export const PICK_RESULT_LABELS: Record<PickResult, string> = { WIN: 'Win', LOSS: 'Loss', PUSH: 'Push', PENDING: 'Pending' };

/** "3pt", "2pt", "1pt", or "Power". */
export const pickRankLabel = (pick: Pick<SavedPick, 'isPowerPick' | 'confidenceRank'>): string =>
  pick.isPowerPick || pick.confidenceRank === POWER_PICK_RANK ? 'Power' : `${pick.confidenceRank}pt`;

/** A week's picks in reading order: 3pt, 2pt, 1pt, then the power pick. */
export function orderedPicks<P extends Pick<SavedPick, 'isPowerPick' | 'confidenceRank'>>(picks: readonly P[]): P[] {
  const order = (p: P) => (p.isPowerPick ? -1 : p.confidenceRank);
  return [...picks].sort((a, b) => order(b) - order(a));
}

/** The longest calculation error shown in a row ("Could not calculate: ..."). */
export const ERROR_MESSAGE_MAX = 80;

/** A week's totals as the breakdown shows them; a week that could not be calculated shows Error and the (truncated) reason. */
export type WeekTotals = { kind: 'ok'; raw: number; power: string; final: number } | { kind: 'error'; message: string };

export function weekTotals(week: Pick<WeeklyScoringReview, 'hasCalculationError' | 'errorMessage' | 'rawPoints' | 'powerEffect' | 'totalPoints'>): WeekTotals {
  if (week.hasCalculationError) {
    const message = week.errorMessage?.trim() ?? '';
    return { kind: 'error', message: message.length > ERROR_MESSAGE_MAX ? `${message.slice(0, ERROR_MESSAGE_MAX - 3)}...` : message };
  }
  return { kind: 'ok', raw: week.rawPoints, power: POWER_EFFECT_LABELS[week.powerEffect], final: week.totalPoints };
}

/**
 * How many completed weeks the player won (docs/game.md#weekly-winners), counting only the weeks
 * with a tiebreaker game (the ones that name winners); null when none has one (nothing to show).
 */
export function weeksWon(weeks: ReadonlyArray<Pick<WeeklyScoringReview, 'isWeekWinner'>>): number | null {
  const named = weeks.filter((w) => w.isWeekWinner !== undefined);
  return named.length === 0 ? null : named.filter((w) => w.isWeekWinner).length;
}
