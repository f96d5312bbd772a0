import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { paths } from '../../config/paths';

/** Week Management (/weeks/:weekNumber), admin spec section 2. Built by a later issue. */
export function WeekManagementRoute() {
  return <ComingSoonPage title={paths.week.title} />;
}
