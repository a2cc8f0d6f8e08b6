import type { MeResponse } from '@facelift/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export const meQueryKey = ['me'] as const;

/** The signed-in profile with its balance, or null when signed out. */
export async function fetchMe(): Promise<MeResponse | null> {
  try {
    return await apiRequest<MeResponse>('/api/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 10_000 });

export function useMe() {
  return useQuery(meQueryOptions);
}
