import type { Job } from '@facelift/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyProjectEvent } from '../projects/index.ts';
import { jobQueryOptions } from './api/get-job.ts';
import { jobQueryKey, storeJob } from './job-cache.ts';

const steps = { queued: 0, running: 1, storing: 2, done: 3, failed: 3 } as const;

function job(status: Job['status'], version: number = steps[status]): Job {
  return {
    id: 'job-1',
    kind: 'transformation',
    projectId: 'p1',
    status,
    version,
    prompt: 'p',
    cost: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    startedAt: status === 'queued' ? null : '2026-01-01T00:00:01.000Z',
    finishedAt: status === 'done' ? '2026-01-01T00:00:09.000Z' : null,
    resultId: status === 'done' ? 'result-1' : null,
    error: null,
  };
}

const cached = (client: QueryClient) => client.getQueryData<Job>(jobQueryKey('job-1'));
const liveEvent = (client: QueryClient, state: Job) =>
  applyProjectEvent(client, { type: 'job.updated', projectId: 'p1', job: state });

/** GET /api/jobs/:id answering `answer` once `release` is called. */
function serveJobLater(answer: Job) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return () => release();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('job state in the query cache', () => {
  it('keeps a live "running" when the start request answers "queued" late', () => {
    const client = new QueryClient();
    liveEvent(client, job('running'));
    storeJob(client, job('queued')); // the POST's answer, arriving after the event
    expect(cached(client)?.status).toBe('running');
    liveEvent(client, job('storing'));
    liveEvent(client, job('running')); // an event delivered out of order
    expect(cached(client)?.status).toBe('storing');
  });

  it('takes the newer state whichever path brings it, a queued again included', () => {
    const client = new QueryClient();
    storeJob(client, job('queued'));
    liveEvent(client, job('running'));
    expect(cached(client)?.status).toBe('running');
    // The worker died and the job was put back in the queue: newer by version, not by status.
    liveEvent(client, job('queued', 2));
    expect(cached(client)).toMatchObject({ status: 'queued', version: 2 });
  });

  it('does not let a poll that was answered before a live event undo it', async () => {
    const client = new QueryClient();
    storeJob(client, job('queued'));
    const release = serveJobLater(job('queued'));
    const poll = client.fetchQuery(jobQueryOptions('job-1'));
    liveEvent(client, job('running')); // heard while the poll is in flight
    release();
    await poll;
    expect(cached(client)?.status).toBe('running');
  });

  it('lets a poll bring what the live events missed (a dropped connection)', async () => {
    const client = new QueryClient();
    liveEvent(client, job('running'));
    const release = serveJobLater(job('done'));
    release();
    await client.fetchQuery(jobQueryOptions('job-1'));
    expect(cached(client)).toMatchObject({ status: 'done', resultId: 'result-1' });
  });
});
