import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from '../../components/layout/error-screen';

/** Last resort for errors thrown while rendering a route. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen message="Something unexpected happened on this page. Reloading usually fixes it." onRetry={() => window.location.reload()} />;
}
