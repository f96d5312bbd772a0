import { STAGING_SCHEDULE_ID } from '@powerpool/contracts';

/** The one staging schedule (docs/architecture.md#data) and the season it is labelled with. */
export const SCHEDULE_ID = STAGING_SCHEDULE_ID;
export const SCHEDULE_LABEL = '2025 NFL Season';
