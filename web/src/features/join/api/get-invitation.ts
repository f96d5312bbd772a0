import type { PublicInvitation } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/invitations/{token} (public): what the join page shows. */
export function getInvitation(token: string, { signal }: { signal?: AbortSignal } = {}): Promise<PublicInvitation> {
  return callApi(routes.publicInvitation, { params: { token } }, { signal });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: apiKey(routes.publicInvitation, { params: { token } }),
    queryFn: ({ signal }) => getInvitation(token, { signal }),
  });
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
