import type { WeekState } from './week-states.js';

/** The five steps of the tracker, with the product's captions. */
export const WEEK_STATE_LABELS: Record<WeekState, { title: string; caption: string }> = {
  SETUP: { title: 'Setup', caption: 'Choose Games to Publish' },
  PUBLISHED: { title: 'Published', caption: 'Users Select Picks' },
  GAMES_IN_PROGRESS: { title: 'Games In Progress', caption: 'Games Being Played' },
  SCORING: { title: 'Scoring', caption: 'Calculate Player Scores' },
  COMPLETE: { title: 'Complete', caption: 'Results Final' },
};

/** Texts the product fixes for Manage Weeks (docs/screens.md#week-management, docs/screens.md#errors). */
export const WEEK_MESSAGES = {
  currentWeekUnknown: 'Unable to determine current week',
  noGamesSelectedTitle: 'No Games Selected',
  noGamesSelected: 'Please select at least one game to publish',
  missingSpreadsTitle: 'Missing Spreads',
  missingSpreads: (games: string[]) => `Cannot publish games without spreads: ${games.join(', ')}. Please set spreads for all selected games.`,
  cannotStartScoringTitle: 'Cannot Start Scoring',
  cannotCalculateScores: (reasons: string[]) => `Cannot calculate scores: ${reasons.join(', ')}`,
  missingFinalScores: (n: number) => `${n} game(s) missing final scores`,
  notYetComplete: (n: number) => `${n} game(s) not yet complete`,
  missingSpreadData: (n: number) => `${n} game(s) missing spread data`,
  transitioned: (state: WeekState) => `Transitioned to ${state} state`,
  /** Complete Week while picks on final or void games could not be scored (docs/week.md#complete). */
  cannotCompleteWeek: (picks: number, reasons: string[]) =>
    `Cannot complete week: ${picks} pick(s) on final or void games have no result${reasons.length ? ` (${reasons.join('; ')})` : ''}. Correct them with the emergency pick entry, then try again.`,
  invalidSpreadTitle: 'Invalid Spread',
  invalidSpread: 'Please enter a valid number for the spread',
} as const;
