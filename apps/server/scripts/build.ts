/**
 * `npm run build -w @facelift/server`: compiles the server and its command-line tools once
 * into apps/server/dist, so production runs plain `node` instead of compiling TypeScript at
 * every start (docs/decisions/101-built-server.md). Workspace packages (@facelift/*, shipped
 * as TypeScript) are bundled in; every other package stays an import of node_modules.
 */
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

const keepPackagesExternal: Plugin = {
  name: 'keep-packages-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@facelift/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: serverRoot,
  entryPoints: {
    server: 'src/server.ts',
    worker: 'src/cli/worker.ts',
    admin: 'src/cli/admin.ts',
    migrate: 'src/cli/migrate.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Chunks sit beside the entries: config.ts finds the web build relative to its own file.
  chunkNames: '[name]-[hash]',
  plugins: [keepPackagesExternal],
  logLevel: 'warning',
});
