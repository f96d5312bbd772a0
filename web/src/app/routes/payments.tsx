import { paths, routeMeta } from '@/config/paths';
import { PaymentsPage } from '@/features/payments/components/payments-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** Payment Management (/admin/payments), docs/screens.md#payments. */
export function PaymentsRoute() {
  useDocumentMeta(routeMeta(paths.payments));
  return <PaymentsPage />;
}
