import { documentTitle, paths } from '../../config/paths';
import { PoolManagementPage } from '../../features/pools/components/pool-management-page';
import { WeekTestingTab } from '../../features/weeks/components/week-testing-tab';
import { useDocumentTitle } from '../../hooks/use-document-title';

/**
 * Pool Management (/admin), docs/screens.md#pool-management; the router's guard admits commissioners and
 * super admins. Its Testing tab is the weeks feature's tool, put in here for the selected pool.
 */
export function PoolManagementRoute() {
  useDocumentTitle(documentTitle(paths.admin.title));
  return <PoolManagementPage testingTab={(pool) => <WeekTestingTab pool={pool} />} />;
}
