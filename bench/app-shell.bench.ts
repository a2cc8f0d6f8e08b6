/**
 * App shell: the JavaScript and CSS a first visit loads before anything else (the entry
 * script, its preloaded imports and the stylesheets index.html names), gzip-compressed, from
 * a fresh production build of the web app. Everything else loads on demand.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BenchRow, kilobytes } from './bench-table.ts';

const webRoot = fileURLToPath(new URL('../apps/web', import.meta.url));
const dist = path.join(webRoot, 'dist');

export async function rows(): Promise<BenchRow[]> {
  execFileSync('npm', ['run', 'build', '--silent', '-w', '@facelift/web'], {
    cwd: path.join(webRoot, '../..'),
    stdio: 'ignore',
  });
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const shellFiles = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/?(assets\/[^"]+\.(?:js|css))"/g),
  ].map((match) => match[1] as string);
  const gzipped = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
  const shellBytes = shellFiles.reduce((sum, file) => sum + gzipped(file), 0);
  const assets = readdirSync(path.join(dist, 'assets')).filter((file) => /\.(js|css)$/.test(file));
  const allBytes = assets.reduce((sum, file) => sum + gzipped(`assets/${file}`), 0);
  return [
    {
      what: 'App shell JS+CSS, gzip',
      now: `${kilobytes(shellBytes)} in ${shellFiles.length} files`,
      baseline: `all JS+CSS ${kilobytes(allBytes)} in ${assets.length} files`,
      target: '≤ 150 KB',
      met: shellBytes <= 150 * 1024,
    },
  ];
}
