import type { PlansResponse } from '@facelift/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const plansQueryKey = ['payments', 'plans'] as const;

export function fetchPlans(): Promise<PlansResponse> {
  return apiRequest<PlansResponse>('/api/payments/plans');
}

export const plansQueryOptions = queryOptions({
  queryKey: plansQueryKey,
  queryFn: fetchPlans,
  staleTime: 5 * 60_000,
});

/** The plans, whether sales are open to everyone, and which checkout is configured. */
export function usePlans(options: { enabled?: boolean } = {}) {
  return useQuery({ ...plansQueryOptions, enabled: options.enabled ?? true });
}
