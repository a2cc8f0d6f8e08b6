import type { CheckoutRequest, CheckoutResponse } from '@facelift/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function startCheckout(request: CheckoutRequest): Promise<CheckoutResponse> {
  return apiRequest<CheckoutResponse>('/api/payments/checkout', { method: 'POST', json: request });
}

/** Creates a checkout session for a plan; the caller sends the browser to the returned URL. */
export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
