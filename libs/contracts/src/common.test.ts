import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_PROBLEM, freeText, LONE_SURROGATE_PROBLEM, text } from './common.js';

const problems = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('text() and freeText()', () => {
  // Found with the contract fuzz (deploy/cluster/test/fuzz.ts), which sends the escape "\ud800" in every
  // string field: the contract admitted it, and a saved name would be stored with U+FFFD in its place
  // (UTF-8 has no form for a lone surrogate), not as sent.
  it('should refuse a lone surrogate, high or low, anywhere in the string', () => {
    for (const value of ['\ud800', 'Pat\ud800', '\udc00Pat', 'a\udfffb', 'x\ud83d']) {
      expect(problems(text().safeParse(value)), JSON.stringify(value)).toEqual([LONE_SURROGATE_PROBLEM]);
      expect(problems(freeText().safeParse(value)), JSON.stringify(value)).toEqual([LONE_SURROGATE_PROBLEM]);
    }
  });

  it('should accept paired surrogates (emoji, astral characters) and other Unicode', () => {
    for (const value of ['😀', 'Zoë 😀 team', '𝒜lice', '\u202eRTL', 'ünïcödé']) {
      expect(text().safeParse(value).success, value).toBe(true);
      expect(freeText().safeParse(value).success, value).toBe(true);
    }
  });

  it('should go on refusing control characters as before', () => {
    expect(problems(text().safeParse('a\u0000b'))).toEqual([CONTROL_CHARACTERS_PROBLEM]);
    expect(freeText().safeParse('line one\nline two\ttab').success).toBe(true);
  });
});
