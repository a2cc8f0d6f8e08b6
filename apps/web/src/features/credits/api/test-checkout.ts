import type { TestCheckoutActionResponse, TestCheckoutSession } from '@facelift/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../auth/index.ts';

function testCheckoutPath(sessionId: string): string {
  return `/api/payments/test-checkout/${encodeURIComponent(sessionId)}`;
}

export function testCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['payments', 'test-checkout', sessionId] as const,
    queryFn: () => apiRequest<TestCheckoutSession>(testCheckoutPath(sessionId)),
  });
}

/** The offline test checkout session: plan, price and state (only its owner may read it). */
export function useTestCheckoutSession(sessionId: string) {
  return useQuery(testCheckoutQueryOptions(sessionId));
}

/** Pay or cancel the offline test checkout; the answer says where to go next. */
export function useTestCheckoutAction(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pay' | 'cancel') =>
      apiRequest<TestCheckoutActionResponse>(`${testCheckoutPath(sessionId)}/${action}`, {
        method: 'POST',
        json: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
