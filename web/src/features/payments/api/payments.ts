import { currentUserSchema, paymentUsersReplySchema } from '@powerpool/contracts';
import type { User } from '@powerpool/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

/** A user as the payments list shows them: with the displayed name. */
export type PaymentUser = User & { name: string };

export const paymentsKey = ['/api/admin/users/payments'] as const;

/** GET /api/admin/users/payments */
export function getPaymentUsers({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentUser[]> {
  return apiJson('GET', '/api/admin/users/payments', paymentUsersReplySchema, undefined, { signal });
}

export function paymentUsersQueryOptions() {
  return queryOptions({ queryKey: paymentsKey, queryFn: getPaymentUsers });
}

export const usePaymentUsers = () => useQuery(paymentUsersQueryOptions());

/** PUT /api/admin/users/{userId}/payment: hasPaid and optional notes. */
export function updatePayment({ userId, body }: { userId: string; body: { hasPaid: boolean; notes?: string } }) {
  return apiJson('PUT', `/api/admin/users/${encodeURIComponent(userId)}/payment`, currentUserSchema, body);
}

export function useUpdatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/users/global'] }),
      ]);
    },
  });
}
