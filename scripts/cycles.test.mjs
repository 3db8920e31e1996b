import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cyclesDe } from './cycles.mjs';

const dossiers = [];
afterAll(() => dossiers.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A source tree in miniature: `fichiers` maps a path under src/ to its text. */
function arbre(fichiers) {
  const racine = mkdtempSync(path.join(tmpdir(), 'cycles-'));
  dossiers.push(racine);
  writeFileSync(
    path.join(racine, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }),
  );
  for (const [chemin, texte] of Object.entries(fichiers)) {
    mkdirSync(path.dirname(path.join(racine, 'src', chemin)), { recursive: true });
    writeFileSync(path.join(racine, 'src', chemin), texte);
  }
  return cyclesDe(path.join(racine, 'src'), path.join(racine, 'tsconfig.json'));
}

describe("la vérification des cycles d'imports (npm run lint)", () => {
  it('trouve un cycle entre deux modules, par leurs index', async () => {
    const cycles = await arbre({
      'levee/index.ts': "export { compte } from './repo.js';\n",
      'levee/repo.ts': "import { joindre } from '../debarras/index.js';\nexport const compte = () => joindre;\n",
      'debarras/index.ts': "export { joindre } from './repo.js';\n",
      'debarras/repo.ts': "import { compte } from '../levee/index.js';\nexport const joindre = () => compte;\n",
    });
    expect(cycles).toHaveLength(1);
    expect([...cycles[0]].sort()).toEqual(['debarras/index.ts', 'debarras/repo.ts', 'levee/index.ts', 'levee/repo.ts']);
  });

  it('compte un import de type seul : le cycle est dans la conception quand même', async () => {
    const cycles = await arbre({
      'a.ts': "import type { B } from './b.js';\nexport interface A { b?: B }\n",
      'b.ts': "import type { A } from './a.js';\nexport interface B { a?: A }\n",
    });
    expect(cycles).toEqual([['a.ts', 'b.ts']]);
  });

  it("ne dit rien d'imports qui vont dans un seul sens", async () => {
    const cycles = await arbre({
      'debarras.ts': "import { levee } from './levee.js';\nexport const debarras = levee;\n",
      'levee.ts': 'export const levee = 1;\n',
    });
    expect(cycles).toEqual([]);
  });
});
