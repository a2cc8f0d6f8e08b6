/**
 * The request path: a signed-in `GET /api/projects` (three projects) and `GET /api/health`
 * on the built server, 50 connections for 5 seconds each with autocannon, against a bare
 * Fastify route measured the same way in the same run.
 *
 * Requests per second and p99 depend on what else runs on the machine (the load generator
 * shares its cores), so the share of the baseline is computed from the server process's CPU
 * time per request: the throughput one core would give. Both are printed.
 */
import autocannon from 'autocannon';
import sharp from 'sharp';
import { type BenchRow, ms } from './bench-table.ts';
import { type BenchServer, buildServer, processCpuMs, startBenchServer } from './support/server-process.ts';

const connections = 50;
const durationSeconds = 5;

interface Load {
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
  /** Requests per second of server CPU time. */
  perCpuSecond: number;
}

async function load(server: BenchServer, path: string, headers: Record<string, string> = {}): Promise<Load> {
  const cpuBefore = await processCpuMs(server.pid);
  const result = await autocannon({
    url: `${server.baseUrl}${path}`,
    connections,
    duration: durationSeconds,
    headers,
  });
  const cpuMs = (await processCpuMs(server.pid)) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    perCpuSecond: (result.requests.total / cpuMs) * 1000,
  };
}

export async function signedInCookie(server: BenchServer): Promise<string> {
  const origin = { origin: server.baseUrl };
  const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { ...origin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', email: 'bench@example.com', password: 'password-123' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8b49a' } })
    .png()
    .toBuffer();
  for (const name of ['North facade', 'Garden side', 'Street view']) {
    const form = new FormData();
    form.append('name', name);
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'facade.png');
    const created = await fetch(`${server.baseUrl}/api/projects`, {
      method: 'POST',
      headers: { ...origin, cookie },
      body: form,
    });
    if (created.status !== 201)
      throw new Error(`project not created: ${created.status} ${await created.text()}`);
  }
  return cookie;
}

const describe = (result: Load) =>
  `${result.perCpuSecond.toFixed(0)} req per CPU-s; measured ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${ms(result.p99Ms)}` +
  (result.failures > 0 ? `, ${result.failures} failed` : '');

export async function rows(): Promise<BenchRow[]> {
  buildServer();
  const bare = await startBenchServer('bare');
  let bareProjects: Load;
  let bareHealth: Load;
  try {
    bareProjects = await load(bare, '/api/projects');
    bareHealth = await load(bare, '/api/health');
  } finally {
    await bare.stop();
  }
  const server = await startBenchServer('built', {
    AUTH_RATE_LIMIT_MAX: '1000',
    WRITE_RATE_LIMIT_MAX: '10000',
  });
  let projects: Load;
  let health: Load;
  try {
    const cookie = await signedInCookie(server);
    projects = await load(server, '/api/projects', { cookie });
    health = await load(server, '/api/health');
  } finally {
    await server.stop();
  }
  const share = (result: Load, baseline: Load) => result.perCpuSecond / baseline.perCpuSecond;
  return [
    {
      what: `GET /api/projects, signed in, ${connections} connections`,
      now: `${describe(projects)} (${(100 * share(projects, bareProjects)).toFixed(0)} %)`,
      baseline: `bare Fastify route ${describe(bareProjects)}`,
      target: '≥ 25 % of baseline, p99 ≤ 25 ms',
      met: projects.failures === 0 && share(projects, bareProjects) >= 0.25 && projects.p99Ms <= 25,
    },
    {
      what: 'GET /api/health',
      now: `${describe(health)} (${(100 * share(health, bareHealth)).toFixed(0)} %)`,
      baseline: `bare Fastify route ${describe(bareHealth)}`,
      target: '≥ 40 % of baseline',
      met: health.failures === 0 && share(health, bareHealth) >= 0.4,
    },
  ];
}
