import { LiveResultsPage } from '@/features/live-results/components/live-results-page';

/** Live results entry (/live-results), docs/screens.md#live-results. Loads on demand. */
export function LiveResultsRoute() {
  return <LiveResultsPage />;
}
