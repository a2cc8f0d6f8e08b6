/** Query keys of the projects feature: mutations and live events invalidate through them. */
export const projectQueryKeys = {
  all: ['projects'] as const,
  lists: () => ['projects', 'list'] as const,
  list: (search: string) => ['projects', 'list', search] as const,
  detail: (projectId: string) => ['projects', 'detail', projectId] as const,
};
