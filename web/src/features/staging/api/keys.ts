import { STAGING_SCHEDULE_ID } from '@powerpool/contracts';
import type { QueryClient } from '@tanstack/react-query';

/** The one staging schedule (admin spec section 9) and the season it is labelled with. */
export const SCHEDULE_ID = STAGING_SCHEDULE_ID;
export const SCHEDULE_LABEL = '2025 NFL Season';

const staging = '/api/admin/unified-staging';

/** Query keys are the GET paths (joined with `/`), as everywhere in the app. */
export const stagingKeys = {
  teams: [`${staging}/teams`, SCHEDULE_ID] as const,
  games: [`${staging}/games`, SCHEDULE_ID] as const,
  teamsDiff: [`${staging}/teams-diff`, SCHEDULE_ID] as const,
  gamesDiff: [`${staging}/games-diff`, SCHEDULE_ID] as const,
  validation: [`${staging}/validate-games`, SCHEDULE_ID] as const,
  venues: ['/api/venues'] as const,
  venueStats: ['/api/unified-staging/venues/stats'] as const,
};

export type StagingKey = keyof typeof stagingKeys;

/** Marks the given staging queries stale (active ones refetch now). */
export async function invalidateStaging(queryClient: QueryClient, keys: StagingKey[]): Promise<void> {
  await Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: stagingKeys[key] })));
}
