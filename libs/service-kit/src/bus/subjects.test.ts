import { describe, expect, it } from 'vitest';
import { isValidSubject, matchSubject, subjectIsSubsetOf } from './subjects.js';

describe('matchSubject', () => {
  it.each([
    ['weeks.week.published', 'weeks.week.published', true],
    ['weeks.week.published', 'weeks.week.locked', false],
    ['weeks.*.published', 'weeks.week.published', true],
    ['weeks.*', 'weeks.week.published', false],
    ['weeks.>', 'weeks.week.published', true],
    ['weeks.>', 'weeks', false],
    ['>', 'weeks', true],
    ['*.*', 'a.b', true],
    ['*.*', 'a', false],
    ['weeks.week', 'weeks.week.published', false],
  ])('should return %s ~ %s = %s when matching', (pattern, subject, expected) => {
    expect(matchSubject(pattern, subject)).toBe(expected);
  });
});

describe('subjectIsSubsetOf', () => {
  it.each([
    ['picks.pick.saved', 'picks.>', true],
    ['picks.*.saved', 'picks.>', true],
    ['picks.>', 'picks.>', true],
    ['picks.>', 'picks.*', false],
    ['picks.*', 'picks.>', true],
    ['picks', 'picks.>', false],
    ['pools.>', 'picks.>', false],
    ['a.*', 'a.b', false],
  ])('should return %s within %s = %s when checking a consumer filter', (filter, pattern, expected) => {
    expect(subjectIsSubsetOf(filter, pattern)).toBe(expected);
  });
});

describe('isValidSubject', () => {
  it('should reject wildcards when a literal subject is needed', () => {
    expect(isValidSubject('a.*', { wildcards: false })).toBe(false);
    expect(isValidSubject('a.>', { wildcards: false })).toBe(false);
    expect(isValidSubject('a.b', { wildcards: false })).toBe(true);
  });

  it('should reject empty tokens, spaces and a non-final > when given a pattern', () => {
    expect(isValidSubject('a..b', { wildcards: true })).toBe(false);
    expect(isValidSubject('a b', { wildcards: true })).toBe(false);
    expect(isValidSubject('a.>.b', { wildcards: true })).toBe(false);
    expect(isValidSubject('a.*.>', { wildcards: true })).toBe(true);
  });
});
