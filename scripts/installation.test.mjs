import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm install', () => {
  // npm 11 warns at every install about a dependency's install script that allowScripts does not name
  // (docs/decisions.md « Versions des outils »)
  it("nomme dans allowScripts chaque dépendance qui a un script d'installation : un clone neuf s'installe sans avertissement", () => {
    const resultat = spawnSync('npm', ['install-scripts', 'ls'], { cwd: path.join(import.meta.dirname, '..'), encoding: 'utf8' });
    expect(resultat.status).toBe(0);
    expect(resultat.stdout + resultat.stderr).not.toMatch(/not yet covered/);
  });
});
