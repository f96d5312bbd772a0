import type { Role } from '@powerpool/contracts';

/** Roles that manage pools and weeks (docs/roles.md#commissioner): super admins count as commissioners. */
export const POOL_MANAGER_ROLES: readonly Role[] = ['pool_commissioner', 'super_admin'];
export const SUPER_ADMIN_ROLES: readonly Role[] = ['super_admin'];

export function hasAnyRole(role: Role | null | undefined, allowed: readonly Role[]): boolean {
  return role != null && allowed.includes(role);
}

export const canManagePools = (role: Role | null | undefined): boolean => hasAnyRole(role, POOL_MANAGER_ROLES);
export const isSuperAdmin = (role: Role | null | undefined): boolean => hasAnyRole(role, SUPER_ADMIN_ROLES);

/** A browser-side access rule for a group of routes, with the toast shown to others. */
export interface AccessRule {
  roles: readonly Role[];
  deniedMessage: string;
}

export const ACCESS_RULES = {
  poolManager: {
    roles: POOL_MANAGER_ROLES,
    deniedMessage: 'Pool commissioner access required. Redirecting...',
  },
  superAdmin: {
    roles: SUPER_ADMIN_ROLES,
    deniedMessage: 'Super admin access required. Redirecting...',
  },
} as const satisfies Record<string, AccessRule>;
