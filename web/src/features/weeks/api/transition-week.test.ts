import { afterEach, describe, expect, it, vi } from 'vitest';
import { transitionWeek } from './transition-week';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('transitionWeek', () => {
  it('should always send a JSON body, {} or { testing: true }, since the service refuses a POST without one', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchMock);
    await transitionWeek({ poolId: 'p1', weekNumber: 1, target: 'scoring' }).catch(() => undefined);
    await transitionWeek({ poolId: 'p1', weekNumber: 1, target: 'scoring', testing: true }).catch(() => undefined);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init.method, init.body])).toEqual([
      ['/api/pools/p1/weeks/1/transition/scoring', 'POST', '{}'],
      ['/api/pools/p1/weeks/1/transition/scoring', 'POST', '{"testing":true}'],
    ]);
  });
});
