/**
 * `npm run documents:exemple`: renders the golden day (documents/exemple.ts) in every format under
 * docs/documents/, with each PDF page as a PNG (pdftoppm, Debian's poppler-utils) for reviewers.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { nomFichierDebarras, nomFichierFeuilles, FORMATS_IMPRESSION, urlTourneeEquipe } from '@debarras/domain';
import { feuillesDeRoute, ficheEnPdf, rendreFeuilles } from '../documents/index.js';
import { journeeExempleAvecTournees } from './journeeExemple.js';

const JOUR = '2026-11-25';
const EDITION = new Date('2026-11-24T15:00:00Z');
const dossier = path.resolve(process.argv[2] ?? 'docs/documents');

mkdirSync(dossier, { recursive: true });
for (const f of readdirSync(dossier)) if (/\.(docx|xlsx|pdf|png)$/.test(f)) rmSync(path.join(dossier, f));

// three levées: two sectors, one supplementary; flags, works and excluded precisions among them
const { levees, debarras, tournees } = await journeeExempleAvecTournees(JOUR, ['Rive droite', 'Rive gauche'], 9);
// each levée's crews' link, as a print by staff gives it: a made-up token of the real length (43 characters)
const liens = new Map(
  levees.map((l, i) => [
    l.idLevee,
    {
      url: urlTourneeEquipe('https://debarras.geneve.ch/webdeb/', `exemple${i}`.padEnd(43, 'X')),
      valideDu: '2026-11-23T23:00:00.000Z',
      valideAu: '2026-11-25T11:00:00.000Z',
    },
  ]),
);
const feuilles = feuillesDeRoute(JOUR, levees, debarras, EDITION, tournees, new Map(), liens);
for (const format of FORMATS_IMPRESSION) {
  writeFileSync(path.join(dossier, nomFichierFeuilles(JOUR, format)), await rendreFeuilles(feuilles, format));
}
const pdf = path.join(dossier, nomFichierFeuilles(JOUR, 'Pdf'));
execFileSync('pdftoppm', ['-png', '-r', '80', pdf, path.join(dossier, 'feuilles-de-route-page')]);

const d = debarras.find((x) => x.sauvage || x.punaises)!;
const fiche = await ficheEnPdf(
  {
    idDebarras: 1,
    numero: d.numero,
    statut: 'ACTIF',
    typeDemande: 'TELEPHONE',
    recurrent: false,
    sauvage: d.sauvage ? '1' : '0',
    adresse: { idpAdr: '1', adresse: d.adresse, secteur: 'Rive droite' },
    nomPersonne: 'Favre A.',
    telephone: '079 100 10 42',
    email: 'a.favre@example.ch',
    punaises: d.punaises ? 'true' : 'false',
    punaisesDechets: d.punaisesDechets ? 'true' : 'false',
    levee: levees[0]!,
    precisionLieu: 'Concierge : M. Blanc, 2e sous-sol',
    inclurePrecisionLieu: '0',
    travaux: null,
    remarqueLieu: 'Accès par la rue arrière',
    remarqueGenerale: null,
    remarqueObjet: 'Au bas de l’escalier, côté cour',
    pointDepotX: null,
    pointDepotY: null,
    debarrasObjets: d.objets.map((o, i) => ({
      idDebarrasObjet: i + 1,
      objet: { idObjet: i + 1, libelle: o.libelle },
      quantite: o.quantite,
      remarque: o.remarque,
    })),
    resultat: null,
    createdDate: '2026-11-20T08:12:00Z',
    createdBy: 'gestion',
    lastModifiedDate: '2026-11-23T14:40:00Z',
    lastModifiedBy: 'admin',
    version: 2,
  },
  EDITION,
);
const nomFiche = path.join(dossier, nomFichierDebarras(d.numero));
writeFileSync(nomFiche, fiche);
execFileSync('pdftoppm', ['-png', '-r', '80', nomFiche, path.join(dossier, 'debarras-page')]);
console.log(`Documents d'exemple écrits dans ${dossier} : ${readdirSync(dossier).join(', ')}`);
