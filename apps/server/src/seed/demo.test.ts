import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { motDePasseDemo } from './demo.js';

describe('mot de passe des comptes de démonstration', () => {
  it('est DEMO_PASSWORD quand il est défini', () => {
    expect(motDePasseDemo('choisi-par-moi', mkdtempSync(path.join(tmpdir(), 'demo-')))).toBe('choisi-par-moi');
  });

  it('est généré une fois, gardé dans DATA_DIR et redonné aux démarrages suivants', () => {
    const dossier = mkdtempSync(path.join(tmpdir(), 'demo-'));
    const premier = motDePasseDemo(undefined, dossier);
    expect(premier.length).toBeGreaterThanOrEqual(12);
    expect(motDePasseDemo(undefined, dossier)).toBe(premier);
    expect(readFileSync(path.join(dossier, 'mot-de-passe-demo.txt'), 'utf8').trim()).toBe(premier);
  });
});
