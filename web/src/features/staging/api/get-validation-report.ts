import type { ValidationReport } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { SCHEDULE_ID } from '@/features/staging/utils/schedule';

const input = { params: { scheduleId: SCHEDULE_ID } };

/** GET /api/admin/unified-staging/validate-games/{scheduleId}: the seven checks over the staged games. */
export function getValidationReport({ signal }: { signal?: AbortSignal } = {}): Promise<ValidationReport> {
  return callApi(routes.validateGames, input, { signal });
}

export function validationReportQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.validateGames, input), queryFn: getValidationReport });
}

/**
 * The validation report, fetched only once the admin has asked for it (`enabled`); afterwards the
 * staging mutations invalidate it, so a shown report follows every import, migration and clear.
 */
export function useValidationReport({ enabled }: { enabled: boolean }) {
  return useQuery({ ...validationReportQueryOptions(), enabled });
}
