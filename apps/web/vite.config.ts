import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const compresserBrotli = promisify(brotliCompress);
const compresserGzip = promisify(gzip);

/** The built files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a `.br` and a `.gz` beside each text file of the build, at the highest levels: the server
 * sends them as they are (@fastify/static `preCompressed`), so no request pays for compressing and
 * the assets get Brotli's best ratio, too slow to run per request (docs/performance.md « Application web »).
 */
function precompresser(): Plugin {
  let dossier = '';
  return {
    name: 'debarras:precompression',
    apply: 'build',
    configResolved(config) {
      dossier = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const fichiers = await readdir(dossier, { recursive: true, withFileTypes: true });
      await Promise.all(
        fichiers
          .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name))
          .map(async (f) => {
            const chemin = path.join(f.parentPath, f.name);
            const contenu = await readFile(chemin);
            const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: contenu.length } };
            await Promise.all([
              writeFile(`${chemin}.br`, await compresserBrotli(contenu, brotli)),
              writeFile(`${chemin}.gz`, await compresserGzip(contenu, { level: 9 })),
            ]);
          }),
      );
    },
  };
}

export default defineConfig({
  // Relative assets: the server injects <base href> with the configured BASE_PATH.
  base: './',
  plugins: [react(), precompresser()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
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
