import type { PoolAdminDetails } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { commissionerCandidates, deletedPoolText, filterAdminPools } from './pool-filter';

const pool = (id: string, over: Partial<PoolAdminDetails>): PoolAdminDetails => ({
  id,
  name: id,
  description: null,
  poolType: 'standard',
  isActive: true,
  year: 2026,
  maxMembers: 50,
  memberCount: 1,
  activeMemberCount: 1,
  commissionerName: null,
  commissionerEmail: null,
  lastActivity: null,
  currentWeekState: null,
  poolCommissionerId: 'c',
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});

const pools = [
  pool('Family', { commissionerName: 'Carl', commissionerEmail: 'carl@x.test' }),
  pool('Office', { poolType: 'test', isActive: false, commissionerEmail: 'boss@work.test' }),
  pool('Secret', { poolType: 'private' }),
];

describe('filterAdminPools', () => {
  it('should match the pool name, commissioner name or email when searching', () => {
    expect(filterAdminPools(pools, 'FAM', 'all', 'all').map((p) => p.id)).toEqual(['Family']);
    expect(filterAdminPools(pools, 'carl', 'all', 'all').map((p) => p.id)).toEqual(['Family']);
    expect(filterAdminPools(pools, 'work.test', 'all', 'all').map((p) => p.id)).toEqual(['Office']);
  });

  it('should keep only the pool type and status asked for when filters are set', () => {
    expect(filterAdminPools(pools, '', 'private', 'all').map((p) => p.id)).toEqual(['Secret']);
    expect(filterAdminPools(pools, '', 'all', 'inactive').map((p) => p.id)).toEqual(['Office']);
    expect(filterAdminPools(pools, '', 'test', 'active')).toEqual([]);
  });
});

describe('site admin pool texts', () => {
  it('should report the removed counts when a pool is deleted', () => {
    expect(deletedPoolText({ deletedMembers: 3, deletedInvitations: 2, deletedGames: 0 })).toBe(
      'Pool permanently deleted. Removed 3 members, 2 invitations, and 0 games.',
    );
  });

  it('should offer only commissioners and super admins when changing the commissioner', () => {
    const users = [{ role: 'user' }, { role: 'pool_commissioner' }, { role: 'super_admin' }];
    expect(commissionerCandidates(users)).toEqual([{ role: 'pool_commissioner' }, { role: 'super_admin' }]);
  });
});
