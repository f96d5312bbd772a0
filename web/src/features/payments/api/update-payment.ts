import type { identityEndpoints, CurrentUser, EndpointInput } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { paymentUsersQueryOptions } from './get-payment-users';

export interface UpdatePaymentVariables {
  userId: string;
  body: EndpointInput<typeof identityEndpoints.setPayment>['body'];
}

/** PUT /api/admin/users/{userId}/payment: hasPaid and optional notes. */
export function updatePayment({ userId, body }: UpdatePaymentVariables): Promise<CurrentUser> {
  return callApi(routes.setPayment, { params: { userId }, body });
}

/** Saves the payment, then reloads the payments list and the global user list (it shows paid/unpaid). */
export function useUpdatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayment,
    onSuccess: () => invalidateKeys(queryClient, [paymentUsersQueryOptions().queryKey, apiKey(routes.globalUsers)]),
  });
}
