import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Session } from './navigateur.js';

/** The tab a click opens, once its document has arrived. */
export async function ongletOuvertPar(s: Session, clic: () => Promise<void>) {
  const [onglet] = await Promise.all([s.contexte.waitForEvent('page'), clic()]);
  await onglet.waitForLoadState('domcontentloaded').catch(() => undefined);
  return onglet;
}

/** The text of the PDF at this address, as `pdftotext` (Debian's poppler-utils) reads it, in reading order. */
export async function textePdf(s: Session, url: string): Promise<string> {
  const reponse = await s.page.request.get(url);
  expect(reponse.status()).toBe(200);
  const fichier = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), 'document.pdf');
  writeFileSync(fichier, await reponse.body());
  return execFileSync('pdftotext', ['-layout', fichier, '-'], { encoding: 'utf8' });
}
