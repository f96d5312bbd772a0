import type { GlobalUser } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { filterGlobalUsers } from './user-filter';

const user = (id: string, over: Partial<GlobalUser>): GlobalUser => ({
  id,
  email: `${id}@powerpool.test`,
  displayName: null,
  firstName: null,
  lastName: null,
  role: 'user',
  hasPaid: false,
  paymentNotes: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  name: id,
  poolAssignments: [],
  ...over,
});

const users = [
  user('ann', { displayName: 'Annie', poolAssignments: [{ poolId: 'p1', poolName: 'One', isActive: true }] }),
  user('bob', { firstName: 'Robert', poolAssignments: [{ poolId: 'p2', poolName: 'Two', isActive: true }] }),
  user('cy', { lastName: 'Young' }),
];

describe('filterGlobalUsers', () => {
  it('should keep users in no pool when the filter is unassigned', () => {
    expect(filterGlobalUsers(users, '', 'unassigned').map((u) => u.id)).toEqual(['cy']);
  });

  it('should keep members of one pool when the filter is a pool id', () => {
    expect(filterGlobalUsers(users, '', 'p2').map((u) => u.id)).toEqual(['bob']);
  });

  it('should search email, display, first and last name case-insensitively when combined with all', () => {
    expect(filterGlobalUsers(users, 'annie', 'all').map((u) => u.id)).toEqual(['ann']);
    expect(filterGlobalUsers(users, 'ROBERT', 'all').map((u) => u.id)).toEqual(['bob']);
    expect(filterGlobalUsers(users, 'young', 'all').map((u) => u.id)).toEqual(['cy']);
    expect(filterGlobalUsers(users, 'powerpool.test', 'p1').map((u) => u.id)).toEqual(['ann']);
  });
});
