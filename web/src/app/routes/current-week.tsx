import { CurrentWeekPage } from '../../features/weeks/components/current-week-page';

/** /weeks/current: redirects to the current week's management page (admin spec section 2). */
export function CurrentWeekRoute() {
  return <CurrentWeekPage />;
}
