import type { Project } from '@facelift/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './project-query-keys.ts';

export function fetchProject(projectId: string): Promise<Project> {
  return apiRequest<Project>(`/api/projects/${encodeURIComponent(projectId)}`);
}

export function projectQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectQueryKeys.detail(projectId),
    queryFn: () => fetchProject(projectId),
    // Live events keep it current; a refetch on focus catches anything missed.
    staleTime: 60_000,
  });
}

export function useProject(projectId: string | null, isEnabled = true) {
  return useQuery({ ...projectQueryOptions(projectId ?? ''), enabled: Boolean(projectId) && isEnabled });
}
