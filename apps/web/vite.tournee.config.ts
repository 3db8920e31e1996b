import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompresser } from './vite/precompression.ts';

/**
 * Writes the crews' page's service worker (src/tournee/sw.js) beside the build, as `tournee-sw.js`, with the list of
 * the page's files and a version drawn from them: a new build installs a new cache and drops the old one.
 */
function travailleurTournee(): Plugin {
  return {
    name: 'travailleur-tournee',
    generateBundle(_options, bundle) {
      const fichiers = Object.keys(bundle)
        .filter((f) => f.startsWith('assets/'))
        .sort();
      const version = createHash('sha256').update(fichiers.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(new URL('./src/tournee/sw.js', import.meta.url), 'utf8')
        .replace('const FICHIERS = __FICHIERS__;', `const FICHIERS = ${JSON.stringify(fichiers)};`)
        .replace('__VERSION__', version);
      this.emitFile({ type: 'asset', fileName: 'tournee-sw.js', source });
    },
  };
}

/**
 * The crews' page (docs/architecture.md « Tournée des équipes »): a build of its own, after the back-office's and
 * the residents' and into the same folder, sharing no chunk with them: React and the page, neither antd nor the
 * back-office's router. Its weight is guarded by e2e/tournee-equipe.e2e.ts.
 */
export default defineConfig({
  base: './',
  plugins: [react(), travailleurTournee(), precompresser()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    rolldownOptions: { input: { tournee: 'tournee.html' } },
  },
});
