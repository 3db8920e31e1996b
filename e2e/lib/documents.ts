import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Session } from './navigateur.js';

/**
 * The address of the document a click opens in a new tab, as the tab asked for it: a browser with a PDF viewer shows
 * it, the headless shell the journeys run in saves it, and the tab's own address then stays blank. The tab is then
 * closed.
 */
export async function adresseOuvertePar(s: Session, clic: () => Promise<void>): Promise<string> {
  const navigation = s.contexte.waitForEvent('request', {
    predicate: (r) => {
      if (!r.isNavigationRequest()) return false;
      try {
        return r.frame().page() !== s.page;
      } catch {
        // a new tab's first navigation comes before its frame: it is the one looked for
        return true;
      }
    },
  });
  const [onglet] = await Promise.all([s.contexte.waitForEvent('page'), clic()]);
  const adresse = (await navigation).url();
  // the tests read the document again themselves: the tab is closed, the screen behind it in front again
  await onglet.close();
  return adresse;
}

/** The text of the PDF at this address, as `pdftotext` (Debian's poppler-utils) reads it, in reading order. */
export async function textePdf(s: Session, url: string): Promise<string> {
  const reponse = await s.page.request.get(url);
  expect(reponse.status()).toBe(200);
  const fichier = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), 'document.pdf');
  writeFileSync(fichier, await reponse.body());
  return execFileSync('pdftotext', ['-layout', fichier, '-'], { encoding: 'utf8' });
}
