import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { modelePglite, modelePostgres } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database each test file copies: a PGlite dump's file, or a PostgreSQL database's name. */
    modeleBase: { moteur: 'pglite'; fichier: string } | { moteur: 'postgresql'; nom: string };
  }
}

/**
 * Migrates one database for the whole run, which each test file then copies, instead of creating
 * and migrating its own (docs/architecture.md "Tests").
 */
export default async function preparerModele(projet: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const modele = await modelePostgres(url, 'debarras_test');
    projet.provide('modeleBase', { moteur: 'postgresql', nom: modele.nom });
    return modele.supprimer;
  }
  const dossier = mkdtempSync(path.join(tmpdir(), 'debarras-modele-'));
  const fichier = path.join(dossier, 'modele.tar');
  writeFileSync(fichier, Buffer.from(await (await modelePglite()).arrayBuffer()));
  projet.provide('modeleBase', { moteur: 'pglite', fichier });
  return () => rmSync(dossier, { recursive: true, force: true });
}
