import type { PoolMemberDetails } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { filterMembers } from './member-filter';

const member = (over: Partial<PoolMemberDetails>): PoolMemberDetails => ({
  userId: 'u',
  email: 'x@powerpool.test',
  displayName: null,
  firstName: null,
  lastName: null,
  name: 'X',
  profileImageUrl: null,
  role: 'member',
  userRole: 'user',
  isActive: true,
  hasPaid: false,
  paymentNotes: null,
  notes: null,
  lastActive: null,
  joinedAt: '2026-01-01T00:00:00Z',
  ...over,
});

const members = [
  member({ userId: '1', email: 'ann@powerpool.test', displayName: 'Annie' }),
  member({ userId: '2', email: 'bob@example.com', firstName: 'Robert', lastName: 'Smith' }),
  member({ userId: '3', email: 'carol@example.com', paymentNotes: 'annual', notes: 'smith' }),
];

describe('filterMembers', () => {
  it('should return everyone when the search is blank', () => {
    expect(filterMembers(members, '  ')).toHaveLength(3);
  });

  it('should match email, display, first and last name case-insensitively when searching', () => {
    expect(filterMembers(members, 'ANNIE').map((m) => m.userId)).toEqual(['1']);
    expect(filterMembers(members, 'robert').map((m) => m.userId)).toEqual(['2']);
    expect(filterMembers(members, 'Smith').map((m) => m.userId)).toEqual(['2']);
    expect(filterMembers(members, 'example.com').map((m) => m.userId)).toEqual(['2', '3']);
  });

  it('should not match notes when searching members', () => {
    expect(filterMembers(members, 'annual')).toHaveLength(0);
  });
});
