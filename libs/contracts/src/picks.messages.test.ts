import { describe, expect, it } from 'vitest';
import { pointsText } from './picks.messages.js';

describe('pointsText: points with their unit, one written singular (docs/screens.md#points)', () => {
  it('should write one point "1 pt" and every other number "pts"', () => {
    expect([0, 1, 2, 12, -1, -2].map((n) => pointsText(n))).toEqual(['0 pts', '1 pt', '2 pts', '12 pts', '-1 pt', '-2 pts']);
  });
  it('should write the words in full when asked', () => {
    expect([1, 3].map((n) => pointsText(n, 'long'))).toEqual(['1 point', '3 points']);
  });
});
