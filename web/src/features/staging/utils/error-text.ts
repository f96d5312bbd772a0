import { isApiError } from '../../../lib/api-client';

/**
 * Clean text for a toast: our server's `message` when the reply carried one, else the error's own
 * message (stream errors, network failures), else the spec's fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
