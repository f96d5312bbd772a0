import { describe, expect, it } from 'vitest';
import { loginHref } from './auth-urls';

describe('loginHref', () => {
  it('should be the bare login endpoint when there is no path to return to', () => {
    expect(loginHref()).toBe('/api/login');
    expect(loginHref('/')).toBe('/api/login');
  });

  it('should carry the encoded path as returnTo when it is a same-origin path', () => {
    expect(loginHref('/leaderboard')).toBe('/api/login?returnTo=%2Fleaderboard');
    expect(loginHref('/weeks/3?pool=a&b=c')).toBe('/api/login?returnTo=%2Fweeks%2F3%3Fpool%3Da%26b%3Dc');
  });

  it('should drop returnTo when the path could point at another site', () => {
    expect(loginHref('//evil.example/x')).toBe('/api/login');
    expect(loginHref('/\\evil.example')).toBe('/api/login');
    expect(loginHref('https://evil.example')).toBe('/api/login');
  });
});
