import { PICK_DEADLINE_LEAD_MINUTES, weekTitle } from './weeks.rules.js';
import { POWER_PICK_RANK, TIEBREAKER_MAX, TIEBREAKER_MIN } from './picks.rules.js';

/** Picks, scoring and leaderboards: texts the product fixes (docs/screens.md#errors). */

const rankLabel = (rank: number) => `${rank}pt`;

/**
 * A number of points as every screen writes it: "1 pt", "0 pts", "12 pts", "-1 pt"; `long`:
 * "1 point", "12 points". The one place points get their unit (docs/screens.md#points).
 */
export function pointsText(points: number, style: 'short' | 'long' = 'short'): string {
  const one = Math.abs(points) === 1;
  return style === 'long' ? `${points} ${one ? 'point' : 'points'}` : `${points} ${one ? 'pt' : 'pts'}`;
}

export const PICK_MESSAGES = {
  incompletePicksTitle: 'Incomplete Picks',
  /** "You must select all three confidence picks: 3pt, 1pt are missing. Each pick must be on a different game." */
  incompletePicks: (missing: readonly number[]) =>
    `You must select all three confidence picks: ${missing.map(rankLabel).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Each pick must be on a different game.`,
  cannotSelectConfidenceTitle: 'Cannot select confidence pick',
  cannotSelectConfidence: 'This game is already your power pick. Remove the power pick first.',
  cannotSelectPowerTitle: 'Cannot select power pick',
  cannotSelectPower: 'This game is already a confidence pick. Remove the confidence pick first.',
  poolGameDataNotFound: (game: string) => `Pool game data not found for game ${game}`,
  gameNotAvailable: (game: string) => `Game ${game} not found in available games for current pool`,
  saved: (weekNumber: number) => `Picks for Week ${weekNumber} have been saved`,
  savedTitle: 'Success',
  saveFailed: 'Failed to save pick',
  /** A Save Picks with no connection (docs/screens.md#installable-app): said at once, the edits kept. */
  saveOfflineTitle: 'You are offline',
  saveOffline: 'Your picks cannot be saved without a connection. Your changes are still here: press Save Picks again once you are back online.',
  unauthorized: 'Unauthorized: You are logged out. Logging in again...',
  picksLocked: 'The picks deadline has passed: picks for this week are locked.',
  /** docs/game.md#weekly-winners: the week has a tiebreaker game and the save gave no prediction. */
  tiebreakerRequired: (game: string) =>
    `Please enter your tiebreaker: the total points scored in ${game}, a whole number from ${TIEBREAKER_MIN} to ${TIEBREAKER_MAX}.`,
  tiebreakerLabel: 'Tiebreaker',
  weekWinner: 'Week Winner',
  tiebreakerHelp: (game: string) => `Total points scored in ${game} (both teams). Decides a tie for the week's highest score.`,
  gameStarted: (game: string) => `${game} has already started: picks on it are locked.`,
  gameStartedLabel: 'Started: locked',
  weekNotPublished: 'Picks are not open for this week: its games have not been published.',
  notAMember: 'You are not a member of this pool.',
  teamNotInGame: (team: string, game: string) => `Team ${team} does not play in game ${game}`,
  duplicateGame: 'Each pick must be on a different game.',
  duplicateRank: (rank: number) => `Only one ${rank === POWER_PICK_RANK ? 'power' : rankLabel(rank)} pick is allowed.`,
  powerPickFlag: 'The power pick is the one with rank 0, and only it is flagged as the power pick.',
  noPowerPick: 'No power pick selected',
  powerPickNoTeam: 'Power pick selected (choose team)',
  powerPickByCommissioner: 'Power pick entered by commissioner (game not available in this pool)',
  // Make Picks screen (docs/screens.md#make-picks)
  seasonLabel: 'NFL Season 2025',
  editPicks: 'Edit Picks',
  savePicks: 'Save Picks',
  savingPicks: 'Saving Picks...',
  chooseTeam: 'Choose a team below',
  notSelected: 'Not selected',
  deadlinePassed: 'Deadline passed',
  expired: (dueAt: string) => `EXPIRED - Picks were due ${dueAt}`,
  notAMemberTitle: 'Not a Pool Member',
  notAMemberHelp: 'You are not a member of any pool yet. Contact your pool commissioner for an invitation link to join.',
  welcomeTitle: 'Welcome to the Pool!',
  welcome: 'There is no current week yet. Games are typically published on Tuesday morning; come back then to make your picks.',
  gamesNotAvailableTitle: 'Games Not Yet Available',
  gamesNotAvailable: (week: string) => `The games for ${week} have not been published yet. Games are typically published on Tuesday morning.`,
  // Season Leaderboard and Live Results (docs/screens.md#season-leaderboard)
  noLeaderboardData: 'No leaderboard data available',
  noPlayersMatching: (query: string) => `No players found matching "${query}"`,
  noPools: 'You are not a member of any pools yet.',
  noPoolsToManage: 'No pools available to manage.',
  selectLivePool: 'Select Pool for Live Results',
  liveLoadFailedTitle: 'Unable to Load Data',
  noPoolsFoundTitle: 'No Pools Found',
  noPoolsFoundAdmin: 'No pools are available to manage yet.',
  noPoolsFoundUser: 'You are not a member of any pool yet. Contact your pool commissioner for an invitation link.',
  picksNotAvailableTitle: 'Pick Data Coming Soon',
  picksNotAvailable: `Pick data will be available once the pick window closes, ${PICK_DEADLINE_LEAD_MINUTES} minutes before the first game.`,
  liveNotFound: 'Pool or week not found',
  overrideRequired: 'Please fill in all required fields',
  overrideConfidence: 'Must select all 3 confidence picks',
  overrideFailed: 'Failed to submit commissioner override picks',
  overrideSaved: (player: string, weekNumber: number) => `Override picks for ${player} saved for ${weekTitle(weekNumber)}`,
  pickNotOfBatch: (weekNumber: number) => `Every pick must be for this pool and for week ${weekNumber}.`,
  overrideTargetNotMember: 'The player is not a member of this pool.',
  calculated: (users: number, errors: number) =>
    errors === 0 ? `Scores calculated for ${users} player(s)` : `Scores calculated for ${users} player(s); ${errors} could not be calculated`,
  /** Calculate clicked before the move to scoring reached picks-scoring, and weeks-workflow could not be asked. */
  scoringNotYetSynced: (weekNumber: number) =>
    `${weekTitle(weekNumber)} has just moved to scoring and its results are still on their way. Try again in a few seconds.`,
  calculateNotAllowed: 'Scores can be calculated only while the week is in scoring (or to correct a completed week by a commissioner override).',
  calculationFailedTitle: 'Failed to calculate scores',
  exportFailed: 'Failed to export CSV',
  exportFailedTitle: 'Export Failed',
  csvExportedTitle: 'CSV Exported',
  csvExported: 'Leaderboard exported successfully',
  /** The live leaderboard's fetch errors (docs/screens.md#live-leaderboard). */
  liveAccessDenied: 'Access denied',
  liveFetchFailed: (status: number) => `Failed to fetch leaderboard: ${status}`,
  liveIdsRequired: 'Pool ID and week number are required',
  liveErrorTitle: 'Error Loading Leaderboard',
  liveErrorFallback: 'An unexpected error occurred',
  liveInlineErrorTitle: 'Error Loading Data',
  liveInlineError: 'Please try refreshing the page',
  liveShowingRange: (from: number, to: number, total: number) => `Showing ${from}-${to} of ${total} users`,
  liveShowingAll: (total: number) => `Showing all ${total} users`,
  mobilePageSizeTitle: 'Performance Notice',
  /** `limit`: the SPA's page size past which a phone gets this notice. */
  mobilePageSize: (limit: number) => `Showing more than ${limit} players at once may be slow on a phone.`,
  /** Week management (docs/screens.md#week-management). */
  scoringReviewExportFailed: 'Failed to export CSV. Please try again or contact support.',
  weekExportFailed: 'Failed to export CSV file',
  calculationErrorBadge: 'Error',
  calculationError: 'Could not calculate',
  seasonNotFound: 'This pool does not play that season.',
} as const;
