/**
 * Profiles the request path (docs/decisions/102-request-path.md): starts the built server with
 * `--cpu-prof`, loads one route with autocannon as `npm run bench -- api` does, stops the server
 * and prints where its CPU time went (self time by module and by function, inclusive time).
 *
 *   npx tsx bench/profile-api.ts [projects|health|FILE.cpuprofile] [seconds]
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signedInCookie } from './api.bench.ts';
import { buildServer, startBenchServer } from './support/server-process.ts';

const route = process.argv[2] === 'health' ? '/api/health' : '/api/projects';
/** Seconds of load; the summary covers only those last seconds of the profile. */
const seconds = Number(process.argv[3] ?? 8);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The package (node_modules), Node built-in or repository file a script URL belongs to. */
function moduleOf(url: string): string {
  if (!url) return '(native)';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency?.[1]) return dependency[1];
  if (url.startsWith('node:')) return url.split('/')[0] ?? url;
  return url.replace(/^.*\/(apps|packages)\//, '$1/');
}

/** Only the samples of the last `windowSeconds` (the load, not start-up and sign-up). */
function summarise(profile: Profile, windowSeconds: number): void {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const msPerSample = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
  const from = profile.endTime - windowSeconds * 1e6;
  let time = profile.startTime;
  const samples = profile.samples.filter((_, index) => {
    time += profile.timeDeltas[index] ?? 0;
    return time >= from;
  });
  const nameOf = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${moduleOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  const selfByModule = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const id of samples) {
    const node = nodes.get(id);
    if (!node) continue;
    add(selfByModule, moduleOf(node.callFrame.url));
    add(selfByFunction, nameOf(node));
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const frame = nodes.get(current);
      if (!frame) break;
      const name = nameOf(frame);
      if (!seen.has(name)) add(inclusive, name);
      seen.add(name);
    }
  }
  const total = samples.length;
  for (const [title, map, count] of [
    ['self time by module', selfByModule, 25],
    ['self time by function', selfByFunction, 40],
    ['inclusive time by function', inclusive, 60],
  ] as const) {
    console.log(`\n${title} (${(total * msPerSample).toFixed(0)} ms sampled)`);
    for (const [name, samples] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.log(
        `${(samples * msPerSample).toFixed(0).padStart(7)} ms ${((100 * samples) / total).toFixed(1).padStart(5)} %  ${name}`,
      );
    }
  }
}

async function profileRoute(): Promise<string> {
  buildServer();
  const profileDirectory = await mkdtemp(path.join(tmpdir(), 'facelift-profile-'));
  const server = await startBenchServer(
    'built',
    { AUTH_RATE_LIMIT_MAX: '1000', WRITE_RATE_LIMIT_MAX: '10000' },
    ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`],
  );
  try {
    const cookie = await signedInCookie(server);
    const result = await autocannon({
      url: `${server.baseUrl}${route}`,
      connections: 50,
      duration: seconds,
      headers: route === '/api/projects' ? { cookie } : {},
    });
    console.log(
      `${route}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
    );
  } finally {
    await server.stop();
  }
  const [file] = (await readdir(profileDirectory)).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${profileDirectory}`);
  return path.join(profileDirectory, file);
}

// `npx tsx bench/profile-api.ts FILE.cpuprofile [seconds]` summarises an existing profile.
const file = process.argv[2]?.endsWith('.cpuprofile') ? process.argv[2] : await profileRoute();
console.log(`profile: ${file}`);
summarise(JSON.parse(await readFile(file, 'utf8')) as Profile, seconds);
