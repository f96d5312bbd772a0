import { documentTitle, paths } from '../../config/paths';
import { PaymentsPage } from '../../features/payments/components/payments-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** Payment Management (/admin/payments), docs/screens.md#payments. */
export function PaymentsRoute() {
  useDocumentTitle(documentTitle(paths.payments.title));
  return <PaymentsPage />;
}
