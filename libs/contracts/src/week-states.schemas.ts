import { z } from 'zod';
import { WEEK_STATES } from './week-states.js';

/** A pool week's state (WEEK_STATES) as a schema; week-states.ts itself stays free of zod (docs/screens.md#data-loading). */
export const weekStateSchema = z.enum(WEEK_STATES);
