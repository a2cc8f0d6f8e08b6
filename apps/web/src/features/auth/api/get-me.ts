import type { MeResponse } from '@facelift/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const meQueryKey = ['me'] as const;

/** The signed-in profile with its balance, or null when signed out (the server answers 200 null). */
export async function fetchMe(): Promise<MeResponse | null> {
  return (await apiRequest<MeResponse | null>('/api/me')) ?? null;
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 10_000 });

export function useMe() {
  return useQuery(meQueryOptions);
}
