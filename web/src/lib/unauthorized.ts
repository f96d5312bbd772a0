import { LOGIN_PATH } from './auth-urls';

/** Delay before the browser goes to the login endpoint (docs/screens.md#errors). */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/**
 * The test for "logged out" (docs/screens.md#errors): an error whose message starts with
 * `401: ` and contains `Unauthorized`. An ApiError's message is `{status}: {body or status text}`,
 * and a signed-out call's body (gateway or service) reads `Unauthorized: you are not signed in`.
 * A 401 with its own words (the join page's "Your session has expired...") is not this case.
 */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401: ') && error.message.includes('Unauthorized');
}

/** Sends the browser to /api/login after `delayMs`. */
export function redirectToLogin(delayMs = UNAUTHORIZED_REDIRECT_MS): void {
  setTimeout(() => {
    window.location.href = LOGIN_PATH;
  }, delayMs);
}
