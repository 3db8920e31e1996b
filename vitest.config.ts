import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const domaineSource = fileURLToPath(new URL('packages/domain/src/index.ts', import.meta.url));

/** The API tests that replace a module with vi.mock: the documents' rendering, node:fs. */
const SERVEUR_AVEC_MODULES_SIMULES = ['src/jobs/envoiFeuilles.test.ts', 'src/db/lectureSeule.test.ts'];

/** The web tests that replace a module with vi.mock: the maps' OpenLayers. */
const WEB_AVEC_MODULES_SIMULES = [
  'src/features/secteur/PerimetreCarte.test.tsx',
  'src/features/adresseException/{DetailPage,CopiePage}.test.tsx',
  'src/features/carteExceptions/{CartePage,CartographiePage}.test.tsx',
  'src/features/levee/TourneeLevee.test.tsx',
];

export default defineConfig({
  test: {
    // Vitest keeps a core for itself by default, which on the two cores of CI means one file at a
    // time; the suites wait mostly on jsdom and the embedded database, so two run side by side.
    maxWorkers: 2,
    // Under CI each run also leaves a JSON report, which scripts/bilan-tests.mjs adds up.
    ...(process.env.CI
      ? { reporters: ['default', 'json'], outputFile: { json: `test-results/vitest-${Date.now()}-${process.pid}.json` } }
      : {}),
    projects: [
      {
        test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] },
      },
      {
        // An alias rather than the 'source' export condition: vitest hands resolve conditions to
        // Node as --conditions, and 'import' there makes require() of dual packages (pg-pool)
        // load their ES module.
        resolve: { alias: { '@debarras/domain': domaineSource } },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: SERVEUR_AVEC_MODULES_SIMULES,
          globalSetup: ['src/test/modele.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // as the web's: the app's modules loaded once per worker rather than once per file (a minute of each run).
          // Each file builds its own app on its own database; module state is keyed by database (db/memoire.ts).
          isolate: false,
        },
      },
      {
        resolve: { alias: { '@debarras/domain': domaineSource } },
        test: {
          name: 'server-isole',
          root: 'apps/server',
          include: SERVEUR_AVEC_MODULES_SIMULES,
          globalSetup: ['src/test/modele.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web app's own Vite config (React plugin, resolve conditions) applies to its tests.
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_AVEC_MODULES_SIMULES,
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // antd in jsdom is slow, and slower still beside the API suite on two cores
          testTimeout: 20_000,
          // the files of a worker share their imported modules: antd and the app are loaded once per worker rather
          // than once per file, which was a third of the whole unit run. Each test mounts its own page and client.
          isolate: false,
        },
      },
      {
        // the files that replace a module (vi.mock) need modules of their own
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-isole',
          root: 'apps/web',
          include: WEB_AVEC_MODULES_SIMULES,
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // npm start's build check (scripts/construire-si-besoin.mjs), on a project in miniature
        test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'], environment: 'node', testTimeout: 60_000 },
      },
      {
        resolve: { alias: { '@debarras/domain': domaineSource } },
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['setup/global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
