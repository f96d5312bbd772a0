import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { paths } from '../../config/paths';

/** Make Picks (/ and /picks): picks screen, player spec section 2. Built by a later issue. */
export function PicksRoute() {
  return <ComingSoonPage title={paths.picks.title} />;
}
