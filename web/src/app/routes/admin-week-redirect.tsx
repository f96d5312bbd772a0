import { Navigate, useLocation, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';

/** /admin/weeks/:weekNumber is an old address of /weeks/:weekNumber (docs/screens.md#routes); the query (?pool=) goes along. */
export function AdminWeekRedirectRoute() {
  const { weekNumber = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`${paths.week.getHref(weekNumber)}${search}`} replace />;
}
