import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// not new URL(…, import.meta.url): Vite turns that into an asset's address
const racine = resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

/** The messages of the query rules ESLint gives `code` as if it were the file `chemin` of the repository. */
async function messages(chemin: string, code: string) {
  const [resultat] = await eslint.lintText(code, { filePath: `${racine}/${chemin}` });
  return resultat!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const CLE_LITTERALE =
  "Une clé de requête ne s'écrit que dans une fabrique de clés (lib/cles.ts, entites/<entité>/cles.ts) : les fabriques " +
  "queryOptions (api.ts de l'entité ou de la fonctionnalité) et les écritures (useEcriture, invalidateQueries, setQueryData…) s'en servent.";
const OPTIONS_SUR_PLACE =
  'Une requête se déclare une fois, par sa fabrique queryOptions(…) dans le api.ts de son entité ou de sa fonctionnalité : ' +
  'useQuery, useQueries, fetchQuery, prefetchQuery et ensureQueryData la reçoivent (complétée au besoin : enabled…).';

const entete = `import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { clesLevee } from '../../entites/levee/cles';
import { useEcriture } from '../../lib/mutations';
const lire = () => Promise.resolve(1);
`;

beforeAll(() => {
  eslint = new ESLint({ cwd: racine });
});

describe('clés et options des requêtes du web (ESLint)', () => {
  it('refuse une clé écrite en tableau, dans une requête comme dans une écriture', async () => {
    expect(
      await messages(
        'apps/web/src/features/levee/api.ts',
        `${entete}const requete = queryOptions({ queryKey: ['levee', 'nombre'], queryFn: lire });
export const useNombre = () => useQuery(requete);
export const useEcrire = () => useEcriture(lire, { detail: (id: number) => ['levee', 'detail', id], aRelire: () => [[...clesLevee.tout, 'prochaines']] });
export function useRelire() {
  const client = useQueryClient();
  client.setQueryData(['levee', 'actives'], []);
  return () => client.invalidateQueries({ queryKey: ['levee'] });
}
`,
      ),
    ).toEqual([CLE_LITTERALE, CLE_LITTERALE, CLE_LITTERALE, CLE_LITTERALE, CLE_LITTERALE]);
  });

  it("refuse les options d'une requête écrites sur place, hors de sa fabrique queryOptions", async () => {
    expect(
      await messages(
        'apps/web/src/entites/levee/api.ts',
        `${entete}export const useActives = () => useQuery({ queryKey: clesLevee.actives, queryFn: lire });
export function useCharger() {
  const client = useQueryClient();
  return () => client.fetchQuery({ queryKey: clesLevee.actives, queryFn: lire });
}
`,
      ),
    ).toEqual([OPTIONS_SUR_PLACE, OPTIONS_SUR_PLACE]);
  });

  it("refuse la clé en tableau d'une liste, et laisse la fabrique de clés écrire les siennes", async () => {
    expect(
      await messages(
        'apps/web/src/features/levee/ListePage.tsx',
        `import { TableServeur } from '../../components/TableServeur';\nexport const Liste = () => <TableServeur cleRequete={['levee', 'liste']} />;\n`,
      ),
    ).toEqual([CLE_LITTERALE]);
    expect(
      await messages(
        'apps/web/src/entites/levee/cles.ts',
        "export const clesLevee = { tout: ['levee'] as const, actives: ['levee', 'actives'] as const };\n",
      ),
    ).toEqual([]);
  });

  it("laisse une requête passer par sa fabrique, complétée par l'écran", async () => {
    expect(
      await messages(
        'apps/web/src/entites/levee/api.ts',
        `${entete}const requeteActives = queryOptions({ queryKey: clesLevee.actives, queryFn: lire });
export const useActives = (actif: boolean) => useQuery({ ...requeteActives, enabled: actif });
export function useCharger() {
  const client = useQueryClient();
  return () => client.fetchQuery(requeteActives);
}
export const useEcrire = () => useEcriture(lire, { detail: (id: number) => clesLevee.detail(id), aRelire: () => [clesLevee.tout] });
`,
      ),
    ).toEqual([]);
  });
});
