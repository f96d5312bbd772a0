import { describe, expect, it } from 'vitest';
import { coveringOf, resultAgainstSpreadOf } from './picks.rules.js';
import { coverOf } from './weeks.rules.js';

describe('a pick against the spread (docs/game.md#against-the-spread, docs/game.md#live-standings)', () => {
  it('should win when its side covers, lose when the other side does, and push when neither does', () => {
    expect([resultAgainstSpreadOf('HOME', 'HOME'), resultAgainstSpreadOf('HOME', 'AWAY')]).toEqual(['WIN', 'LOSS']);
    expect([resultAgainstSpreadOf('AWAY', 'HOME'), resultAgainstSpreadOf('AWAY', 'AWAY')]).toEqual(['LOSS', 'WIN']);
    expect([resultAgainstSpreadOf('PUSH', 'HOME'), resultAgainstSpreadOf('PUSH', 'AWAY')]).toEqual(['PUSH', 'PUSH']);
  });

  it('should be covering, push or not covering while the game is played, as the result would be on that score', () => {
    expect([coveringOf('WIN'), coveringOf('PUSH'), coveringOf('LOSS')]).toEqual(['COVERING', 'PUSH', 'NOT_COVERING']);
    // Home -3 up by exactly 3: both teams are on the spread right now.
    expect(coveringOf(resultAgainstSpreadOf(coverOf(10, 7, -3), 'HOME'))).toBe('PUSH');
    expect(coveringOf(resultAgainstSpreadOf(coverOf(10, 7, -3), 'AWAY'))).toBe('PUSH');
  });
});
