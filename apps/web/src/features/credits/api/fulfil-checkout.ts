import type { FulfilResponse } from '@facelift/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../auth/index.ts';

export function fulfilCheckout(sessionId: string): Promise<FulfilResponse> {
  return apiRequest<FulfilResponse>('/api/payments/fulfil', { method: 'POST', json: { sessionId } });
}

/**
 * Asks the server to grant a paid session's credits (idempotent: the webhook may have done it
 * already) and refreshes the profile so the header balance shows them without a reload.
 */
export function useFulfilCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fulfilCheckout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
