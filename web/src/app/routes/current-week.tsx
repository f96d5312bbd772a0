import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { paths } from '../../config/paths';

/** Week management for the current week (/weeks/current; will redirect to /weeks/:weekNumber), admin spec section 2. Built by a later issue. */
export function CurrentWeekRoute() {
  return <ComingSoonPage title={paths.currentWeek.title} />;
}
