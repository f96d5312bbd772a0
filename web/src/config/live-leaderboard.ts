/**
 * The live leaderboard's timing and layout in the browser (docs/screens.md#live-leaderboard). Only the SPA
 * uses them, so they live here rather than in the contracts the services share.
 */

/** The live leaderboard's poll interval, the jitter added to it, and SCORING's factor. */
export const LIVE_POLL_INTERVAL_MS = 60_000;
export const LIVE_POLL_JITTER_MIN_MS = 10_000;
export const LIVE_POLL_JITTER_MAX_MS = 30_000;
export const LIVE_POLL_SCORING_FACTOR = 2;
export const LIVE_STALE_MS = 30_000;
/** At most 6 players per impact game card (the server picks the games: IMPACT_GAMES_TOP). */
export const IMPACT_PLAYERS_PER_CARD = 6;
/** Live leaderboard page sizes ('all' shows every row, scrolling at 70vh). */
export const LIVE_PAGE_SIZES = [15, 25, 50, 100, 'all'] as const;
export type LivePageSize = (typeof LIVE_PAGE_SIZES)[number];
/** Screens this wide or narrower are phones: the live board starts at 15 rows instead of 25. */
export const LIVE_MOBILE_MAX_WIDTH_PX = 768;
export const LIVE_PAGE_SIZE_MOBILE = 15;
export const LIVE_PAGE_SIZE_DESKTOP = 25;
/** On a phone, a page size above this toasts the performance notice for LIVE_MOBILE_NOTICE_MS. */
export const LIVE_MOBILE_PAGE_SIZE_LIMIT = 50;
export const LIVE_MOBILE_NOTICE_MS = 4000;
/** At most this many page buttons between Previous and Next. */
export const LIVE_PAGE_BUTTONS = 5;
/** The scroll-to-top button shows after this much scrolling. */
export const LIVE_SCROLL_TOP_AFTER_PX = 200;
/** The live leaderboard stays cached this long after its screen is left. */
export const LIVE_CACHE_MS = 5 * 60_000;
/** The live leaderboard's CSV file name when the reply names none. */
export const liveLeaderboardCsvName = (weekNumber: number): string => `week-${weekNumber}-leaderboard.csv`;
