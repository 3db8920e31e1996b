import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompresser } from './vite/precompression.ts';

export default defineConfig({
  // Relative assets: the server injects <base href> with the configured BASE_PATH.
  base: './',
  plugins: [react(), precompresser()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    // the residents' pages are a second build into the same folder, after this one (vite.en-ligne.config.ts)
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // antd's rc-component packages declare no `sideEffects` though they have none: without this, importing
        // one export of a package (the form context antd's menu reads) brings all of it (fields, validators).
        // Other modules keep what their package says (undefined).
        moduleSideEffects: (id) => (/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            // React and its router serve every screen and change far less often than the app: their
            // chunk stays cached across releases (assets are served immutable).
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // What the entry needs before any screen (the shell, the session, the components' core) in
            // one chunk rather than twenty: one request, and one Brotli stream that compresses better.
            // Each screen, loaded on its first visit (app/routes.tsx), keeps the automatic splitting and
            // brings only the components it uses: one group for all of the component library would load
            // every screen's components before the first list.
            { name: 'socle', tags: ['$initial'] },
            // The server-driven table and what every list brings with it (its row actions, its kept state, its
            // writes): one chunk for the first list rather than five small ones, which compress worse apart.
            // The débarras' statuses and their row schemas, together as every list and detail uses them: a screen
            // that needs the statuses alone (the statistics' channels) would otherwise split them into a file of their own.
            { name: 'schemas', test: /packages[\\/]domain[\\/]src[\\/]debarras[\\/](statuts|schemas)\.ts$/ },
            {
              name: 'liste',
              test: /src[\\/](components[\\/](TableServeur|ActionsLigne|etatListe)\.tsx?|lib[\\/]mutations\.ts)$/,
            },
          ],
        },
      },
    },
    // The entry's chunk (~1 MB minified, ~300 kB compressed) is what any screen needs first: the
    // guard on its weight is e2e/performance.e2e.ts, in bytes actually transferred.
    chunkSizeWarningLimit: 1100,
  },
  server: { proxy: { '/webdeb/rest': 'http://localhost:8080' } },
});
