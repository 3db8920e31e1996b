import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompresser } from './vite/precompression.ts';

/**
 * The residents' booking pages (docs/architecture.md « Réservation en ligne »): a build of their own, after the
 * back-office's and into the same folder, so that they share no chunk with it: React and the pages, neither
 * antd nor the back-office's shell. Their weight is guarded by e2e/en-ligne.e2e.ts.
 */
export default defineConfig({
  base: './',
  plugins: [react(), precompresser()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // the back-office's build has copied public/ already
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    rolldownOptions: { input: { 'en-ligne': 'en-ligne.html' } },
  },
});
