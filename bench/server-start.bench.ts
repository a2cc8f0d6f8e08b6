/**
 * Server start: the built server run by plain node (`npm start`) against the same server run
 * from TypeScript through tsx, each started fresh in the same run: resident memory once
 * healthy and time from spawn to the first healthy answer.
 */
import { type BenchRow, megabytes, ms } from './bench-table.ts';
import { buildServer, residentBytes, startBenchServer } from './support/server-process.ts';

export async function rows(): Promise<BenchRow[]> {
  buildServer();
  const measure = async (kind: 'built' | 'source') => {
    const server = await startBenchServer(kind);
    try {
      return { rss: await residentBytes(server.pid), readyMs: server.readyMs };
    } finally {
      await server.stop();
    }
  };
  const source = await measure('source');
  const built = await measure('built');
  return [
    {
      what: 'Server start',
      now: `node on the build: ${megabytes(built.rss)} RSS, healthy after ${ms(built.readyMs)}`,
      baseline: `tsx on the sources: ${megabytes(source.rss)}, ${ms(source.readyMs)}`,
      target: 'built once; `npm start` runs built JS',
      met: built.rss < source.rss,
    },
  ];
}
