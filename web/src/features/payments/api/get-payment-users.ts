import { identityEndpoints } from '@powerpool/contracts';
import type { User } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';

/** A user as the payments list shows them: with the displayed name. */
export type PaymentUser = User & { name: string };

/** GET /api/admin/users/payments: every user with their payment status. */
export function getPaymentUsers({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentUser[]> {
  return callApi(identityEndpoints.paymentUsers, {}, { signal });
}

export function paymentUsersQueryOptions() {
  return queryOptions({ queryKey: apiKey(identityEndpoints.paymentUsers), queryFn: getPaymentUsers });
}

export function usePaymentUsers() {
  return useQuery(paymentUsersQueryOptions());
}
