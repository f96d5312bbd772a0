import { z } from 'zod';

/**
 * The five states of a pool's week, in order. Their own module so that pools.ts (in the SPA's
 * first load) can name them without pulling in the rest of the weeks contract.
 */
export const WEEK_STATES = ['SETUP', 'PUBLISHED', 'GAMES_IN_PROGRESS', 'SCORING', 'COMPLETE'] as const;
export const weekStateSchema = z.enum(WEEK_STATES);
export type WeekState = z.infer<typeof weekStateSchema>;
