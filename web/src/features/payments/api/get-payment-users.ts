import type { User } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** A user as the payments list shows them: with the displayed name. */
export type PaymentUser = User & { name: string };

/** GET /api/admin/users/payments: every user with their payment status. */
export function getPaymentUsers({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentUser[]> {
  return callApi(routes.paymentUsers, {}, { signal });
}

export function paymentUsersQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.paymentUsers), queryFn: getPaymentUsers });
}

export function usePaymentUsers() {
  return useQuery(paymentUsersQueryOptions());
}
