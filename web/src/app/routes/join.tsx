import { PageContainer } from '../../components/layout/app-shell';
import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { paths } from '../../config/paths';

/** Join page (/join/:token), open to everyone, player spec section 2. Built by a later issue. */
export function JoinRoute() {
  return (
    <PageContainer>
      <ComingSoonPage title={paths.join.title} />
    </PageContainer>
  );
}
