import type { Project, ProjectEvent } from '@facelift/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { storeJob } from '../jobs/index.ts';
import { projectQueryKeys } from './api/project-query-keys.ts';

/**
 * Folds one live event into the query cache, so every view updates without a refetch. This is
 * the one writer of live job state: `job.updated` goes into the job's query, newer-wins.
 */
export function applyProjectEvent(queryClient: QueryClient, event: ProjectEvent): void {
  const key = projectQueryKeys.detail(event.projectId);
  const update = (change: (project: Project) => Project) =>
    queryClient.setQueryData<Project>(key, (project) => (project ? change(project) : project));
  switch (event.type) {
    case 'history.added':
      update((project) =>
        project.history.some((item) => item.id === event.item.id)
          ? project
          : { ...project, history: [event.item, ...project.history] },
      );
      break;
    case 'history.saved':
      update((project) => ({
        ...project,
        history: project.history.map((item) => (item.id === event.item.id ? event.item : item)),
      }));
      break;
    case 'chat.added':
      update((project) =>
        project.chatHistory.some((message) => message.id === event.message.id)
          ? project
          : { ...project, chatHistory: [...project.chatHistory, event.message] },
      );
      break;
    case 'chat.updated':
      update((project) => ({
        ...project,
        chatHistory: project.chatHistory.map((message) =>
          message.id === event.message.id ? event.message : message,
        ),
      }));
      break;
    case 'regions.updated':
      update((project) => ({ ...project, regions: event.regions }));
      break;
    case 'project.renamed':
      update((project) => ({ ...project, name: event.name }));
      break;
    case 'project.changed':
      void queryClient.invalidateQueries({ queryKey: key });
      break;
    case 'job.updated':
      storeJob(queryClient, event.job);
      break;
    case 'project.deleted':
      break;
  }
  if (event.type !== 'job.updated')
    void queryClient.invalidateQueries({ queryKey: projectQueryKeys.lists() });
}

/**
 * Follows `GET /api/projects/:id/events` (SSE) while `projectId` is set: the query cache is kept
 * current (jobs included), and each event is also handed to `onEvent` for what is not cache
 * (the project deleted elsewhere). Each time the stream opens the project is refetched, since
 * events sent before are lost: after a dropped connection those sent meanwhile, on the first
 * open those sent between the project's first load and the stream's start (a result finished
 * in another tab then never showed). A job's own poll covers its state.
 */
export function useProjectEventStream(
  projectId: string | null,
  onEvent: (event: ProjectEvent) => void,
): void {
  const queryClient = useQueryClient();
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;

  useEffect(() => {
    if (!projectId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/projects/${encodeURIComponent(projectId)}/events`);
    // The server subscribes before it answers: once open, the stream misses nothing.
    source.onopen = () => {
      void queryClient.invalidateQueries({ queryKey: projectQueryKeys.detail(projectId) });
    };
    // The event parser (zod and the project schemas) loads with the first open project, not with
    // the app shell (docs/decisions/108-app-shell-split.md); events still apply one by one, in order.
    const parser = import('./project-event-parser.ts');
    let applied = Promise.resolve();
    source.onmessage = (message) => {
      applied = applied.then(async () => {
        const { parseProjectEvent } = await parser;
        const event = parseProjectEvent(message.data);
        if (!event || event.projectId !== projectId || source.readyState === EventSource.CLOSED) return;
        applyProjectEvent(queryClient, event);
        onEventRef.current(event);
      });
    };
    return () => source.close();
  }, [projectId, queryClient]);
}
