import { Outlet, useLocation } from 'react-router-dom';
import { PageContainer } from '@/components/layout/app-shell';
import { useCurrentUser } from '@/lib/auth';
import { LandingPage } from './landing';

/** Signed-in routes: visitors get the landing page, whose login returns them here afterwards. */
export function SignedInLayout() {
  const { data: user } = useCurrentUser();
  const { pathname, search } = useLocation();
  if (!user) return <LandingPage returnTo={`${pathname}${search}`} />;
  return (
    <PageContainer>
      <Outlet />
    </PageContainer>
  );
}
