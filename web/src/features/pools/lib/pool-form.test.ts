import { describe, expect, it } from 'vitest';
import { buildInvitationBody } from './invitation-form';
import { slugFromName } from '@powerpool/contracts';
import { fallbackPoolYear, parseMaxMembers } from './pool-form';

describe('slugFromName (the form previews it)', () => {
  it('should lowercase, drop other characters and turn spaces into hyphens when the slug is left blank', () => {
    expect(slugFromName('Smith Family Pool 2025!')).toBe('smith-family-pool-2025');
    expect(slugFromName("Joe's  Pool")).toBe('joes-pool');
    expect(slugFromName('A-Team')).toBe('a-team');
  });
});

describe('pool form defaults', () => {
  it('should fall back to the season by the calendar, minus one before March, clamped to the offered years, until the server answers', () => {
    expect(fallbackPoolYear(new Date('2025-06-01T12:00:00Z'))).toBe(2025);
    expect(fallbackPoolYear(new Date('2026-02-10T12:00:00Z'))).toBe(2025);
    expect(fallbackPoolYear(new Date('2030-06-01T12:00:00Z'))).toBe(2026);
    expect(fallbackPoolYear(new Date('2020-06-01T12:00:00Z'))).toBe(2024);
  });

  it('should turn a non-numeric max members entry into 0 when it is parsed', () => {
    expect(parseMaxMembers('abc')).toBe(0);
    expect(parseMaxMembers('')).toBe(0);
    expect(parseMaxMembers('75')).toBe(75);
  });
});

describe('buildInvitationBody', () => {
  const now = new Date('2026-09-01T00:00:00Z');

  it('should compute expiresAt from daysValid and send nulls when maxUses and notes are empty', () => {
    expect(buildInvitationBody({ daysValid: '30', maxUses: '', notes: '  ' }, now)).toEqual({
      ok: true,
      body: { notes: null, maxUses: null, expiresAt: '2026-10-01T00:00:00.000Z' },
    });
  });

  it("should refuse daysValid of 0 or less with the product's text", () => {
    expect(buildInvitationBody({ daysValid: '0', maxUses: '', notes: '' }, now)).toEqual({
      ok: false,
      message: 'Days valid must be greater than 0',
    });
    expect(buildInvitationBody({ daysValid: '', maxUses: '', notes: '' }, now)).toMatchObject({ ok: false });
  });

  it("should refuse maxUses of 0 or less with the product's text when it is given", () => {
    expect(buildInvitationBody({ daysValid: '7', maxUses: '0', notes: '' }, now)).toEqual({
      ok: false,
      message: 'Maximum uses must be greater than 0',
    });
  });

  it('should keep maxUses and trimmed notes when they are valid', () => {
    expect(buildInvitationBody({ daysValid: '1', maxUses: '2', notes: ' family ' }, now)).toEqual({
      ok: true,
      body: { notes: 'family', maxUses: 2, expiresAt: '2026-09-02T00:00:00.000Z' },
    });
  });
});
