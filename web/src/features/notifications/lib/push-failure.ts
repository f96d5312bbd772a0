import { PushUnavailableError } from '@/lib/push';
import { isApiError } from '@/lib/api-client';

/** The server would not keep this browser's push endpoint (docs/notifications.md#push-endpoints). */
export const isPushEndpointRefused = (error: unknown): boolean => isApiError(error, 400) && error.code === 'push_endpoint_not_allowed';

/** The words for push that could not be turned on (docs/screens.md#push-notifications's reasons). */
export function pushFailureText(error: unknown): string {
  if (isApiError(error, 404)) return 'Push is not set up on this server.';
  if (isPushEndpointRefused(error)) return "This browser's push service is not one PowerPool sends to. Try Chrome, Edge, Firefox or Safari.";
  if (!(error instanceof PushUnavailableError)) return 'Failed to turn push on. Please try again.';
  switch (error.reason) {
    case 'unsupported':
      return 'This browser cannot show notifications from PowerPool.';
    case 'denied':
      return 'Notifications are blocked for PowerPool in this browser: allow them in the site settings, then try again.';
    case 'no-service-worker':
      return 'Push needs the installed app (a service worker), which this build does not have.';
    case 'failed':
      return "The browser's push service could not be reached. Please try again.";
  }
}
