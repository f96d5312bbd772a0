import { LiveResultsPage } from '../../features/live-results/components/live-results-page';

/** Live results entry (/live-results), player spec section 2. Loads on demand. */
export function LiveResultsRoute() {
  return <LiveResultsPage />;
}
