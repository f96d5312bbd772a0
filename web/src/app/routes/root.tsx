import { Outlet } from 'react-router-dom';
import { AppShell } from '@/components/layout/app-shell';
import { ErrorScreen } from '@/components/layout/error-screen';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { useCurrentUser } from '@/lib/auth';

/**
 * Waits for the current user before showing anything route-specific, so a signed-in user never
 * sees the landing page flash. A failure other than 401 (which means "signed out") gets an error
 * screen with Try Again.
 */
export function RootLayout() {
  const { data: user, isPending, isError, isFetching, refetch } = useCurrentUser();
  if (isPending) return <LoadingScreen fullPage />;
  if (isError && user === undefined) {
    return (
      <ErrorScreen
        title="We couldn't load your account"
        message="Something went wrong while loading your account. Please check your connection and try again."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  return (
    <AppShell user={user ?? null}>
      <NavigationProgress />
      <Outlet />
    </AppShell>
  );
}
