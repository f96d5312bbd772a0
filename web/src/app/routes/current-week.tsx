import { CurrentWeekPage } from '@/features/weeks/components/current-week-page';

/** /weeks/current: redirects to the current week's management page (docs/screens.md#week-management). */
export function CurrentWeekRoute() {
  return <CurrentWeekPage />;
}
