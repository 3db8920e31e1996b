import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A project in miniature beside a copy of the script: its sources, and an `npm run build` that writes the
 * four outputs and counts its runs (or fails while `echec` exists).
 */
function projet() {
  const racine = mkdtempSync(path.join(tmpdir(), 'construire-si-besoin-'));
  const ecrire = (chemin, contenu) => {
    mkdirSync(path.dirname(path.join(racine, chemin)), { recursive: true });
    writeFileSync(path.join(racine, chemin), contenu);
  };
  mkdirSync(path.join(racine, 'scripts'));
  copyFileSync(path.join(import.meta.dirname, 'construire-si-besoin.mjs'), path.join(racine, 'scripts', 'construire-si-besoin.mjs'));
  ecrire('package.json', JSON.stringify({ name: 'essai', private: true, scripts: { build: 'node construire.mjs' } }));
  ecrire('package-lock.json', '{}');
  ecrire(
    'construire.mjs',
    `import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
if (existsSync('echec')) process.exit(1);
for (const f of ['packages/domain/dist/index.js', 'apps/server/dist/main.js', 'apps/web/dist/index.html', 'apps/web/dist/en-ligne.html']) {
  mkdirSync(f.slice(0, f.lastIndexOf('/')), { recursive: true });
  writeFileSync(f, '');
}
appendFileSync('constructions.txt', 'x');`,
  );
  ecrire('packages/domain/src/index.ts', 'export {};');
  ecrire('apps/server/src/main.ts', 'export {};');
  ecrire('apps/web/src/main.tsx', 'export {};');
  ecrire('apps/web/index.html', '<html></html>');
  ecrire('apps/web/en-ligne.html', '<html></html>');
  return racine;
}

describe('npm start : construire si besoin', () => {
  let racine;
  beforeAll(() => {
    racine = projet();
  });
  afterAll(() => rmSync(racine, { recursive: true, force: true }));

  const demarrer = () => {
    const r = spawnSync('node', ['scripts/construire-si-besoin.mjs'], { cwd: racine, encoding: 'utf8' });
    return { statut: r.status, sortie: r.stdout };
  };
  const constructions = () =>
    existsSync(path.join(racine, 'constructions.txt')) ? readFileSync(path.join(racine, 'constructions.txt'), 'utf8').length : 0;

  it('construit au premier démarrage, puis plus tant que rien ne change', () => {
    expect(demarrer()).toMatchObject({ statut: 0, sortie: expect.stringContaining('Première construction') });
    expect(constructions()).toBe(1);
    expect(demarrer()).toMatchObject({ statut: 0, sortie: expect.stringContaining('Construction à jour') });
    expect(constructions()).toBe(1);
  });

  it('reconstruit quand une source change, quand une source apparaît et quand une construction manque', () => {
    const source = path.join(racine, 'apps/web/src/main.tsx');
    writeFileSync(source, 'export const x = 1;');
    utimesSync(source, new Date(), new Date(Date.now() + 60_000));
    expect(demarrer().sortie).toContain('Sources modifiées');
    expect(constructions()).toBe(2);

    writeFileSync(path.join(racine, 'apps/server/src/nouveau.ts'), 'export {};');
    demarrer();
    expect(constructions()).toBe(3);

    rmSync(path.join(racine, 'apps/web/dist'), { recursive: true });
    demarrer();
    expect(constructions()).toBe(4);
    demarrer();
    expect(constructions()).toBe(4);
  });

  it("échoue avec la construction, et reconstruit au démarrage suivant plutôt que de croire l'ancienne à jour", () => {
    writeFileSync(path.join(racine, 'packages/domain/src/index.ts'), 'export const y = 2;');
    writeFileSync(path.join(racine, 'echec'), '');
    expect(demarrer().statut).not.toBe(0);
    rmSync(path.join(racine, 'echec'));
    expect(demarrer()).toMatchObject({ statut: 0, sortie: expect.stringContaining('Sources modifiées') });
    expect(demarrer().sortie).toContain('Construction à jour');
  });
});
