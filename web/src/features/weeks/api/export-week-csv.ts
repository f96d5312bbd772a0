import * as routes from '@/lib/api-routes.gen';
import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '@/lib/download';

export interface ExportWeekVariables {
  poolId: string;
  weekNumber: number;
}

/** The file name when the reply names none. */
export const weekCsvName = (weekNumber: number): string => `week-${weekNumber}-scoring-review.csv`;

/** GET /api/pools/{poolId}/weeks/{weekNumber}/export/csv: the week's scoring review as CSV. Resolves with the file name. */
export function exportWeekCsv({ poolId, weekNumber }: ExportWeekVariables): Promise<string> {
  return downloadCsv(routes.exportWeek, { params: { poolId, weekNumber } }, weekCsvName(weekNumber));
}

export function useExportWeekCsv() {
  return useMutation({ mutationFn: exportWeekCsv });
}
