// npm start: builds the app (npm run build) only when a source changed since the last successful build,
// so that a restart on an unchanged build starts the server at once (docs/exploitation.md).
//
// What is compared is a fingerprint of every source of the build (path, size and modification time of
// each file: domain, server and web sources, configurations, package-lock.json), kept after each
// successful build under node_modules/.cache: a fresh clone or a new `npm install` builds again. A
// missing output (a deleted dist/) builds again too.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const racine = fileURLToPath(new URL('..', import.meta.url));

const SOURCES = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/domain/package.json',
  'packages/domain/tsconfig.json',
  'packages/domain/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/src',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/index.html',
  'apps/web/en-ligne.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.en-ligne.config.ts',
  'apps/web/vite',
  'apps/web/public',
  'apps/web/src',
];
const PRODUITS = ['packages/domain/dist/index.js', 'apps/server/dist/main.js', 'apps/web/dist/index.html', 'apps/web/dist/en-ligne.html'];
const TAMPON = path.join(racine, 'node_modules', '.cache', 'debarras', 'construction.json');

/** Every file under the sources, with its size and modification time, in a stable order. */
function empreinte() {
  const lignes = [];
  for (const source of SOURCES) {
    const chemin = path.join(racine, source);
    if (!existsSync(chemin)) continue;
    const fichiers = statSync(chemin).isDirectory()
      ? readdirSync(chemin, { recursive: true, withFileTypes: true })
          .filter((f) => f.isFile())
          .map((f) => path.join(f.parentPath, f.name))
      : [chemin];
    for (const fichier of fichiers) {
      const { size, mtimeMs } = statSync(fichier);
      lignes.push(`${path.relative(racine, fichier)}\t${size}\t${mtimeMs}`);
    }
  }
  return createHash('sha256').update(lignes.sort().join('\n')).digest('hex');
}

const lireTampon = () => {
  try {
    return JSON.parse(readFileSync(TAMPON, 'utf8')).empreinte;
  } catch {
    return undefined;
  }
};

// Taken before building: a source saved during the build makes the next start build again.
const actuelle = empreinte();
const produitsPresents = PRODUITS.every((p) => existsSync(path.join(racine, p)));
if (produitsPresents && lireTampon() === actuelle) {
  console.log('Construction à jour : aucune source modifiée depuis la dernière construction.');
} else {
  console.log(produitsPresents ? 'Sources modifiées depuis la dernière construction : construction…' : 'Première construction…');
  const { status } = spawnSync('npm', ['run', 'build'], { cwd: racine, stdio: 'inherit', shell: process.platform === 'win32' });
  if (status !== 0) process.exit(status ?? 1);
  mkdirSync(path.dirname(TAMPON), { recursive: true });
  writeFileSync(TAMPON, JSON.stringify({ empreinte: actuelle, date: new Date().toISOString() }) + '\n');
}
