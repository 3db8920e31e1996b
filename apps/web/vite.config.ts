import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  // Relative assets: the server injects <base href> with the configured BASE_PATH.
  base: './',
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/webdeb/rest': 'http://localhost:8080' } },
});
