/**
 * The five states of a pool's week, in order. Their own module so that pools.schemas.ts (in the SPA's
 * first load) can name them without pulling in the rest of the weeks contract. Without zod (the schema,
 * `weekStateSchema`, is in weeks.schemas.ts): Make Picks loads no zod (docs/screens.md#data-loading).
 */
export const WEEK_STATES = ['SETUP', 'PUBLISHED', 'GAMES_IN_PROGRESS', 'SCORING', 'COMPLETE'] as const;
export type WeekState = (typeof WEEK_STATES)[number];

/**
 * The live states of a week (docs/game.md#live-standings: live standings in GAMES_IN_PROGRESS and
 * SCORING): its board changes while it is open, so picks-scoring announces its changes and the
 * SPA listens to the stream. Named once, for both.
 */
export const LIVE_WEEK_STATES: readonly WeekState[] = ['GAMES_IN_PROGRESS', 'SCORING'];

/** True in a live state (LIVE_WEEK_STATES). */
export const isLiveWeekState = (state: WeekState): boolean => LIVE_WEEK_STATES.includes(state);
