import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { paths } from '../../config/paths';

/** Payment Management (/admin/payments), admin spec section 2. Built by a later issue. */
export function PaymentsRoute() {
  return <ComingSoonPage title={paths.payments.title} />;
}
