/**
 * The modules of `npm run bench` (bench/run.ts), by name, in the order their rows appear in
 * the table. A module is a file bench/NAME.bench.ts exporting `rows()` (bench/bench-table.ts).
 */
import type { BenchModule } from './bench-table.ts';

export const benchModules: Record<string, () => Promise<BenchModule>> = {
  api: () => import('./api.bench.ts'),
  transformations: () => import('./transformations.bench.ts'),
  recolour: () => import('./recolour.bench.ts'),
  preview: () => import('./preview.bench.ts'),
  'app-shell': () => import('./app-shell.bench.ts'),
  storage: () => import('./storage.bench.ts'),
  'server-start': () => import('./server-start.bench.ts'),
  'smart-select': () => import('./smart-select.bench.ts'),
  video: () => import('./video.bench.ts'),
};
