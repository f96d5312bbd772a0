import { SIGNED_IN_HINT_COOKIE } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { HINT_COOKIE, patternSource } from '../../build/route-preload';
import { paths } from '@/config/paths';

// The build's script that preloads the code of the screen a signed-in visit opens on (web/build/route-preload.ts).
describe('route preload', () => {
  it('reads the cookie the gateway sets as the signed-in hint', () => {
    expect(HINT_COOKIE).toBe(SIGNED_IN_HINT_COOKIE);
  });

  it('matches a whole pathname against a route pattern', () => {
    const matches = (pattern: string, pathname: string) => new RegExp(patternSource(pattern)).test(pathname);
    expect(matches(paths.week.path, '/weeks/19')).toBe(true);
    expect(matches(paths.week.path, '/weeks/19/extra')).toBe(false);
    expect(matches(paths.liveLeaderboard.path, '/live-leaderboard/p-1/19')).toBe(true);
    expect(matches(paths.home.path, '/')).toBe(true);
    expect(matches(paths.home.path, '/admin')).toBe(false);
    expect(matches(paths.admin.path, '/admin/payments')).toBe(false);
  });
});
