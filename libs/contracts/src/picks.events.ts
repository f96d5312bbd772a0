import { z } from 'zod';
import { decidedGameSchema } from './weeks.events.js';

/** picks-scoring on the bus: its events, its live-board notice and its request/reply. */

/**
 * Core NATS subjects (not captured by the event stream: losing one costs a browser a few seconds,
 * never data). picks-scoring publishes `boardChanged` after a committed change that may move live
 * boards (a game update, a state change, a calculation, an override, a void ruling, picks, names);
 * every process serving streams has one subscription to it and then reads picks-scoring's live
 * change log, which names the boards (docs/architecture.md#live-change-log): one message for any
 * number of boards.
 */
export const LIVE_SUBJECTS = {
  boardChanged: 'live.picks.board.changed',
} as const;
export const liveBoardChangedSchema = z.object({ at: z.string() });
export type LiveBoardChanged = z.infer<typeof liveBoardChangedSchema>;

// ---------------------------------------------------------------------------------------------
// Events (picks.<entity>.<verb>)

const poolWeekRef = { poolId: z.string(), year: z.number().int(), weekNumber: z.number().int() };

export const picksSavedEventSchema = z.object({
  ...poolWeekRef,
  userId: z.string(),
  byUserId: z.string(),
  override: z.boolean(),
  pickCount: z.number().int(),
  savedAt: z.string(),
});
export const weekCalculatedEventSchema = z.object({
  ...poolWeekRef,
  calculatedAt: z.string(),
  usersCalculated: z.number().int(),
  errors: z.number().int(),
  reason: z.enum(['calculate', 'correction', 'void', 'override']),
});
export const standingsChangedEventSchema = z.object({ ...poolWeekRef, at: z.string() });

export const PICKS_EVENTS = {
  'picks.picks.saved': picksSavedEventSchema,
  'picks.week.calculated': weekCalculatedEventSchema,
  'picks.standings.changed': standingsChangedEventSchema,
} as const;

/**
 * rpc.picks.week.unscored-picks: before a week is completed, weeks-workflow asks picks-scoring
 * how many picks on a decided (final or void) game would have no result if the week were scored
 * now on `results` (or newer ones). Complete Week is refused unless it is 0 (docs/week.md#complete:
 * a completed week never holds a pending pick).
 */
export const unscoredPicksRequestSchema = z.object({ ...poolWeekRef, results: z.array(decidedGameSchema) });
export type UnscoredPicksRequest = z.infer<typeof unscoredPicksRequestSchema>;
export const unscoredPicksReplySchema = z.object({
  unscoredPicks: z.number().int(),
  /** Why, one line per player whose picks could not be scored. */
  reasons: z.array(z.string()),
});
export type UnscoredPicksReply = z.infer<typeof unscoredPicksReplySchema>;

/**
 * rpc.picks.week.results: each player's points and rank of a completed pool week (shared ranks,
 * docs/game.md), for the notifications service's week-results message (docs/notifications.md#kinds).
 */
export const weekResultsRequestSchema = z.object(poolWeekRef);
export const weekResultsReplySchema = z.object({
  players: z.array(z.object({ userId: z.string(), points: z.number().int(), rank: z.number().int() })),
});
export type WeekResultsReply = z.infer<typeof weekResultsReplySchema>;

/**
 * rpc.picks.week.saves: each player's latest save of a pool week as picks-scoring has it now, in
 * the shape of `picks.picks.saved` (how many picks, when), for the notifications service to catch
 * up its lagging copy before it sends a reminder or a nudge (docs/notifications.md#who). A player
 * without picks of the week is not listed.
 */
export const weekSavesRequestSchema = z.object(poolWeekRef);
export const weekSavesReplySchema = z.object({
  saves: z.array(z.object({ userId: z.string(), pickCount: z.number().int(), savedAt: z.string() })),
});
export type WeekSavesReply = z.infer<typeof weekSavesReplySchema>;
