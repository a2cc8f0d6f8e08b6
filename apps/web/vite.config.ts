import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  // Source maps are written for error reports but not referenced from the bundles, and the
  // server does not serve them (docs/decisions/104-app-shell.md).
  build: { outDir: 'dist', sourcemap: 'hidden', emptyOutDir: true },
});
