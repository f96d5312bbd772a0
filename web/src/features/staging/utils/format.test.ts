import { describe, expect, it } from 'vitest';
import { changeValue, kickoffLabel, plural, spreadLabel } from './format';

describe('kickoffLabel', () => {
  it('should show the kickoff in Chicago time when given a UTC instant', () => {
    // DAL at PHI, 2025 week 1: 00:20 UTC on Sep 5 is 7:20 PM CDT on Sep 4.
    expect(kickoffLabel('2025-09-05T00:20:00Z')).toBe('Thu, Sep 4, 2025, 7:20 PM CDT');
    expect(kickoffLabel('2025-12-25T18:00:00Z')).toBe('Thu, Dec 25, 2025, 12:00 PM CST');
  });

  it('should keep the text when it is not a date', () => {
    expect(kickoffLabel('TBD')).toBe('TBD');
  });
});

describe('spreadLabel, changeValue and plural', () => {
  it('should sign the home line and mark missing values', () => {
    expect(spreadLabel(-7.5)).toBe('-7.5');
    expect(spreadLabel(3)).toBe('+3');
    expect(spreadLabel(0)).toBe('PK');
    expect(spreadLabel(null)).toBe('—');
  });

  it('should print change values readably', () => {
    expect(changeValue(null)).toBe('—');
    expect(changeValue('')).toBe('—');
    expect(changeValue(24)).toBe('24');
    expect(changeValue(false)).toBe('false');
    expect(changeValue({ a: 1 })).toBe('{"a":1}');
  });

  it('should pluralise counts', () => {
    expect(plural(1, 'team')).toBe('1 team');
    expect(plural(32, 'team')).toBe('32 teams');
  });
});
