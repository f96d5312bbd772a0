import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';

/** /admin/weeks/:weekNumber is an old address of /weeks/:weekNumber (admin spec section 2). */
export function AdminWeekRedirectRoute() {
  const { weekNumber = '' } = useParams();
  return <Navigate to={paths.week.getHref(weekNumber)} replace />;
}
