#!/usr/bin/env node
// Fails on any import cycle in the server, the web app or the domain, type imports included (docs/architecture.md
// « Pas de cycle d'imports »). Part of `npm run lint`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const RACINE = fileURLToPath(new URL('..', import.meta.url));

/** The three source trees, each read with its own TypeScript configuration (its paths and module resolution). */
export const ARBRES = [
  { nom: 'serveur', dossier: 'apps/server/src', tsconfig: 'apps/server/tsconfig.json' },
  { nom: 'application web', dossier: 'apps/web/src', tsconfig: 'apps/web/tsconfig.json' },
  { nom: 'domaine', dossier: 'packages/domain/src', tsconfig: 'packages/domain/tsconfig.json' },
];

/** The import cycles of the tree under `dossier`, each as the list of its files (relative to `dossier`). */
export async function cyclesDe(dossier, tsconfig) {
  const graphe = await madge(dossier, {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: tsconfig,
    // a type-only import ties two files as much as any other: the cycle is in the design either way
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  return graphe.circular();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let total = 0;
  for (const arbre of ARBRES) {
    const cycles = await cyclesDe(path.join(RACINE, arbre.dossier), path.join(RACINE, arbre.tsconfig));
    total += cycles.length;
    for (const cycle of cycles) console.error(`Cycle d'imports (${arbre.nom}, ${arbre.dossier}) : ${[...cycle, cycle[0]].join(' → ')}`);
  }
  if (total) {
    console.error(`${total} cycle(s) d'imports : casser chacun là où le savoir appartient (docs/architecture.md).`);
    process.exit(1);
  }
  console.log("Aucun cycle d'imports (serveur, application web, domaine).");
}
