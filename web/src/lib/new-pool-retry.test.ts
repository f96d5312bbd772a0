import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { retryNewPool } from './new-pool-retry';

const reply = (status: number, body: unknown) => new ApiError(status, 'x', JSON.stringify(body));

describe('retryNewPool', () => {
  it('should retry pool_not_found three times and nothing else', () => {
    const notYet = reply(404, { error: 'pool_not_found', message: 'Pool not found' });
    expect([0, 1, 2, 3].map((count) => retryNewPool(count, notYet))).toEqual([true, true, true, false]);
    expect(retryNewPool(0, reply(404, { error: 'week_not_found', message: 'm' }))).toBe(false);
    expect(retryNewPool(0, reply(403, { error: 'forbidden', message: 'm' }))).toBe(false);
    expect(retryNewPool(0, new TypeError('Failed to fetch'))).toBe(false);
  });
});
