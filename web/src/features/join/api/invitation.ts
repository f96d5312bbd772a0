import { publicInvitationSchema, useInvitationReplySchema } from '@powerpool/contracts';
import type { PublicInvitation, UseInvitationReply } from '@powerpool/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** GET /api/invitations/{token} (public): what the join page shows. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<PublicInvitation> {
  return apiJson('GET', invitationPath(token), publicInvitationSchema, undefined, { signal });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({ queryKey: ['/api/invitations', token], queryFn: ({ signal }) => getInvitation(token, signal) });
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

/** POST /api/invitations/{token}/use: joins the pool. */
export function joinWithInvitation(token: string): Promise<UseInvitationReply> {
  return apiJson('POST', `${invitationPath(token)}/use`, useInvitationReplySchema);
}

/** Joins, then reloads the user's pools and this invitation (its usage changed). */
export function useJoinPool(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => joinWithInvitation(token),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/user/pools'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/invitations', token] }),
      ]);
    },
  });
}
