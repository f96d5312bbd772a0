import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { ErrorScreen, OfflineState } from '@/components/layout/error-screen';
import { isOfflineError } from '@/lib/offline';

/** Last resort for errors thrown while rendering a route. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen message="Something unexpected happened on this page. Reloading usually fixes it." onRetry={() => window.location.reload()} />;
}

/**
 * A screen that failed for want of a connection (its code or its data could not be fetched,
 * `isOfflineError`): the offline state inside the app shell, so the navigation stays
 * (docs/screens.md#installable-app). Any other error goes on to the root's RouteErrorScreen.
 */
export function ScreenErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  // Thrown again, the error bubbles to the parent route's error element.
  if (!isOfflineError(error)) throw error;
  // The router keeps a screen's failed code load for the life of the page: once the browser is
  // online, only loading the page again fetches it. Still offline, the same screen is asked for
  // again (it fails the same way, so the offline state stays).
  return <OfflineState onRetry={() => (navigator.onLine ? window.location.reload() : void navigate(location, { replace: true }))} />;
}
