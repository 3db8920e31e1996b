import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Roboto, as pdfmake ships it: embedded in every PDF and Word document, so they print the same on any machine.
const dossier = path.dirname(createRequire(import.meta.url).resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));

export const POLICE = 'Roboto';
export const DOSSIER_POLICES = dossier;

export const FICHIERS_POLICE = {
  normal: path.join(dossier, 'Roboto-Regular.ttf'),
  bold: path.join(dossier, 'Roboto-Medium.ttf'),
  italics: path.join(dossier, 'Roboto-Italic.ttf'),
  bolditalics: path.join(dossier, 'Roboto-MediumItalic.ttf'),
};

let octets: Record<keyof typeof FICHIERS_POLICE, Buffer> | undefined;

/** The four faces' bytes, read once. */
export function octetsPolice() {
  octets ??= {
    normal: readFileSync(FICHIERS_POLICE.normal),
    bold: readFileSync(FICHIERS_POLICE.bold),
    italics: readFileSync(FICHIERS_POLICE.italics),
    bolditalics: readFileSync(FICHIERS_POLICE.bolditalics),
  };
  return octets;
}
