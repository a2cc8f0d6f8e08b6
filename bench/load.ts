/**
 * `npm run load`: mixed traffic against the built server on loopback, bounded in time and rate
 * (docs/decisions/112-load-run.md). Defaults: 60 s at 200 requests/s with 50 open event streams;
 * `npm run load -- --seconds 5 --rate 50 --streams 10` is the short smoke CI runs.
 *
 * The mix, per request: 72 % reads (project list, one project, health, me), 15 % uploads of a
 * history image, 11 % renames, 2 % transformations against the fake OpenAI server. At most
 * `--connections` (64) requests are in flight, as behind a reverse proxy's upstream pool; a
 * request waiting for one counts that wait in its latency (measured from its scheduled time), and
 * one that takes over 30 s is an error. Prints server memory every 10 s (resident, and the live
 * heap after a forced full collection, which tells a leak from garbage), p50/p99 overall and per
 * kind, and the error count; exits 1 on any error.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import sharp from 'sharp';
import {
  buildServer,
  processCpuMs,
  repositoryRoot,
  residentBytes,
  startBenchServer,
} from './support/server-process.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '200' },
    streams: { type: 'string', default: '50' },
    connections: { type: 'string', default: '64' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const streamCount = Number(values.streams);
const maxInFlight = Number(values.connections);
const requestTimeoutMs = 30_000;
const accountCount = 10;

buildServer();
const fake = await startFakeOpenAiServer();
const probeDirectory = await mkdtemp(path.join(tmpdir(), 'facelift-load-'));
const heapProbeFile = path.join(probeDirectory, 'heap.json');
const server = await startBenchServer(
  'built',
  {
    IMAGE_ENGINE: 'openai',
    OPENAI_API_KEY: fake.apiKey,
    OPENAI_BASE_URL: fake.baseUrl,
    HEAP_PROBE_FILE: heapProbeFile,
    WRITE_RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '1000',
    // Many transformations per account without buying credits: a tiny price, no free-tier cap.
    CREDIT_COST_STANDARD: '0.01',
    FREE_TIER_MAX_GENERATIONS: '1000000',
  },
  ['--expose-gc', '--require', path.join(repositoryRoot, 'bench/support/heap-probe.cjs')],
);
const base = server.baseUrl;
const origin = { origin: base };

const image = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#c8b49a' } })
  .png()
  .toBuffer();
// A mask-contract PNG (docs/product.md, Marking and selection): transparent where the walls are.
const maskPixels = Buffer.alloc(96 * 64 * 4);
for (let pixel = 0; pixel < 96 * 64; pixel += 1) {
  const isInside = pixel % 96 < 48 && Math.floor(pixel / 96) < 32;
  maskPixels[pixel * 4 + 3] = isInside ? 0 : 255;
}
const mask = await sharp(maskPixels, { raw: { width: 96, height: 64, channels: 4 } })
  .png()
  .toBuffer();

interface Account {
  cookie: string;
  projectId: string;
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

async function setUpAccount(index: number): Promise<Account> {
  const signUp = await expectOk(
    await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { ...origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `load${index}`,
        email: `load${index}@example.com`,
        password: 'a long password',
      }),
    }),
    'sign-up',
  );
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const form = new FormData();
  form.append('name', `Load ${index}`);
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'facade.png');
  const project = await expectOk(
    await fetch(`${base}/api/projects`, { method: 'POST', headers: { ...origin, cookie }, body: form }),
    'create project',
  );
  const { id } = (await project.json()) as { id: string };
  await expectOk(
    await fetch(`${base}/api/projects/${id}/regions/walls`, {
      method: 'PUT',
      headers: { ...origin, cookie, 'content-type': 'image/png' },
      body: new Uint8Array(mask),
    }),
    'save region',
  );
  return { cookie, projectId: id };
}

const accounts: Account[] = [];
for (let index = 0; index < accountCount; index += 1) accounts.push(await setUpAccount(index));

// Open event streams, spread over the accounts (each account may hold a few).
const streams: AbortController[] = [];
let eventsReceived = 0;
for (let index = 0; index < streamCount; index += 1) {
  const account = accounts[index % accounts.length] as Account;
  const controller = new AbortController();
  const response = await fetch(`${base}/api/projects/${account.projectId}/events`, {
    headers: { accept: 'text/event-stream', cookie: account.cookie },
    signal: controller.signal,
  });
  await expectOk(response, 'event stream');
  streams.push(controller);
  void (async () => {
    try {
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        eventsReceived += text.split('\n\n').filter((block) => block.includes('data: ')).length;
      }
    } catch {
      // closed at the end of the run
    }
  })();
}

type Kind = 'read' | 'upload' | 'rename' | 'transform';
function pickKind(): Kind {
  const roll = Math.random();
  if (roll < 0.72) return 'read';
  if (roll < 0.87) return 'upload';
  if (roll < 0.98) return 'rename';
  return 'transform';
}

async function oneRequest(
  kind: Kind,
  account: Account,
  sequence: number,
  signal: AbortSignal,
): Promise<Response> {
  const { cookie, projectId } = account;
  switch (kind) {
    case 'read': {
      const paths = ['/api/projects', `/api/projects/${projectId}`, '/api/health', '/api/me'];
      return fetch(`${base}${paths[sequence % paths.length]}`, { headers: { cookie }, signal });
    }
    case 'upload': {
      const form = new FormData();
      form.append('prompt', 'A load-run upload');
      form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'result.png');
      return fetch(`${base}/api/projects/${projectId}/history`, {
        method: 'POST',
        headers: { ...origin, cookie },
        body: form,
        signal,
      });
    }
    case 'rename':
      return fetch(`${base}/api/projects/${projectId}`, {
        method: 'PATCH',
        headers: { ...origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Load ${sequence}` }),
        signal,
      });
    case 'transform':
      return fetch(`${base}/api/projects/${projectId}/transformations`, {
        method: 'POST',
        headers: { ...origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          directives: { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] },
        }),
        signal,
      });
  }
}

const latencies: number[] = [];
const latenciesByKind: Record<Kind, number[]> = { read: [], upload: [], rename: [], transform: [] };
// Free request slots: at most maxInFlight requests are out at once.
let freeSlots = maxInFlight;
const slotWaiters: (() => void)[] = [];
async function takeSlot(): Promise<void> {
  if (freeSlots > 0) {
    freeSlots -= 1;
    return;
  }
  await new Promise<void>((resolve) => slotWaiters.push(resolve));
}
function releaseSlot(): void {
  const next = slotWaiters.shift();
  if (next) next();
  else freeSlots += 1;
}
const errors: string[] = [];
const counts: Record<Kind, number> = { read: 0, upload: 0, rename: 0, transform: 0 };
const inFlight = new Set<Promise<void>>();
const memory: string[] = [];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Asks the server's heap probe for a full collection and its live heap afterwards. */
async function liveHeap(): Promise<{ heapUsed: number; external: number } | null> {
  const askedAt = Date.now();
  process.kill(server.pid, 'SIGWINCH');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const figures = JSON.parse(await readFile(heapProbeFile, 'utf8')) as {
        heapUsed: number;
        external: number;
        at: number;
      };
      if (figures.at >= askedAt) return figures;
    } catch {
      // not written yet
    }
  }
  return null;
}

async function printMemory(label: string) {
  const resident = await residentBytes(server.pid);
  const heap = await liveHeap();
  const line = `${label}: server memory ${mb(resident)} resident${heap ? `, live heap after GC ${mb(heap.heapUsed)}, external ${mb(heap.external)}` : ''}`;
  memory.push(line);
  console.log(line);
}

await printMemory('start');
const cpuAtStart = await processCpuMs(server.pid);
const startedAt = performance.now();
const total = Math.round(seconds * rate);
let nextMemoryAt = 10_000;
for (let sequence = 0; sequence < total; sequence += 1) {
  // A fixed schedule (open model): request n leaves at n / rate seconds, whatever the answers do.
  const due = startedAt + (sequence * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  if (performance.now() - startedAt >= nextMemoryAt) {
    void printMemory(`${nextMemoryAt / 1000} s`);
    nextMemoryAt += 10_000;
  }
  const kind = pickKind();
  counts[kind] += 1;
  const account = accounts[sequence % accounts.length] as Account;
  const request = takeSlot()
    .then(() => oneRequest(kind, account, sequence, AbortSignal.timeout(requestTimeoutMs)))
    .then(async (response) => {
      await response.arrayBuffer();
      // From the scheduled time: a wait for a free slot is part of the latency.
      const latency = performance.now() - due;
      latencies.push(latency);
      latenciesByKind[kind].push(latency);
      if (!response.ok) errors.push(`${kind}: ${response.status}`);
    })
    .catch((error: unknown) => {
      errors.push(`${kind}: ${(error as Error).message}`);
    })
    .finally(() => {
      releaseSlot();
      inFlight.delete(request);
    });
  inFlight.add(request);
}
await Promise.all(inFlight);
const elapsed = (performance.now() - startedAt) / 1000;
// CPU per request does not depend on what else the machine runs, unlike the latencies.
const serverCpuMs = (await processCpuMs(server.pid)) - cpuAtStart;
await printMemory('end');

// Every transformation ends (done or failed) before the figures are final.
const failedJobs: string[] = [];
const jobsDeadline = Date.now() + 60_000;
const drainStartedAt = performance.now();
for (const account of accounts) {
  const deadline = jobsDeadline;
  for (;;) {
    const response = await fetch(`${base}/api/projects/${account.projectId}/jobs`, {
      headers: { cookie: account.cookie },
    });
    const { jobs } = (await response.json()) as {
      jobs: { id: string; status: string; error?: { message?: string } | null }[];
    };
    const open = jobs.filter((job) => !['done', 'failed'].includes(job.status));
    if (open.length === 0 || Date.now() > deadline) {
      failedJobs.push(
        ...jobs
          .filter((job) => job.status !== 'done')
          .map((job) => `${job.status}: ${job.error?.message ?? ''}`),
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const drainSeconds = (performance.now() - drainStartedAt) / 1000;
for (const controller of streams) controller.abort();
await server.stop();
await fake.close();
await rm(probeDirectory, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const percentileOf = (values: number[], p: number) =>
  values[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
const percentile = (p: number) => percentileOf(latencies, p);
const byKind = (Object.entries(latenciesByKind) as [Kind, number[]][])
  .map(([kind, values]) => {
    values.sort((a, b) => a - b);
    return `${kind} p50 ${percentileOf(values, 0.5).toFixed(0)} / p99 ${percentileOf(values, 0.99).toFixed(0)} ms`;
  })
  .join(', ');
console.log(
  [
    `requests: ${latencies.length + errors.filter((error) => !/: \d+$/.test(error)).length} in ${elapsed.toFixed(1)} s (${(latencies.length / elapsed).toFixed(0)}/s; target ${rate}/s)`,
    `mix: ${counts.read} reads, ${counts.upload} uploads, ${counts.rename} renames, ${counts.transform} transformations`,
    `latency: p50 ${percentile(0.5).toFixed(1)} ms, p99 ${percentile(0.99).toFixed(1)} ms, max ${percentile(1).toFixed(1)} ms (at most ${maxInFlight} in flight)`,
    `by kind: ${byKind}`,
    `server CPU: ${(serverCpuMs / 1000).toFixed(1)} s for ${latencies.length} answers (${(serverCpuMs / Math.max(1, latencies.length)).toFixed(2)} ms each, ${((latencies.length * 1000) / Math.max(1, serverCpuMs)).toFixed(0)} requests per CPU-second); load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
    `jobs drained ${drainSeconds.toFixed(1)} s after the traffic stopped`,
    `event streams: ${streams.length} open, ${eventsReceived} events received`,
    `errors: ${errors.length}${errors.length > 0 ? ` (${[...new Set(errors)].slice(0, 5).join('; ')})` : ''}`,
    `jobs not done: ${failedJobs.length}${failedJobs.length > 0 ? ` (${failedJobs.slice(0, 5).join('; ')})` : ''}`,
  ].join('\n'),
);
if (errors.length > 0 || failedJobs.length > 0) process.exitCode = 1;
