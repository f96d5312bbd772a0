import { describe, expect, it } from 'vitest';
import { invitationStatusOf, slugFromName } from '@powerpool/contracts';
import type { MemberRow } from '../store/schema.js';
import { expiryOf } from './invitations.js';
import { memberStatsOf } from './members.js';
import { firstFreeSlug } from './pools.js';

const DAY_MS = 24 * 3_600_000;

describe('pool rules', () => {
  it.each([
    ['My Awesome Pool!', 'my-awesome-pool'],
    ['  Spaces   Inside  ', 'spaces-inside'],
    ['Keep-Hyphens and 2025', 'keep-hyphens-and-2025'],
    ['Ünicode & Symbols #1', 'nicode-symbols-1'],
  ])('should derive %j as %j when the slug is blank', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  it('should pick the first free numbered slug when the base is taken', () => {
    expect(firstFreeSlug('a', [])).toBe('a');
    expect(firstFreeSlug('a', ['a', 'a-2', 'a-4'])).toBe('a-3');
  });
});

describe('invitation rules', () => {
  const now = new Date('2025-09-01T12:00:00Z');
  const inv = { isActive: true, expiresAt: new Date(now.getTime() + DAY_MS), maxUses: 2, currentUses: 0 };

  it('should report deactivated, expired, limit reached, active in that order when several apply', () => {
    expect(invitationStatusOf({ ...inv, isActive: false, expiresAt: now, currentUses: 2 }, now)).toBe('deactivated');
    expect(invitationStatusOf({ ...inv, expiresAt: now, currentUses: 2 }, now)).toBe('expired');
    expect(invitationStatusOf({ ...inv, currentUses: 2 }, now)).toBe('limit_reached');
    expect(invitationStatusOf({ ...inv, maxUses: null, currentUses: 999 }, now)).toBe('active');
  });

  it('should compute the expiry when daysValid, nothing or an explicit date is given', () => {
    expect(expiryOf({}, now).getTime() - now.getTime()).toBe(30 * DAY_MS);
    expect(expiryOf({ daysValid: 365 }, now).getTime() - now.getTime()).toBe(365 * DAY_MS);
    expect(expiryOf({ expiresAt: '2025-09-05T00:00:00.000Z' }, now).toISOString()).toBe('2025-09-05T00:00:00.000Z');
  });

  it('should refuse when the expiry is in the past, too far ahead, or given twice', () => {
    expect(() => expiryOf({ expiresAt: '2025-08-01T00:00:00.000Z' }, now)).toThrow();
    expect(() => expiryOf({ expiresAt: '2027-01-01T00:00:00.000Z' }, now)).toThrow();
    expect(() => expiryOf({ daysValid: 3, expiresAt: '2025-09-05T00:00:00.000Z' }, now)).toThrow('either daysValid or expiresAt');
  });
});

describe('member stats', () => {
  it('should count active, inactive, recent joins, payments and roles when given member rows', () => {
    const now = new Date('2025-09-01T00:00:00Z');
    const m = (patch: Partial<MemberRow>): MemberRow => ({
      poolId: 'p',
      userId: Math.random().toString(),
      role: 'member',
      isActive: true,
      hasPaid: false,
      paymentNotes: null,
      notes: null,
      joinedAt: now,
      updatedAt: now,
      ...patch,
    });
    const stats = memberStatsOf(
      [
        m({ role: 'admin', hasPaid: true }),
        m({ isActive: false }),
        m({ joinedAt: new Date(now.getTime() - 31 * DAY_MS) }),
        m({ joinedAt: new Date(now.getTime() - 29 * DAY_MS) }),
      ],
      now,
    );
    expect(stats).toEqual({ totalMembers: 4, activeMembers: 3, inactiveMembers: 1, recentJoins: 3, membersWithPayment: 1, adminCount: 1, memberCount: 3 });
  });
});
