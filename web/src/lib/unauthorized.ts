import { toast } from '../components/ui/use-toast';
import { isApiError } from './api-client';
import { LOGIN_PATH } from './auth-urls';

/** Delay before the browser goes to the login endpoint (player spec section 9). */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/** True for a 401 from our API (`ApiError.status`, or a spec-style message starting `401: `). */
export function isUnauthorizedError(error: unknown): boolean {
  if (isApiError(error, 401)) return true;
  return error instanceof Error && error.message.startsWith('401: ');
}

/** Sends the browser to /api/login after `delayMs`. */
export function redirectToLogin(delayMs = UNAUTHORIZED_REDIRECT_MS): void {
  setTimeout(() => {
    window.location.href = LOGIN_PATH;
  }, delayMs);
}

/**
 * For screens whose calls fail while the session has expired: on a 401 shows the toast
 * 'Unauthorized' / 'You are logged out. Logging in again...' and goes to /api/login after 500 ms.
 * Returns true when it handled the error, so callers can fall back to their own message otherwise:
 *
 *   onError: (error) => { if (!handleUnauthorized(error)) toast({ title: 'Error', ... }) }
 */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  redirectToLogin();
  return true;
}
