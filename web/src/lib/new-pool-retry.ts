import { isApiError } from './api-client';

/**
 * weeks-workflow learns a pool from pools-invitations' events, so for a moment after a pool is
 * created it answers 404 `pool_not_found` about it: the pool's weeks queries ask again a few
 * times before they show the error.
 */
export const NEW_POOL_RETRIES = 3;
export const NEW_POOL_RETRY_DELAY_MS = 500;

/** `retry` of the queries about one pool: only `pool_not_found`, at most NEW_POOL_RETRIES times. */
export function retryNewPool(failureCount: number, error: Error): boolean {
  return failureCount < NEW_POOL_RETRIES && isApiError(error, 404) && error.code === 'pool_not_found';
}

/** The query options that go with `retryNewPool`. */
export const NEW_POOL_RETRY = { retry: retryNewPool, retryDelay: NEW_POOL_RETRY_DELAY_MS } as const;
