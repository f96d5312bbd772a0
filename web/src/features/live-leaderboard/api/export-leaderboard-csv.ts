import * as routes from '@/lib/api-routes.gen';
import { liveLeaderboardCsvName } from '@/config/live-leaderboard';
import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '@/lib/download';

export interface ExportLeaderboardVariables {
  poolId: string;
  weekNumber: number;
}

/**
 * GET /api/pools/{poolId}/weeks/{weekNumber}/leaderboard/export/csv, saved under the reply's
 * file name or `week-{n}-leaderboard.csv`. Resolves with the file name.
 */
export function exportLeaderboardCsv({ poolId, weekNumber }: ExportLeaderboardVariables): Promise<string> {
  return downloadCsv(routes.exportLeaderboard, { params: { poolId, weekNumber } }, liveLeaderboardCsvName(weekNumber));
}

export function useExportLeaderboardCsv() {
  return useMutation({ mutationFn: exportLeaderboardCsv });
}
