import { performance } from 'node:perf_hooks';
import { JOURS_RECURRENCE, ajouterJours } from '@debarras/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { levee, recurrence, recurrenceObjet, secteur } from '../db/schema.js';
import { joursOuvrables } from '../joursOuvrables.js';
import { creerDebarrasRecurrents } from '../modules/recurrence/index.js';
import { acceptes } from '../modules/objet/index.js';
import { generateur } from '../seed/aleatoire.js';
import { SECTEURS_DEMO_ACTIFS } from '../seed/demo.js';
import { REGISTRE } from './adresses.js';
import type { Section, Verification } from './mesure.js';

/** Years after the other sections' levées: the 90 days hold only the levées below. */
const JOUR = '2033-01-10';
const HORIZON_JOURS = 90;
const NB_RECURRENCES = 500;
/** Issue target: the job over 500 active récurrences and a 90-day horizon within 10 s. */
const MAX_S = 10;
const PAR = 'bench';

async function preparer(db: Db) {
  const alea = generateur(15);
  const secteurs = await db
    .select()
    .from(secteur)
    .where(inArray(secteur.libelle, [...SECTEURS_DEMO_ACTIFS]));
  const jours = joursOuvrables(ajouterJours(JOUR, 1), ajouterJours(JOUR, HORIZON_JOURS));
  await db
    .insert(levee)
    .values(
      secteurs.flatMap((s) =>
        jours.map((dateLevee) => ({ dateLevee, idSecteur: s.idSecteur, nbDebarrasMax: 60, createdBy: PAR, lastModifiedBy: PAR })),
      ),
    );
  const adresses = REGISTRE.filter((a) => a.secteur && secteurs.some((s) => s.libelle === a.secteur));
  const objets = await acceptes(db);
  const crees = await db
    .insert(recurrence)
    .values(
      Array.from({ length: NB_RECURRENCES }, (_, i) => {
        const a = adresses[(i * 37) % adresses.length]!;
        const premier = alea.entier(0, 3);
        return {
          idpAdr: a.idpAdr,
          adresse: `${a.nomVoie} ${a.noAdresse ?? ''}`.trim(),
          jours: [JOURS_RECURRENCE[premier], JOURS_RECURRENCE[premier + 1 + alea.entier(0, 3 - premier)]].join(','),
          dateDebut: JOUR,
          remarque: 'Local des encombrants',
          nomPersonne: `Régie ${i}`,
          telephone: '022 418 00 00',
          createdBy: PAR,
          lastModifiedBy: PAR,
        };
      }),
    )
    .returning({ idRecurrence: recurrence.idRecurrence });
  await db.insert(recurrenceObjet).values(
    crees.flatMap((r) => [
      { idRecurrence: r.idRecurrence, idObjet: objets[0]!, quantite: 2 },
      { idRecurrence: r.idRecurrence, idObjet: objets[1]!, quantite: 1 },
    ]),
  );
  return { levees: secteurs.length * jours.length };
}

function tache(db: Db): Verification {
  return {
    nom: `Tâche des débarras récurrents : ${NB_RECURRENCES} récurrences actives, horizon de ${HORIZON_JOURS} jours`,
    async verifier() {
      let debut = performance.now();
      const premier = await creerDebarrasRecurrents(db, JOUR);
      const dureePremier = (performance.now() - debut) / 1000;
      debut = performance.now();
      const second = await creerDebarrasRecurrents(db, JOUR);
      const dureeSecond = (performance.now() - debut) / 1000;
      const tenue = dureePremier <= MAX_S && second.crees === 0;
      return {
        tenue,
        lignes: [
          `premier passage : ${premier.crees} débarras créés sur ${premier.levees} levées en ${dureePremier.toFixed(1)} s  ${dureePremier <= MAX_S ? `OK (≤ ${MAX_S} s)` : `AU-DESSUS de ${MAX_S} s`}`,
          `second passage  : ${second.crees} débarras créés en ${dureeSecond.toFixed(2)} s  ${second.crees === 0 ? 'OK (rien deux fois)' : 'EN DOUBLE'}`,
        ],
      };
    },
  };
}

export const sectionRecurrences: Section = {
  nom: 'Débarras récurrents',
  async preparer(base) {
    const { levees } = await preparer(base.db);
    return {
      donnees: `${NB_RECURRENCES} récurrences, ${levees} levées standard sur ${HORIZON_JOURS} jours`,
      groupes: [],
      verifications: [tache(base.db)],
    };
  },
};
