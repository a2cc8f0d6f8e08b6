import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Building a zod schema only builds a value, but the bundler cannot know that: any module the
 * app shell imports for a constant would keep every schema it declares, and zod with them.
 * Calls on `z` and on the shared schemas (`…Schema`, as packages/shared names them) are
 * declared pure, so unused schemas drop out and zod loads with the chunks that parse
 * (docs/decisions/108-app-shell-split.md). The flip side: a bare `xSchema.parse(value);`
 * statement, kept only for its throw, would be dropped too; web code uses the parse result.
 */
function zodPureFunctions(): string[] {
  const sharedSource = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));
  const names = new Set(['z']);
  for (const file of readdirSync(sharedSource, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    for (const match of readFileSync(sharedSource + file, 'utf8').matchAll(/\bconst (\w+Schema)\b/g))
      names.add(match[1] as string);
  }
  return [...names];
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  // Source maps are written for error reports but not referenced from the bundles, and the
  // server does not serve them (docs/decisions/104-app-shell.md).
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: { manualPureFunctions: zodPureFunctions() },
    },
  },
});
