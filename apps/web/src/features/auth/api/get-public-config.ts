import type { PublicConfig } from '@facelift/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'] as const,
  queryFn: () => apiRequest<PublicConfig>('/api/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}

/**
 * Which engine makes the images, once the server has said: the OpenAI engine generates new
 * pixels, the local one recolours exactly what is marked (docs/product.md, Marking and
 * selection). Both are false until the configuration has loaded, so neither an engine's notice
 * nor its guided marking shows on a guess.
 */
export function useImageEngine(): { isAiEngine: boolean; isLocalEngine: boolean } {
  const engine = usePublicConfig().data?.imageEngine;
  return { isAiEngine: engine === 'openai', isLocalEngine: engine === 'local' };
}
