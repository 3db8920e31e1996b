import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Server layering (docs/architecture.md): db/ is the lowest layer; a module's routes reach the
// database through its service; only the routes speak HTTP; a module, a job, the seed, the command
// lines and main.ts use a module only through its index.js. bench/ measures the SQL itself: free.
const SERVEUR = 'apps/server/src';
const moduleParSonIndex = [
  {
    regex: '^\\.\\./[^./][^/]*/repo(\\.js)?$',
    message: "Un module n'importe pas le repo d'un autre module : passer par son index.js.",
  },
  {
    regex: '^\\.\\./[^./][^/]*/(?!index\\.js$)(?!repo(\\.js)?$)',
    message: "Un module n'utilise un autre module que par son index.js.",
  },
  {
    regex: '(^|/)modules/[^/]+/(?!index\\.js$)',
    message: "Un module n'utilise un autre module que par son index.js.",
  },
];
const routesSansDb = {
  regex: '(^|/)db/',
  message: "Les routes n'importent pas db/ (pas même ses types) : passer par le service du module.",
};
/** Only the routes speak HTTP: below them, code runs the same from a route, a job or a command line. */
const sansHttp = (qui) => ({ regex: '(^|/)http/', message: `${qui} : seules les routes parlent HTTP.` });
const sansHttpSousLesRoutes = sansHttp("Le service et le repo d'un module n'importent pas http/");
/**
 * A module's repo files, the only ones of the module that import its tables (docs/architecture.md « Un seul chemin
 * d'écriture »): its repo.ts, and the débarras' list, route-sheet, replanning and statistics readers, split from theirs.
 */
const FICHIERS_REPO = [
  `${SERVEUR}/modules/*/repo.ts`,
  `${SERVEUR}/modules/debarras/liste.ts`,
  `${SERVEUR}/modules/debarras/feuilles.ts`,
  `${SERVEUR}/modules/debarras/aReplanifier.ts`,
  `${SERVEUR}/modules/debarras/statistiques.ts`,
];
const tachesParLesModules = [
  {
    regex: '(^|/)db/schema(\\.js)?$',
    message: 'jobs/ et seed/ ne touchent pas les tables : passer par le module qui en est propriétaire.',
  },
  { regex: '(^|/)modules/[^/]+/(?!index\\.js$)', message: "jobs/ et seed/ n'utilisent un module que par son index.js." },
  sansHttp("jobs/ et seed/ n'importent pas http/"),
];
const moduleParIndex = (qui) => ({
  regex: '(^|/)modules/[^/]+/(?!index\\.js$)',
  message: `${qui} n'utilise un module que par son index.js.`,
});
const dbSansModules = { regex: '(^|/)modules/', message: "db/ n'importe pas les modules : c'est la couche la plus basse." };
const dbSansHttp = { regex: '(^|/)http/', message: "db/ n'importe pas http/ : c'est la couche la plus basse." };

// Web queries (docs/architecture.md « Web »): a key is written only in a key factory, and a query is declared once,
// by its queryOptions factory, so two screens cannot read one key with different options.
const FABRIQUES_DE_CLES = ['apps/web/src/lib/cles.ts', 'apps/web/src/entites/*/cles.ts'];
const cleLitterale =
  "Une clé de requête ne s'écrit que dans une fabrique de clés (lib/cles.ts, entites/<entité>/cles.ts) : les fabriques " +
  "queryOptions (api.ts de l'entité ou de la fonctionnalité) et les écritures (useEcriture, invalidateQueries, setQueryData…) s'en servent.";
const optionsSurPlace =
  'Une requête se déclare une fois, par sa fabrique queryOptions(…) dans le api.ts de son entité ou de sa fonctionnalité : ' +
  'useQuery, useQueries, fetchQuery, prefetchQuery et ensureQueryData la reçoivent (complétée au besoin : enabled…).';
const clesDeRequete = [
  ...[
    "Property[key.name='queryKey'] > ArrayExpression",
    "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression",
    'CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueryState)$/] > ArrayExpression:first-child',
    "CallExpression[callee.name='useEcriture'] > ObjectExpression > Property[key.name='detail'] > ArrowFunctionExpression > ArrayExpression",
    "CallExpression[callee.name='useEcriture'] > ObjectExpression > Property[key.name='aRelire'] > ArrowFunctionExpression > ArrayExpression > ArrayExpression",
    "JSXAttribute[name.name='cleRequete'] > JSXExpressionContainer > ArrayExpression",
  ].map((selector) => ({ selector, message: cleLitterale })),
  ...[
    "CallExpression[callee.name=/^use(Suspense)?Query$/] > ObjectExpression > Property[key.name='queryKey']",
    "CallExpression[callee.name=/^use(Suspense)?Queries$/] Property[key.name='queries'] ObjectExpression > Property[key.name='queryKey']",
    "CallExpression[callee.property.name=/^(fetchQuery|prefetchQuery|ensureQueryData)$/] > ObjectExpression > Property[key.name='queryKey']",
  ].map((selector) => ({ selector, message: optionsSurPlace })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.e2e-data/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // the crews' page's service worker, whose file list the build writes in (vite.tournee.config.ts)
    files: ['apps/web/src/tournee/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker, __FICHIERS__: 'readonly' } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // a test of lib/ or components/ makes up queries of no entity
    ignores: [...FABRIQUES_DE_CLES, '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...clesDeRequete] },
  },
  {
    // Enter in a field never saves a form: every form of the back-office is the shared Formulaire
    // (docs/regles.md « Comportement général »); only signing in (the sign-in page, and again over a screen whose session
    // has ended) submits on Enter.
    files: ['apps/web/src/**/*.tsx'],
    ignores: [
      'apps/web/src/components/Formulaire.tsx',
      'apps/web/src/app/pages/ConnexionPage.tsx',
      'apps/web/src/app/Reconnexion.tsx',
      'apps/web/src/enLigne/**',
      'apps/web/src/tournee/**',
      '**/*.test.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Form']",
          message: "Un formulaire du back-office est un <Formulaire> (components/Formulaire.tsx) : Entrée dans un champ n'enregistre pas.",
        },
        // this block's options replace the block above's: its query rules are repeated
        ...clesDeRequete,
      ],
    },
  },
  {
    // Imports run one way: app/ → features/ → entites/ → components/, lib/. A feature never reaches
    // into another feature: what two features share of an entity lives in entites/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    // A feature's tests may mount the whole app, as a user meets the screen.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)[^/]+/',
              message: "Une fonctionnalité n'importe pas une autre fonctionnalité : passer par entites/, components/ ou lib/.",
            },
            { regex: '(^|/)features/', message: "Une fonctionnalité n'importe pas une autre fonctionnalité." },
            { regex: '(^|/)app/', message: 'Les fonctionnalités ne dépendent pas de app/.' },
          ],
        },
      ],
    },
  },
  {
    // Below the routes: a module's service side and its repo files.
    files: [`${SERVEUR}/modules/*/*.ts`],
    // A module's tests may arrange their data through any module.
    ignores: ['**/*.test.ts', '**/routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...moduleParSonIndex, sansHttpSousLesRoutes] }] },
  },
  {
    // The service side: every file of a module but its routes, its repo files and its tests. A file left out of
    // FICHIERS_REPO is held to it, so a new file reaches the tables only once declared a repo file.
    files: [`${SERVEUR}/modules/*/*.ts`],
    ignores: ['**/*.test.ts', '**/routes.ts', ...FICHIERS_REPO],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...moduleParSonIndex,
            sansHttpSousLesRoutes,
            {
              regex: '(^|/)db/schema(\\.js)?$',
              message: "Le service n'écrit pas les tables : son repo en est le seul chemin (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${SERVEUR}/**/routes.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [...moduleParSonIndex, routesSansDb] }] },
  },
  {
    files: [`${SERVEUR}/jobs/**/*.ts`, `${SERVEUR}/seed/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: tachesParLesModules }] },
  },
  {
    files: [`${SERVEUR}/cli/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [moduleParIndex('cli/'), sansHttp("cli/ n'importe pas http/")] }],
    },
  },
  {
    files: [`${SERVEUR}/main.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleParIndex('main.ts')] }] },
  },
  {
    files: [`${SERVEUR}/db/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [dbSansModules, dbSansHttp] }] },
  },
  {
    files: ['apps/web/src/entites/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(features|app)/', message: 'entites/ ne dépend ni des fonctionnalités ni de app/.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|entites|app)/',
              message: 'components/ et lib/ ne dépendent ni des entités, ni des fonctionnalités, ni de app/.',
            },
          ],
        },
      ],
    },
  },
);
