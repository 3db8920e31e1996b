import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const racine = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

/** The import-rule messages ESLint gives `code` as if it were the file `chemin` of the repository. */
async function messages(chemin: string, code: string) {
  const [resultat] = await eslint.lintText(code, { filePath: `${racine}/${chemin}` });
  return resultat!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const echapper = (texte: string) => texte.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A refused import as ESLint words it: the source, then, after ESLint's own sentence, the rule's message. */
const refus = (source: string, message: string) => expect.stringMatching(new RegExp(`^'${echapper(source)}' .* ${echapper(message)}$`));

beforeAll(() => {
  eslint = new ESLint({ cwd: racine });
});

describe("règles d'importation du serveur (ESLint)", () => {
  it('refuse db/ aux routes, même pour un type', async () => {
    expect(
      await messages(
        'apps/server/src/modules/levee/routes.ts',
        "import type { Db } from '../../db/client.js';\nimport { levee } from '../../db/schema.js';\nexport type X = [Db, typeof levee];\n",
      ),
    ).toEqual([
      refus('../../db/client.js', "Les routes n'importent pas db/ (pas même ses types) : passer par le service du module."),
      refus('../../db/schema.js', "Les routes n'importent pas db/ (pas même ses types) : passer par le service du module."),
    ]);
  });

  it('refuse http/ et les modules à db/, qui est la couche la plus basse', async () => {
    expect(
      await messages(
        'apps/server/src/db/exemple.ts',
        "import { requeteInvalide } from '../http/erreurs.js';\nimport { trouver } from '../modules/levee/index.js';\nexport const x = [requeteInvalide, trouver];\n",
      ),
    ).toEqual([
      refus('../http/erreurs.js', "db/ n'importe pas http/ : c'est la couche la plus basse."),
      refus('../modules/levee/index.js', "db/ n'importe pas les modules : c'est la couche la plus basse."),
    ]);
  });

  it("refuse à un module le repo ou le service d'un autre module", async () => {
    expect(
      await messages(
        'apps/server/src/modules/debarras/service.ts',
        "import { trouver } from '../levee/repo.js';\nimport { lister } from '../levee/service.js';\nexport const x = [trouver, lister];\n",
      ),
    ).toEqual([
      refus('../levee/repo.js', "Un module n'importe pas le repo d'un autre module : passer par son index.js."),
      refus('../levee/service.js', "Un module n'utilise un autre module que par son index.js."),
    ]);
  });

  it("refuse les tables au service d'un module : son repo est le seul chemin d'écriture", async () => {
    expect(
      await messages(
        'apps/server/src/modules/objet/service.ts',
        "import { objet } from '../../db/schema.js';\nimport { ouIntrouvable } from '../../db/audit.js';\nexport const x = [objet, ouIntrouvable];\n",
      ),
    ).toEqual([refus('../../db/schema.js', "Le service n'écrit pas les tables : son repo en est le seul chemin (docs/architecture.md).")]);
    expect(
      await messages(
        'apps/server/src/modules/objet/repo.ts',
        "import { objet } from '../../db/schema.js';\nimport { ecrituresVersionnees } from '../../db/audit.js';\nexport const x = ecrituresVersionnees(objet, objet.idObjet, 'objet');\n",
      ),
    ).toEqual([]);
  });

  it("refuse les tables à tout fichier d'un module hors de ses fichiers repo, et les laisse à ceux-ci", async () => {
    const importTable = "import { debarras } from '../../db/schema.js';\nexport const x = debarras;\n";
    for (const chemin of ['enLigne.ts', 'recurrents.ts', 'commun.ts', 'index.ts', 'nouveau.ts']) {
      expect(await messages(`apps/server/src/modules/debarras/${chemin}`, importTable), chemin).toEqual([
        refus('../../db/schema.js', "Le service n'écrit pas les tables : son repo en est le seul chemin (docs/architecture.md)."),
      ]);
    }
    for (const chemin of ['repo.ts', 'liste.ts', 'feuilles.ts']) {
      expect(await messages(`apps/server/src/modules/debarras/${chemin}`, importTable), chemin).toEqual([]);
    }
  });

  it('refuse aux tâches et aux données initiales les tables et le dedans des modules', async () => {
    expect(
      await messages(
        'apps/server/src/seed/exemple.ts',
        "import { levee } from '../db/schema.js';\nimport { insererStandards } from '../modules/levee/repo.js';\nexport const x = [levee, insererStandards];\n",
      ),
    ).toEqual([
      refus('../db/schema.js', 'jobs/ et seed/ ne touchent pas les tables : passer par le module qui en est propriétaire.'),
      refus('../modules/levee/repo.js', "jobs/ et seed/ n'utilisent un module que par son index.js."),
    ]);
    expect(
      await messages(
        'apps/server/src/jobs/exemple.ts',
        "import type { Db } from '../db/client.js';\nimport { insererStandards } from '../modules/levee/index.js';\nexport type X = [Db, typeof insererStandards];\n",
      ),
    ).toEqual([]);
  });

  it("refuse http/ au service et au repo d'un module, aux tâches, aux données initiales et aux lignes de commande", async () => {
    const importHttp = (source: string) => `import { ENTETE_TOTAL } from '${source}';\nexport const x = ENTETE_TOTAL;\n`;
    for (const chemin of [
      'modules/levee/service.ts',
      'modules/levee/repo.ts',
      'modules/debarras/enLigne.ts',
      'modules/debarras/liste.ts',
    ]) {
      expect(await messages(`apps/server/src/${chemin}`, importHttp('../../http/liste.js')), chemin).toEqual([
        refus('../../http/liste.js', "Le service et le repo d'un module n'importent pas http/ : seules les routes parlent HTTP."),
      ]);
    }
    for (const chemin of ['jobs/exemple.ts', 'seed/exemple.ts']) {
      expect(await messages(`apps/server/src/${chemin}`, importHttp('../http/liste.js')), chemin).toEqual([
        refus('../http/liste.js', "jobs/ et seed/ n'importent pas http/ : seules les routes parlent HTTP."),
      ]);
    }
    expect(await messages('apps/server/src/cli/exemple.ts', importHttp('../http/liste.js'))).toEqual([
      refus('../http/liste.js', "cli/ n'importe pas http/ : seules les routes parlent HTTP."),
    ]);
  });

  it("refuse aux lignes de commande et à main.ts le dedans d'un module, mais laisse bench/ mesurer le SQL d'un repo", async () => {
    expect(
      await messages(
        'apps/server/src/cli/exemple.ts',
        "import { listerUtilisateurs } from '../modules/utilisateur/service.js';\nimport { lireRoles } from '../modules/utilisateur/index.js';\nexport const x = [listerUtilisateurs, lireRoles];\n",
      ),
    ).toEqual([refus('../modules/utilisateur/service.js', "cli/ n'utilise un module que par son index.js.")]);
    expect(
      await messages(
        'apps/server/src/main.ts',
        "import { journaliserSucces } from './modules/logEvenement/service.js';\nexport const x = journaliserSucces;\n",
      ),
    ).toEqual([refus('./modules/logEvenement/service.js', "main.ts n'utilise un module que par son index.js.")]);
    expect(
      await messages(
        'apps/server/src/bench/exemple.ts',
        "import * as repo from '../modules/debarras/repo.js';\nimport { levee } from '../db/schema.js';\nexport const x = [repo, levee];\n",
      ),
    ).toEqual([]);
  });

  it("laisse un module utiliser son propre repo, db/ et l'index d'un autre module, et db/ les erreurs du serveur", async () => {
    expect(
      await messages(
        'apps/server/src/modules/debarras/service.ts',
        "import type { Db } from '../../db/client.js';\nimport { trouver } from '../levee/index.js';\nimport * as repo from './repo.js';\nexport type X = [Db, typeof trouver, typeof repo];\n",
      ),
    ).toEqual([]);
    expect(
      await messages(
        'apps/server/src/modules/levee/routes.ts',
        "import type { Contexte } from '../../contexte.js';\nimport * as service from './service.js';\nexport type X = [Contexte, typeof service];\n",
      ),
    ).toEqual([]);
    expect(
      await messages(
        'apps/server/src/db/exemple.ts',
        "import { ErreurX } from '../erreurs.js';\nimport type { Tx } from './client.js';\nexport type X = [ErreurX, Tx];\n",
      ),
    ).toEqual([]);
  });
});
