import { memberStatsSchema, poolMemberDetailsSchema, poolMembersDetailsReplySchema, removeMemberReplySchema } from '@powerpool/contracts';
import type { MemberStats, PoolMemberDetails, UpdateMemberBody } from '@powerpool/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

const poolPath = (poolId: string) => `/api/pools/${encodeURIComponent(poolId)}`;
export const membersKey = (poolId: string) => ['/api/pools', poolId, 'members'] as const;

/** GET /api/pools/{id}/members/details */
export function getMemberDetails(poolId: string, signal?: AbortSignal): Promise<PoolMemberDetails[]> {
  return apiJson('GET', `${poolPath(poolId)}/members/details`, poolMembersDetailsReplySchema, undefined, { signal });
}

/** GET /api/pools/{id}/members/stats */
export function getMemberStats(poolId: string, signal?: AbortSignal): Promise<MemberStats> {
  return apiJson('GET', `${poolPath(poolId)}/members/stats`, memberStatsSchema, undefined, { signal });
}

export function memberDetailsQueryOptions(poolId: string) {
  return queryOptions({ queryKey: [...membersKey(poolId), 'details'], queryFn: ({ signal }) => getMemberDetails(poolId, signal) });
}

export function memberStatsQueryOptions(poolId: string) {
  return queryOptions({ queryKey: [...membersKey(poolId), 'stats'], queryFn: ({ signal }) => getMemberStats(poolId, signal) });
}

export const useMemberDetails = (poolId: string) => useQuery(memberDetailsQueryOptions(poolId));
export const useMemberStats = (poolId: string) => useQuery(memberStatsQueryOptions(poolId));

/** PATCH /api/pools/{id}/members/{userId}: isActive, hasPaid, paymentNotes, notes; or only hasPaid. */
export function updateMember({ poolId, userId, body }: { poolId: string; userId: string; body: UpdateMemberBody }): Promise<PoolMemberDetails> {
  return apiJson('PATCH', `${poolPath(poolId)}/members/${encodeURIComponent(userId)}`, poolMemberDetailsSchema, body);
}

/** DELETE /api/pools/{id}/members/remove/{userId} */
export function removeMember({ poolId, userId }: { poolId: string; userId: string }) {
  return apiJson('DELETE', `${poolPath(poolId)}/members/remove/${encodeURIComponent(userId)}`, removeMemberReplySchema);
}

/** Member changes; each reloads the pool's member list and stats (and payments, which show hasPaid). */
export function useMemberMutations(poolId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: membersKey(poolId) });
  return {
    update: useMutation({ mutationFn: updateMember, onSuccess }),
    remove: useMutation({ mutationFn: removeMember, onSuccess }),
  };
}
