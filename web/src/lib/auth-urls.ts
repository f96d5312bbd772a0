/** Browser navigations of the sign-in flow (served by the identity service through the gateway). */
export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';

/**
 * A same-origin relative path: starts with one `/`, not `//` or `/\` (which browsers read as
 * another host). Anything else is never sent as `returnTo`.
 */
export function isSafeReturnTo(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** `/api/login`, carrying `returnTo` when it is a safe path other than `/`. */
export function loginHref(returnTo?: string): string {
  if (!returnTo || returnTo === '/' || !isSafeReturnTo(returnTo)) return LOGIN_PATH;
  return `${LOGIN_PATH}?returnTo=${encodeURIComponent(returnTo)}`;
}
