import { describe, expect, it } from 'vitest';
import { autoDateShiftDays, REPLAY_SEASON_OPENER, shiftDates, standInLogo } from './server.js';

describe('ESPN replay dates', () => {
  it('should shift replayed timestamps keeping their precision', () => {
    expect(shiftDates('{"date":"2025-09-05T00:20Z","b":"2025-09-01T07:00:00.000Z"}', 7)).toBe('{"date":"2025-09-12T00:20Z","b":"2025-09-08T07:00:00.000Z"}');
  });

  it('should put the 2025 opener two to eight days ahead in whole weeks when the shift is auto', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const days = autoDateShiftDays(now);
    expect(days % 7).toBe(0);
    const ahead = (REPLAY_SEASON_OPENER + days * 86_400_000 - now.getTime()) / 86_400_000;
    expect(ahead).toBeGreaterThanOrEqual(2);
    expect(ahead).toBeLessThan(9);
    expect(autoDateShiftDays(new Date('2025-08-01T00:00:00Z'))).toBe(0);
  });
});

describe('ESPN replay stand-in logos (no image was recorded)', () => {
  it("should draw a team's abbreviation on its colour for ESPN's logo paths, and nothing for unknown teams or paths", () => {
    const kc = standInLogo('/i/teamlogos/nfl/500/kc.png');
    expect(kc).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(kc).toContain('>KC</text>');
    expect(kc).toContain('replay stand-in');
    // As large as ESPN's image of the path: 500 px.
    expect(kc).toContain('width="500" height="500"');
    expect(standInLogo('/i/teamlogos/nfl/100/kc.png')).toContain('width="100" height="100"');
    expect(kc).not.toMatch(/<script|on\w+=/i);
    expect(standInLogo('/i/teamlogos/nfl/500-dark/scoreboard/phi.png')).toContain('>PHI</text>');
    expect(standInLogo('/i/teamlogos/nfl/500/zzz.png')).toBeNull();
    expect(standInLogo('/i/venues/nfl/day/3622.jpg')).toBeNull();
  });
});
