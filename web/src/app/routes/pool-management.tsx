import { paths, routeMeta } from '@/config/paths';
import { PoolManagementPage } from '@/features/pools/components/pool-management-page';
import { WeekTestingTab } from '@/features/weeks/components/week-testing-tab';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/**
 * Pool Management (/admin), docs/screens.md#pool-management; the router's guard admits commissioners and
 * super admins. Its Testing tab is the weeks feature's tool, put in here for the selected pool.
 */
export function PoolManagementRoute() {
  useDocumentMeta(routeMeta(paths.admin));
  return <PoolManagementPage testingTab={(pool) => <WeekTestingTab pool={pool} />} />;
}
