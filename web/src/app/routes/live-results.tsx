import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { paths } from '../../config/paths';

/** Live results entry (/live-results), player spec section 2. Built by a later issue. */
export function LiveResultsRoute() {
  return <ComingSoonPage title={paths.liveResults.title} />;
}
