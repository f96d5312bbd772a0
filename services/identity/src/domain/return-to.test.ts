import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.js';

describe('safeReturnTo', () => {
  it.each([
    ['/picks', '/picks'],
    ['/join/abc123?x=1#top', '/join/abc123?x=1#top'],
    ['/live-leaderboard/p1/3', '/live-leaderboard/p1/3'],
  ])('should keep %s when it is a same-origin relative path', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it.each([
    ['https://evil.example/x'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['/%0d%0aLocation:%20https://evil.example'.replace('%0d%0a', '\r\n')],
    ['evil.example'],
    [''],
    [undefined],
    [42],
    ['/api/login?returnTo=/x'],
    ['/' + 'a'.repeat(3000)],
  ])('should fall back to / when returnTo is %s', (input) => {
    expect(safeReturnTo(input)).toBe('/');
  });
});
