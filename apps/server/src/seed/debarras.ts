/**
 * The demo's débarras history, generated deterministically from the day it is seeded: the
 * standard levées of the last 60 days (each with about 30 débarras, archived but the last working
 * day's) and the rounds already booked ahead, fuller near today and empty about three weeks on.
 * Requesters are plainly synthetic ('Demandeur 0042', 022 000 00 42, example.org).
 */
import {
  ajouterJours,
  aujourdhui,
  formatNumero,
  FUSEAU_HORAIRE,
  LEVEE_HORIZON_JOURS_DEFAUT,
  type TypeDemande,
  type TypeJournal,
} from '@debarras/domain';
import type { Db, Tx } from '../db/client.js';
import { estJourOuvrable, joursOuvrables } from '../joursOuvrables.js';
import { PLANIFICATEUR, planifierLevees } from '../jobs/planification.js';
import { sectorisees } from '../modules/adresse/index.js';
import { derniersNumeros, insererHistorique, type DebarrasHistorique } from '../modules/debarras/index.js';
import * as levees from '../modules/levee/index.js';
import { acceptes as objetsAcceptes } from '../modules/objet/index.js';
import { maxDebarrasLevee } from '../modules/parametre/index.js';
import { actifsEntre } from '../modules/secteur/index.js';
import { generateur } from './aleatoire.js';

export const JOURS_HISTORIQUE = 60;
/** The longest a request is made ahead of its levée, in calendar days (before moving off a weekend). */
const AVANCE_MAX = 21;
/** The demo accounts that may create débarras, and the name online bookings are created under. */
const GESTION = 'gestion';
const ADMIN = 'admin';
const INTERNET = 'internet';

type Alea = ReturnType<typeof generateur>;

interface LeveeSemee {
  idLevee: number;
  dateLevee: string;
  max: number;
  secteur: string;
  archivage: Date | null;
}

interface AdresseSemee {
  idpAdr: string;
  adresse: string;
  secteur: string;
}

interface Demande {
  levee: LeveeSemee;
  creation: Date;
  validation: Date | null;
  auteur: string;
  typeDemande: TypeDemande;
  sauvage: boolean;
  punaises: boolean;
  punaisesDechets: boolean;
  adresse: AdresseSemee;
  precisionLieu: string | null;
  contact: { telephone: '022' | '079' | null; email: boolean };
  objets: Array<{ idObjet: number; quantite: number }>;
}

const PRECISIONS_LIEU = [
  "Devant l'entrée de l'immeuble",
  'Au bord du trottoir',
  'Dans la cour intérieure',
  'À côté des conteneurs',
  'Devant le garage',
  "Sous l'arcade",
  "Au fond de l'allée",
  'Près de la boîte aux lettres',
];
const PRECISIONS_SAUVAGE = ['Dépôt sauvage sur le trottoir', 'Dépôt sauvage près des conteneurs', "Dépôt sauvage au pied de l'arbre"];

const heureGeneve = new Intl.DateTimeFormat('en-GB', { timeZone: FUSEAU_HORAIRE, hour: '2-digit', hourCycle: 'h23' });
const decalages = new Map<string, number>();

/**
 * `minutes` after midnight in Geneva on `jour`, at that day's noon offset: exact for the office
 * hours used here, and an hour off only for the planning's 1 o'clock on the two clock-change days.
 */
function aGeneve(jour: string, minutes: number, secondes = 0): Date {
  let decalage = decalages.get(jour);
  if (decalage === undefined) {
    decalage = Number(heureGeneve.format(new Date(`${jour}T12:00:00Z`))) - 12;
    decalages.set(jour, decalage);
  }
  return new Date(Date.parse(`${jour}T00:00:00Z`) + ((minutes - decalage * 60) * 60 + secondes) * 1000);
}

const ouvrables = new Map<string, string>();

/** The day itself, or the working day before it; remembered, as the holiday calendar is slow to ask. */
function jourOuvrableAuPlusTard(jour: string): string {
  let trouve = ouvrables.get(jour);
  if (trouve === undefined) {
    trouve = jour;
    while (!estJourOuvrable(trouve)) trouve = ajouterJours(trouve, -1);
    ouvrables.set(jour, trouve);
  }
  return trouve;
}

/**
 * The standard levées of the past working days, as the planning would have made them (those it
 * already made, a server having started earlier, are kept). Staff archive a round the next
 * working day, a day's rounds together: all are archived but the last working day's, left for
 * staff to archive (and for the demo to show how).
 */
async function leveesPassees(tx: Tx, debut: string, jour: string) {
  const veille = ajouterJours(jour, -1);
  const max = await maxDebarrasLevee(tx);
  const secteurs = await actifsEntre(tx, debut, veille);
  const alea = generateur(9001);
  const jours = joursOuvrables(debut, veille);
  const passees = jours.flatMap((dateLevee) =>
    secteurs
      .filter((s) => dateLevee >= s.dateDebut && (!s.dateFin || dateLevee <= s.dateFin))
      .map((s) => {
        // planned at 1 o'clock, the default horizon ahead
        const planifiee = aGeneve(ajouterJours(dateLevee, -LEVEE_HORIZON_JOURS_DEFAUT), 60);
        const audit = { createdDate: planifiee, createdBy: PLANIFICATEUR, lastModifiedDate: planifiee, lastModifiedBy: PLANIFICATEUR };
        return { dateLevee, idSecteur: s.idSecteur, nbDebarrasMax: max, kilometrage: alea.entier(180, 520) / 10, ...audit };
      }),
  );
  await levees.insererStandards(tx, passees);
  const archivages = jours.slice(0, -1).map((j, i) => ({
    jour: j,
    instant: aGeneve(jours[i + 1]!, alea.entier(7 * 60 + 30, 9 * 60 + 30), alea.entier(0, 59)),
  }));
  await levees.archiverStandardsParJour(tx, archivages, GESTION);
}

/** The standard levées from `debut` to `fin` that take débarras, in date then sector order. */
async function leveesSemees(tx: Tx, debut: string, fin: string): Promise<LeveeSemee[]> {
  const lignes = await levees.standardsEntre(tx, debut, fin);
  return lignes.map((l) => ({ ...l, archivage: l.statut === 'ARCHIVE' ? l.modifiee : null }));
}

async function adressesParSecteur(tx: Tx) {
  const parSecteur = new Map<string, AdresseSemee[]>();
  for (const a of await sectorisees(tx)) {
    const liste = parSecteur.get(a.secteur) ?? [];
    liste.push(a);
    parSecteur.set(a.secteur, liste);
  }
  return parSecteur;
}

function typeDemande(alea: Alea, sauvage: boolean): TypeDemande {
  const r = alea.nombre();
  if (sauvage) return r < 0.8 ? 'TELEPHONE' : 'ORAL';
  return r < 0.6 ? 'TELEPHONE' : r < 0.8 ? 'ORAL' : r < 0.96 ? 'ECRIT' : 'INTERNET';
}

function contact(alea: Alea, type: TypeDemande, sauvage: boolean): Demande['contact'] {
  if (sauvage) return { telephone: null, email: false };
  const [parTelephone, parEmail] = ({ TELEPHONE: [1, 0.2], ORAL: [0.95, 0.15], ECRIT: [0.7, 0.4], INTERNET: [0.6, 1] } as const)[type];
  const telephone = alea.vrai(parTelephone) ? (alea.vrai(0.5) ? '022' : '079') : null;
  return { telephone, email: alea.vrai(parEmail) || !telephone };
}

function objets(alea: Alea, acceptes: number[]) {
  const nombre = Math.min(acceptes.length, alea.choix([1, 1, 1, 1, 2, 2, 2, 3, 3, 4]));
  const choisis = new Set<number>();
  while (choisis.size < nombre) choisis.add(alea.choix(acceptes));
  return [...choisis].map((idObjet) => ({ idObjet, quantite: alea.choix([1, 1, 1, 1, 1, 1, 2, 2, 2, 3]) }));
}

/**
 * Each levée is given a number of requests (mostly its max, rarely one or two over, as staff may
 * force), each made some days ahead: short notice is the most common. A request whose day has not
 * come yet is left out, which is what leaves the coming rounds part-booked.
 */
function demandes(levees: LeveeSemee[], adresses: Map<string, AdresseSemee[]>, acceptes: number[], maintenant: Date): Demande[] {
  const alea = generateur(1204);
  const resultat: Demande[] = [];
  for (const l of levees) {
    const registre = adresses.get(l.secteur);
    if (!registre?.length || !acceptes.length) continue;
    const r = alea.nombre();
    const voulues = r < 0.02 && l.max > 0 ? l.max + alea.entier(1, 2) : r < 0.65 ? l.max : Math.max(0, l.max - alea.entier(1, 6));
    for (let i = 0; i < voulues; i++) {
      const sauvage = alea.vrai(0.05);
      const type = typeDemande(alea, sauvage);
      const avance = sauvage ? alea.entier(0, 2) : 1 + Math.floor(AVANCE_MAX * alea.nombre() ** 1.5);
      const jourDemande = jourOuvrableAuPlusTard(ajouterJours(l.dateLevee, -avance));
      // a sauvage for the same day is reported in the morning, before the round
      const minutes =
        sauvage && avance === 0
          ? alea.entier(7 * 60 + 30, 11 * 60 + 30)
          : type === 'INTERNET'
            ? alea.entier(6 * 60, 23 * 60 - 1)
            : alea.entier(7 * 60 + 30, 17 * 60);
      const creation = aGeneve(jourDemande, minutes, alea.entier(0, 59));
      const validation = type === 'INTERNET' ? new Date(creation.getTime() + alea.entier(2 * 60, 40 * 60) * 1000) : null;
      const punaises = alea.vrai(0.03);
      const demande: Demande = {
        levee: l,
        creation,
        validation: validation && validation <= maintenant ? validation : null,
        auteur: type === 'INTERNET' ? INTERNET : alea.vrai(0.8) ? GESTION : ADMIN,
        typeDemande: type,
        sauvage,
        punaises,
        punaisesDechets: punaises && alea.vrai(0.4),
        adresse: alea.choix(registre),
        precisionLieu: sauvage ? alea.choix(PRECISIONS_SAUVAGE) : alea.vrai(0.3) ? alea.choix(PRECISIONS_LIEU) : null,
        contact: contact(alea, type, sauvage),
        objets: objets(alea, acceptes),
      };
      if (creation <= maintenant) resultat.push(demande);
    }
  }
  return resultat;
}

/** The rows of one request, numbered `numero`, its requester the `rang`-th of the history. */
function ligneDebarras(d: Demande, numero: string, rang: number): DebarrasHistorique['debarras'] {
  const n = String(rang).padStart(4, '0');
  const derniere = d.levee.archivage ?? d.validation ?? d.creation;
  const statut = d.levee.archivage ? 'ARCHIVE' : d.typeDemande === 'INTERNET' && !d.validation ? 'EN_ATTENTE_VALIDATION' : 'ACTIF';
  return {
    numero,
    statut,
    typeDemande: d.typeDemande,
    sauvage: d.sauvage,
    idpAdr: d.adresse.idpAdr,
    adresse: d.adresse.adresse,
    secteurAdresse: d.adresse.secteur,
    idLevee: d.levee.idLevee,
    nomPersonne: d.sauvage ? null : `Demandeur ${n}`,
    telephone: d.contact.telephone ? `${d.contact.telephone} 000 ${n.slice(-4, -2)} ${n.slice(-2)}` : null,
    email: d.contact.email ? `demandeur.${n}@example.org` : null,
    precisionLieu: d.precisionLieu,
    punaises: d.punaises,
    punaisesDechets: d.punaisesDechets,
    createdDate: d.creation,
    createdBy: d.auteur,
    lastModifiedDate: derniere,
    lastModifiedBy: d.levee.archivage ? GESTION : d.auteur,
    version: (d.validation ? 1 : 0) + (d.levee.archivage ? 1 : 0),
  };
}

function journal(d: Demande): DebarrasHistorique['journal'] {
  const entrees: Array<[TypeJournal, Date, string]> = [['CREATION', d.creation, d.auteur]];
  if (d.validation) entrees.push(['VALIDATION', d.validation, INTERNET]);
  if (d.levee.archivage) entrees.push(['ARCHIVAGE', d.levee.archivage, GESTION]);
  return entrees.map(([type, dateJournal, utilisateur]) => ({ type, dateJournal, utilisateur }));
}

/**
 * The requests in creation order, numbered after the yearly counters, which the débarras module
 * moves on so that the next débarras created continues the sequence.
 */
async function enregistrer(tx: Tx, liste: Demande[]) {
  const tries = [...liste].sort((a, b) => a.creation.getTime() - b.creation.getTime());
  const derniers = await derniersNumeros(tx);
  const historique = tries.map((d, i): DebarrasHistorique => {
    const annee = Number(aujourdhui(d.creation).slice(0, 4));
    const rang = (derniers.get(annee) ?? 0) + 1;
    derniers.set(annee, rang);
    const audit = { createdDate: d.creation, createdBy: d.auteur, lastModifiedDate: d.creation, lastModifiedBy: d.auteur };
    return {
      debarras: ligneDebarras(d, formatNumero(annee, rang), i + 1),
      objets: d.objets.map((o) => ({ ...o, ...audit })),
      journal: journal(d),
    };
  });
  await insererHistorique(tx, historique, derniers);
  return { objets: historique.reduce((n, h) => n + h.objets.length, 0) };
}

export interface BilanDebarras {
  debarras: number;
  objets: number;
  levees: number;
}

/**
 * Seeds the history around the day of `maintenant`. The coming levées are planned first (the
 * planning job's own work), then everything else is written in one transaction.
 */
export async function semerDebarras(db: Db, maintenant: Date): Promise<BilanDebarras> {
  const jour = aujourdhui(maintenant);
  const debut = ajouterJours(jour, -JOURS_HISTORIQUE);
  await planifierLevees(db, jour);
  return db.transaction(async (tx) => {
    await leveesPassees(tx, debut, jour);
    const semees = await leveesSemees(tx, debut, ajouterJours(jour, AVANCE_MAX + 4));
    const liste = demandes(semees, await adressesParSecteur(tx), await objetsAcceptes(tx), maintenant);
    const { objets: nbObjets } = await enregistrer(tx, liste);
    await levees.ranger(tx);
    return { debarras: liste.length, objets: nbObjets, levees: new Set(liste.map((d) => d.levee.idLevee)).size };
  });
}
