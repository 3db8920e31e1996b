/**
 * The demo's récurrences, on addresses of the synthetic register (seed/adresses.ts): a housing agency
 * on Mondays and Thursdays, a school on Wednesdays until the summer, and one deactivated. Saved as staff
 * would, they create their débarras on the coming levées at once. An address the register lacks is skipped.
 */
import { ajouterJours, aujourdhui, recurrenceSaisieSchema, type RecurrenceSaisie } from '@debarras/domain';
import type { Db } from '../db/client.js';
import { trouver } from '../modules/adresse/index.js';
import { acceptes } from '../modules/objet/index.js';
import * as recurrences from '../modules/recurrence/index.js';
import { UTILISATEUR_SYSTEME } from './reference.js';

const RECURRENCES_DEMO: Array<Omit<RecurrenceSaisie, 'dateDebut' | 'recurrenceObjets'> & { objets: number[] }> = [
  {
    adresse: { idpAdr: '6621000101' },
    recurrence: 'lundi,jeudi',
    remarque: 'Local des encombrants au sous-sol, clé chez le concierge',
    remarqueObjet: 'Surtout des meubles laissés par les locataires sortants',
    nomPersonne: 'Régie du Rhône',
    telephone: '022 310 10 10',
    email: 'technique@regie-rhone.example',
    objets: [2, 1],
  },
  {
    adresse: { idpAdr: '6621001301' },
    recurrence: 'mercredi',
    remarque: 'Entrée par le préau',
    remarqueObjet: 'Mobilier scolaire',
    nomPersonne: 'École des Pâquis, intendance',
    telephone: '022 418 20 20',
    objets: [3],
  },
  {
    adresse: { idpAdr: '6621002101' },
    recurrence: 'vendredi',
    remarque: 'Arrêtée à la demande de la gérance',
    isActif: false,
    objets: [],
  },
];

export async function semerRecurrencesDemo(db: Db, maintenant: Date): Promise<string[]> {
  if (!(await recurrences.estVide(db))) return [];
  const jour = aujourdhui(maintenant);
  const objets = await acceptes(db);
  let semees = 0;
  let debarras = 0;
  for (const { objets: rangs, ...r } of RECURRENCES_DEMO) {
    if (!(await trouver(db, r.adresse.idpAdr))) continue;
    const saisie = recurrenceSaisieSchema.parse({
      ...r,
      dateDebut: jour,
      dateFin: r.recurrence === 'mercredi' ? ajouterJours(jour, 200) : null,
      recurrenceObjets: rangs.flatMap((rang, i) => (objets[rang] ? [{ objet: { idObjet: objets[rang] }, quantite: i + 1 }] : [])),
    });
    debarras += (await recurrences.enregistrer(db, saisie, UTILISATEUR_SYSTEME, jour)).debarrasCrees;
    semees++;
  }
  return semees ? [`${semees} récurrences (${debarras} débarras récurrents à venir)`] : [];
}
