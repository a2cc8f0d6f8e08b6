import type { ProjectSummary } from '@facelift/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKeys } from './project-query-keys.ts';

export async function fetchProjects(search: string): Promise<ProjectSummary[]> {
  const query = search.trim() ? `?search=${encodeURIComponent(search.trim())}` : '';
  const body = await apiRequest<{ projects: ProjectSummary[] }>(`/api/projects${query}`);
  return body.projects;
}

export function projectsQueryOptions(search: string) {
  return queryOptions({
    queryKey: projectQueryKeys.list(search.trim()),
    queryFn: () => fetchProjects(search),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in user's projects, newest first, searched by name. */
export function useProjects(search: string, isEnabled = true) {
  return useQuery({ ...projectsQueryOptions(search), enabled: isEnabled });
}
