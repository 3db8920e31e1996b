/**
 * The demo's address exceptions, on addresses of the synthetic register (seed/adresses.ts): depot
 * points with their public and internal remarks, works (one period around the day the demo is
 * seeded, one ahead), an exception without point, one inactive. Each point lies a few metres from
 * its address. An address the register lacks (a real import replaced it) is skipped.
 */
import { adresseExceptionSaisieSchema, ajouterJours, aujourdhui } from '@debarras/domain';
import type { Db } from '../db/client.js';
import { trouver } from '../modules/adresse/index.js';
import * as exceptions from '../modules/adresseException/index.js';
import { UTILISATEUR_SYSTEME } from './reference.js';

interface ExceptionDemo {
  idpadr: string;
  remarqueInterne: string;
  remarquePublique?: string;
  /** The depot point's offset from the address, in metres east and north. */
  depot?: [number, number];
  /** Works from `debut` to `fin` days after the demo's today, their point's offset from the address. */
  travaux?: { remarque: string; debut: number; fin: number; point: [number, number] };
  statut?: 'INACTIF';
}

const EXCEPTIONS_DEMO: ExceptionDemo[] = [
  {
    idpadr: '6621000001',
    remarqueInterne: 'Concierge joignable au 022 000 00 01',
    remarquePublique: 'Déposer devant le local à conteneurs, côté cour',
    depot: [4.5, -3],
  },
  {
    idpadr: '6621002501',
    remarqueInterne: 'Rue piétonne le samedi',
    remarquePublique: 'Déposer au coin de la rue, devant la boulangerie',
    depot: [-6, 2.5],
    travaux: {
      remarque: 'Trottoir fermé (réfection des conduites) : déposer de l’autre côté de la rue',
      debut: -7,
      fin: 14,
      point: [0, 9],
    },
  },
  {
    idpadr: '6621005001',
    remarqueInterne: 'Cour intérieure, code 4521',
    remarquePublique: 'Déposer sous le porche, à gauche de la porte',
    depot: [2, 3.5],
  },
  {
    idpadr: '6621007501',
    remarqueInterne: 'Accès camion impossible : ruelle étroite',
    remarquePublique: 'Déposer en haut de la ruelle, près de la fontaine',
    depot: [-8, -5],
    travaux: { remarque: 'Chantier de façade : déposer devant le n° voisin', debut: 21, fin: 35, point: [7, 0] },
  },
  { idpadr: '6621010001', remarqueInterne: 'Sonner chez le gérant, 1er étage' },
  {
    idpadr: '6621012501',
    remarqueInterne: 'Immeuble en copropriété',
    remarquePublique: 'Déposer derrière la haie, à côté des vélos',
    depot: [3, 6],
  },
  {
    idpadr: '6621015001',
    remarqueInterne: 'Parking souterrain, niveau -1',
    remarquePublique: 'Déposer devant la rampe du parking',
    depot: [-4, 1.5],
  },
  {
    idpadr: '6621016251',
    remarqueInterne: 'Ancien point de dépôt, avant la rénovation de la cour',
    remarquePublique: 'Déposer dans la cour, contre le mur',
    depot: [5, 5],
    statut: 'INACTIF',
  },
];

/** Seeds the demo exceptions while the table is empty; answers what it seeded, for the demo's log line. */
export async function semerExceptionsDemo(db: Db, maintenant: Date): Promise<string[]> {
  if (!(await exceptions.estVide(db))) return [];
  const jour = aujourdhui(maintenant);
  let semees = 0;
  for (const e of EXCEPTIONS_DEMO) {
    const adresse = await trouver(db, e.idpadr);
    if (!adresse) continue;
    const a = (ecart: number, axe: number) => Math.round((axe + ecart) * 100) / 100;
    const saisie = adresseExceptionSaisieSchema.parse({
      idpadr: e.idpadr,
      remarqueInterne: e.remarqueInterne,
      remarquePublique: e.remarquePublique,
      xdepot: e.depot && a(e.depot[0], adresse.x),
      ydepot: e.depot && a(e.depot[1], adresse.y),
      remarqueTravaux: e.travaux?.remarque,
      dateDebutTravaux: e.travaux && ajouterJours(jour, e.travaux.debut),
      dateFinTravaux: e.travaux && ajouterJours(jour, e.travaux.fin),
      xtravaux: e.travaux && a(e.travaux.point[0], adresse.x),
      ytravaux: e.travaux && a(e.travaux.point[1], adresse.y),
      statut: e.statut,
    });
    await exceptions.enregistrer(db, saisie, UTILISATEUR_SYSTEME);
    semees++;
  }
  return semees ? [`${semees} adresses exceptions`] : [];
}
