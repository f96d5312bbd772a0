import { describe, expect, it } from 'vitest';
import { readableTextOn, teamColor } from './teams';

describe('teamColor', () => {
  it('should make a CSS colour of a 6-digit hex and nothing of anything else', () => {
    expect(teamColor('004C54')).toBe('#004C54');
    expect(teamColor(null)).toBeUndefined();
    expect(teamColor('red;')).toBeUndefined();
  });
});

describe('readableTextOn', () => {
  it('should write white on dark team colours and near-black on light ones (and on the neutral circle, white)', () => {
    expect(readableTextOn('#004C54')).toBe('#ffffff');
    expect(readableTextOn('#203731')).toBe('#ffffff');
    expect(readableTextOn('#FFB612')).toBe('#111111');
    expect(readableTextOn('#A5ACAF')).toBe('#111111');
    expect(readableTextOn('#64748b')).toBe('#ffffff');
  });
});
