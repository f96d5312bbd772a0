import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { paths } from '../../config/paths';

/** Pool Management (/admin), admin spec section 2. Built by a later issue. */
export function PoolManagementRoute() {
  return <ComingSoonPage title={paths.admin.title} />;
}
