import { describe, expect, it } from 'vitest';
import { teamColor } from './teams';

describe('teamColor', () => {
  it('should make a CSS colour of a 6-digit hex and nothing of anything else', () => {
    expect(teamColor('004C54')).toBe('#004C54');
    expect(teamColor(null)).toBeUndefined();
    expect(teamColor('red;')).toBeUndefined();
  });
});
