import type { QueryClient } from '@tanstack/react-query';
import type { ViewQuery } from '@/lib/first-view';
import { ownedPoolsQueryOptions, pickManagedPool } from '@/lib/owned-pools';
import { invitationsQueryOptions } from '@/features/pools/api/get-invitations';
import { poolNotificationSettingsQueryOptions } from '@/features/pools/api/get-pool-notification-settings';

/**
 * What Pool Management's first view reads (lib/first-view.tsx): the viewer's pools, then, for the
 * pool it shows first (pickManagedPool), the invitations and, for those who manage it, its
 * reminder settings: the Pool Management tab's cards.
 */
export function poolManagementFirstView(userId: string, superAdmin: boolean) {
  return (client: QueryClient): ViewQuery[] => {
    const owned = ownedPoolsQueryOptions();
    const pool = pickManagedPool(client.getQueryData(owned.queryKey) ?? [], null, userId);
    if (!pool) return [owned];
    const manages = superAdmin || pool.poolCommissionerId === userId;
    return [owned, invitationsQueryOptions(pool.id), ...(manages ? [poolNotificationSettingsQueryOptions(pool.id)] : [])];
  };
}
