import { documentTitle, paths } from '../../config/paths';
import { PoolManagementPage } from '../../features/pools/components/pool-management-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** Pool Management (/admin), admin spec section 2; the router's guard admits commissioners and super admins. */
export function PoolManagementRoute() {
  useDocumentTitle(documentTitle(paths.admin.title));
  return <PoolManagementPage />;
}
