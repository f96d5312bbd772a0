import { useParams } from 'react-router-dom';
import { WeekManagementPage } from '@/features/weeks/components/week-management-page';

/** Week Management (/weeks/:weekNumber), docs/screens.md#week-management; the router's guard admits commissioners and super admins. */
export function WeekManagementRoute() {
  const { weekNumber } = useParams();
  return <WeekManagementPage weekParam={weekNumber} />;
}
