import { validationReportSchema } from '@powerpool/contracts';
import type { ValidationReport } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { SCHEDULE_ID, stagingKeys } from './keys';

/** GET /api/admin/unified-staging/validate-games/{scheduleId}: the seven checks over the staged games. */
export function getValidationReport({ signal }: { signal?: AbortSignal } = {}): Promise<ValidationReport> {
  return apiJson('GET', `/api/admin/unified-staging/validate-games/${SCHEDULE_ID}`, validationReportSchema, undefined, {
    signal,
  });
}

export function validationReportQueryOptions() {
  return queryOptions({ queryKey: stagingKeys.validation, queryFn: getValidationReport });
}

/**
 * The validation report, fetched only once the admin has asked for it (`enabled`); afterwards the
 * staging mutations invalidate it, so a shown report follows every import, migration and clear.
 */
export function useValidationReport({ enabled }: { enabled: boolean }) {
  return useQuery({ ...validationReportQueryOptions(), enabled });
}
