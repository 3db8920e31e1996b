import v8 from 'node:v8';
import vm from 'node:vm';
import { FORMATS_IMPRESSION, formatJour, libelleAdresse, type FormatImpression } from '@debarras/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { debarras, debarrasObjet, levee, objet, secteur } from '../db/schema.js';
import { journeeExempleAvecTournees } from '../cli/journeeExemple.js';
import { feuillesDeRoute, rendreFeuilles, tasDesRendus } from '../documents/index.js';
import { enregistrer, type SaisieAdresse } from '../modules/adresse/service.js';
import { pourFeuillesDeRoute } from '../modules/debarras/index.js';
import { imprimerFeuilles } from '../modules/impression/service.js';
import { activesLe } from '../modules/levee/index.js';
import { oublierOrdresCalcules } from '../modules/tournee/index.js';
import { generateur } from '../seed/aleatoire.js';
import { SECTEURS_DEMO, SECTEURS_DEMO_ACTIFS } from '../seed/demo.js';
import { REGISTRE } from './adresses.js';
import { groupe, type Section, type Verification } from './mesure.js';

/** Years after the Débarras section's levées (they stop two months ahead): the day holds only the five levées below. */
export const JOUR = '2031-03-12';
const PAR = 'bench';
/** Five sector rounds of 30: the 150-débarras day of the target. */
const PAR_LEVEE = 30;
const NB_DEBARRAS = SECTEURS_DEMO_ACTIFS.length * PAR_LEVEE;

/** Issue target: a 150-débarras day in any format, median of 20 renderings under half a second. */
const P50_MAX_MS = 500;
const RENDUS = 20;
const RENDUS_ECHAUFFEMENT = 5;

/** Days rendered in a row, and after which of them the heap is read once garbage-collected. */
const JOURS_DE_SUITE = 50;
/** By then the code is compiled and every cache full: growth from there on is memory kept per document. */
const JOUR_CHAUD = 10;
const RELEVES: readonly number[] = [1, JOUR_CHAUD, 25, JOURS_DE_SUITE];
/** How much the heap may grow from the warm day to the last. */
const CROISSANCE_MAX_MO = 20;
const MO = 1024 * 1024;

const NOMS = [
  'Favre',
  'Rochat',
  'Meylan',
  'Dubois',
  'Perret',
  'Schneider',
  'Da Silva',
  'Bonvin',
  'Nguyen',
  'Keller',
  'Oltramare',
  'Gonzalez',
];
const PRENOMS = ['Marie', 'Jean', 'Sophie', 'Luc', 'Fatima', 'Mehmet', 'Elena', 'Giulia', 'Thomas', 'Chantal'];
const PRECISIONS = [
  'Cour intérieure, code porte 4521',
  'Concierge : M. Blanc, 2e sous-sol',
  'Devant le garage, côté rue',
  'Local poubelles, clé chez la régie',
  'Entrée B, au pied de l’immeuble',
];
const TRAVAUX = ['Trottoir fermé jusqu’au 15.03 : déposer côté parc', 'Chantier devant le n° : accès par la contre-allée'];
const REMARQUES_OBJET = ['Objets au bas de l’escalier', 'Démonté, en plusieurs paquets', 'Très lourd : prévoir deux personnes'];
const REMARQUES_LIEU = ['Accès par la rue arrière', 'Stationnement difficile, zone bleue', 'Rue piétonne : livraisons avant 11 h'];
const REMARQUES_GENERALES = ['Appeler 15 minutes avant', 'Personne âgée, sonner longtemps', 'Absent le matin, objets déjà sortis'];
const REMARQUES_LIGNE = ['démonté', 'cuir', 'très lourd', 'sans pieds'];

/** `nombre` distinct addresses of the sector, drawn from the canton's synthetic register. */
function adressesDuSecteur(libelle: string, nombre: number, alea: ReturnType<typeof generateur>): SaisieAdresse[] {
  const duSecteur = REGISTRE.filter((a) => a.secteur === libelle);
  const choisies = new Set<SaisieAdresse>();
  while (choisies.size < nombre) choisies.add(alea.choix(duSecteur));
  return [...choisies];
}

/**
 * The day's five standard levées and their 150 ACTIF débarras, with everything a route sheet
 * prints. Their addresses go into the register (a no-op when the earlier sections loaded it): the
 * crew's order sorts on its street and number columns.
 */
async function semer(db: Db) {
  const alea = generateur(20310312);
  await db
    .insert(secteur)
    .values(SECTEURS_DEMO.map((s) => ({ ...s, createdBy: PAR, lastModifiedBy: PAR })))
    .onConflictDoNothing();
  const secteurs = await db
    .select({ id: secteur.idSecteur, libelle: secteur.libelle })
    .from(secteur)
    .where(inArray(secteur.libelle, SECTEURS_DEMO_ACTIFS))
    .orderBy(asc(secteur.idSecteur));
  const adresses = secteurs.map((s) => adressesDuSecteur(s.libelle, PAR_LEVEE, alea));
  await db.transaction((tx) => enregistrer(tx, adresses.flat(), PAR));
  const objets = await db
    .select({ id: objet.idObjet })
    .from(objet)
    .where(and(eq(objet.actif, 1), eq(objet.type, 'Objet')))
    .orderBy(asc(objet.ordre));
  await db.transaction(async (tx) => {
    const levees = await tx
      .insert(levee)
      .values(secteurs.map((s) => ({ dateLevee: JOUR, idSecteur: s.id, nbDebarrasMax: 40, createdBy: PAR, lastModifiedBy: PAR })))
      .returning({ id: levee.idLevee });
    const lignes = levees.flatMap((l, n) =>
      adresses[n]!.map((a, i) => {
        const sauvage = alea.vrai(0.07);
        const avecPrecision = alea.vrai(0.35);
        return {
          numero: `${JOUR.slice(0, 4)}-${String(n * PAR_LEVEE + i + 1).padStart(5, '0')}`,
          typeDemande: alea.choix(['TELEPHONE', 'TELEPHONE', 'INTERNET', 'ECRIT', 'ORAL']),
          sauvage,
          idpAdr: a.idpAdr,
          adresse: libelleAdresse(a),
          secteurAdresse: a.secteur,
          idLevee: l.id,
          // a wild dump has nobody to call
          nomPersonne: sauvage ? null : `${alea.choix(NOMS)} ${alea.choix(PRENOMS)}`,
          telephone: sauvage ? null : `079 ${alea.entier(100, 999)} ${alea.entier(10, 99)} ${alea.entier(10, 99)}`,
          email: !sauvage && alea.vrai(0.4) ? `demandeur${n * PAR_LEVEE + i}@example.org` : null,
          precisionLieu: avecPrecision ? alea.choix(PRECISIONS) : null,
          inclurePrecisionLieu: !avecPrecision || alea.vrai(0.8),
          travaux: alea.vrai(0.06) ? alea.choix(TRAVAUX) : null,
          remarqueObjet: alea.vrai(0.2) ? alea.choix(REMARQUES_OBJET) : null,
          remarqueLieu: alea.vrai(0.15) ? alea.choix(REMARQUES_LIEU) : null,
          remarqueGenerale: alea.vrai(0.1) ? alea.choix(REMARQUES_GENERALES) : null,
          punaises: alea.vrai(0.05),
          punaisesDechets: alea.vrai(0.03),
          createdBy: PAR,
          lastModifiedBy: PAR,
        };
      }),
    );
    const inseres = await tx.insert(debarras).values(lignes).returning({ id: debarras.idDebarras });
    await tx.insert(debarrasObjet).values(
      inseres.flatMap((d) => {
        const premier = alea.entier(0, objets.length - 1);
        return Array.from({ length: alea.entier(1, 3) }, (_, k) => ({
          idDebarras: d.id,
          idObjet: objets[(premier + k * 5) % objets.length]!.id,
          quantite: alea.entier(1, 4),
          remarque: alea.vrai(0.25) ? alea.choix(REMARQUES_LIGNE) : null,
          createdBy: PAR,
          lastModifiedBy: PAR,
        }));
      }),
    );
  });
  // what GET /levee/print/ will read: the day must be exactly the one loaded here
  const levees = await activesLe(db, JOUR);
  const lus = await pourFeuillesDeRoute(
    db,
    levees.map((l) => l.idLevee),
  );
  if (levees.length !== secteurs.length || lus.length !== NB_DEBARRAS) {
    throw new Error(
      `Jour du ${formatJour(JOUR)} : ${levees.length} levées et ${lus.length} débarras lus, ${secteurs.length} et ${NB_DEBARRAS} attendus.`,
    );
  }
  const objetsLus = lus.reduce((n, d) => n + d.objets.length, 0);
  return `${levees.length} levées le ${formatJour(JOUR)}, ${lus.length} débarras ACTIF, ${objetsLus} lignes d'objets`;
}

/** The instants the sheets say they were edited at: the evening before, one second apart. */
const instants = (nombre: number, depart: number) =>
  Array.from({ length: nombre }, (_, i) => new Date(Date.UTC(2031, 2, 11, 16, 0, depart + i)));

/** `global.gc`, even when the bench was started without --expose-gc: a flag set now shows it in a new context. */
function ramasseMiettes(): () => void {
  if (globalThis.gc) return globalThis.gc;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * The memory still in use once collected twice, a turn of the event loop apart (what finalizers free goes on the
 * second); heapUsed adds the documents' worker thread's own heap, where they are laid out, collected likewise.
 */
async function memoireOccupee(gc: () => void) {
  gc();
  await new Promise((fin) => setImmediate(fin));
  gc();
  const memoire = process.memoryUsage();
  return { ...memoire, heapUsed: memoire.heapUsed + (await tasDesRendus()) };
}

const mo = (octets: number) => `${(octets / MO).toFixed(1)} Mo`;

/** A leak in the rendering path (a cache, a font, a closure kept per document) shows as a heap that grows day after day. */
const memoire = (db: Db): Verification => ({
  nom: `Mémoire : ${JOURS_DE_SUITE} jours de ${NB_DEBARRAS} débarras de suite (service, Word, Excel et Pdf à tour de rôle)`,
  async verifier() {
    const gc = ramasseMiettes();
    const releves = new Map<number, NodeJS.MemoryUsage>();
    for (let jour = 1; jour <= JOURS_DE_SUITE; jour++) {
      await imprimerFeuilles(db, JOUR, FORMATS_IMPRESSION[(jour - 1) % FORMATS_IMPRESSION.length]!, new Date());
      if (RELEVES.includes(jour)) releves.set(jour, await memoireOccupee(gc));
    }
    const croissance = releves.get(JOURS_DE_SUITE)!.heapUsed - releves.get(JOUR_CHAUD)!.heapUsed;
    const serie = (quoi: 'heapUsed' | 'arrayBuffers') => RELEVES.map((j) => `jour ${j} ${mo(releves.get(j)![quoi])}`).join(', ');
    const tenue = croissance < CROISSANCE_MAX_MO * MO;
    return {
      lignes: [
        `heapUsed après ramasse-miettes : ${serie('heapUsed')}`,
        // the documents themselves are Buffers, outside the heap: kept ones would show here only
        `arrayBuffers (pour information) : ${serie('arrayBuffers')}`,
        `heapUsed du jour ${JOUR_CHAUD} au jour ${JOURS_DE_SUITE} : ${croissance >= 0 ? '+' : ''}${mo(croissance)}  ${
          tenue ? `OK (< ${CROISSANCE_MAX_MO} Mo)` : `AU-DESSUS de ${CROISSANCE_MAX_MO} Mo`
        }`,
      ],
      tenue,
    };
  },
});

/**
 * Route sheets (`GET /levee/print/`): a 150-débarras day in each format, through the service as the
 * route calls it (the day's levées and débarras read from the database, the model, the rendering),
 * and rendered alone from an in-memory day of the same size, so that the database's share shows.
 */
export const sectionDocuments: Section = {
  nom: 'Documents',
  async preparer({ db }) {
    const donnees = await semer(db);
    // four sectors and the supplementary round journeeExemple always adds: five levées of 30, like the day above
    const exemple = await journeeExempleAvecTournees(JOUR, SECTEURS_DEMO_ACTIFS.slice(0, 4), PAR_LEVEE);
    const feuilles = (format: FormatImpression) =>
      groupe({
        nom: `Feuilles de route ${format} (${NB_DEBARRAS} débarras, ${SECTEURS_DEMO_ACTIFS.length} levées)`,
        entrees: instants(RENDUS, 0),
        echauffement: instants(RENDUS_ECHAUFFEMENT, RENDUS),
        mesures: [
          { nom: 'service (imprimerFeuilles)', executer: (instant) => imprimerFeuilles(db, JOUR, format, instant) },
          {
            // the day's first print: no round computed yet
            nom: 'service, tournées à calculer',
            executer: (instant) => {
              oublierOrdresCalcules();
              return imprimerFeuilles(db, JOUR, format, instant);
            },
          },
          {
            nom: 'rendu seul (sans base)',
            executer: (instant) =>
              rendreFeuilles(feuillesDeRoute(JOUR, exemple.levees, exemple.debarras, instant, exemple.tournees), format),
          },
        ],
        p50MaxMs: P50_MAX_MS,
      });
    return {
      donnees,
      groupes: FORMATS_IMPRESSION.map(feuilles),
      verifications: [memoire(db)],
    };
  },
};
