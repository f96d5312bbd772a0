import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { paths } from '../../config/paths';

/** Site Administration (/site-admin, super admin only), admin spec section 2. Built by a later issue. */
export function SiteAdminRoute() {
  return <ComingSoonPage title={paths.siteAdmin.title} />;
}
