import { PICK_MESSAGES } from '@powerpool/contracts';
import { isApiError } from '@/lib/api-client';

/** The 403 before the deadline (`{ error: 'picks_not_available', ... }`): shown as "Pick Data Coming Soon", not as an error. */
export function isPicksNotAvailable(error: unknown): boolean {
  return isApiError(error, 403) && error.code === 'picks_not_available';
}

/** "Pick Data Coming Soon"'s text: the server's message, else the product's default. */
export function picksNotAvailableText(error: unknown): string {
  return (isApiError(error) && error.serverMessage) || PICK_MESSAGES.picksNotAvailable;
}

/**
 * The live leaderboard's fetch errors (docs/screens.md#live-leaderboard): 403 the server's message or
 * "Access denied"; 404 "Pool or week not found"; any other reply "Failed to fetch leaderboard:
 * {status}"; anything else (network, an unreadable reply) "An unexpected error occurred".
 */
export function liveErrorMessage(error: unknown): string {
  if (!isApiError(error)) return PICK_MESSAGES.liveErrorFallback;
  if (error.status === 403) return error.serverMessage || PICK_MESSAGES.liveAccessDenied;
  if (error.status === 404) return PICK_MESSAGES.liveNotFound;
  return PICK_MESSAGES.liveFetchFailed(error.status);
}
