// The staff's débarras (docs/regles.md « Enregistrement d'un débarras »): read, listed, saved, deleted, reactivated
// and linked at the counter; what the levée module and the nightly anonymisation ask of them. The récurrences'
// débarras are recurrents.ts's, the online bookings' enLigne.ts's.
import {
  chiffresRecherchesTelephone,
  RECHERCHE_RAPIDE,
  CRITERES_DOUBLON,
  DEBARRAS_MESSAGES,
  ERREURS,
  libelleTypeJournal,
  LEVEE_MESSAGES,
  peutModifierDebarras,
  peutModifierRemarqueGenerale,
  peutReactiverDebarras,
  peutSupprimerDebarras,
  precisionDoublon,
  refusLevee,
  tientDansLeMax,
  type Debarras,
  type DebarrasObjet,
  type DebarrasLigne,
  type debarrasCibleSchema,
  type Doublon,
  type doublonsSchema,
  type EntreeJournal,
  type Levee,
  type Page,
  type Reactivation,
  type ReponseDoublons,
  type debarrasSaisieSchema,
} from '@debarras/domain';
import type { z } from 'zod';
import { verifierVersion } from '../../db/audit.js';
import type { Db, Transaction, Tx } from '../../db/client.js';
import { memoriser } from '../../db/memoire.js';
import { capaciteDepassee, etatInvalide, saisieInvalide } from '../../erreurs.js';
import { trouver as trouverAdresse } from '../adresse/index.js';
import { verrouiller as verrouillerLevee, type LigneLevee } from '../levee/index.js';
import { acceptes } from '../objet/index.js';
import { resultatDuDebarras } from '../resultat/index.js';
import { exiger, leveeExistante, statutDe } from './commun.js';
import * as listeDebarras from './liste.js';
import * as repo from './repo.js';

export type SaisieDebarras = z.output<typeof debarrasSaisieSchema>;
type CibleDebarras = z.output<typeof debarrasCibleSchema>;

async function detailDe(tx: Tx, d: repo.LigneDebarras): Promise<Debarras> {
  const [levee, debarrasObjets, resultat] = await Promise.all([
    leveeExistante(tx, d.idLevee),
    repo.objets(tx, d.idDebarras),
    resultatDuDebarras(tx, d.idDebarras, d.idLevee),
  ]);
  return { ...repo.versDetailSansLevee(d), levee, debarrasObjets, resultat };
}

export const detail = async (tx: Tx, idDebarras: number): Promise<Debarras> => detailDe(tx, await exiger(tx, idDebarras));

/** `GET /levee/debarras/{id}`: the levée a débarras is attached to, with its counts. */
export const leveeDuDebarras = async (db: Db, idDebarras: number): Promise<Levee> =>
  leveeExistante(db, (await exiger(db, idDebarras)).idLevee);

/**
 * A page of the list (docs/performance.md « Débit sous charge »): every clerk's screen reads it, and reads it again
 * after each change; between two changes of the database, the same page is the same answer.
 */
export const lister = (db: Db, q: listeDebarras.RequeteDebarras, instantane?: string): Promise<Page<DebarrasLigne>> =>
  memoriser(db, instantane, `debarras.page:${JSON.stringify(q)}`, () => listeDebarras.page(db, q, instantane));
export const lotsExport = (db: Db, q: listeDebarras.RequeteDebarras) => listeDebarras.lots(db, q);

export const apercuNumero = (db: Db, jour: string) => repo.apercuNumero(db, Number(jour.slice(0, 4)));

/** A staff arrival is never refused as not offered online: that refusal is the online booking's. */
const MESSAGES_REFUS_LEVEE = {
  nonActive: DEBARRAS_MESSAGES.leveeNonActive,
  passee: DEBARRAS_MESSAGES.leveePassee,
  aujourdhui: DEBARRAS_MESSAGES.leveeAujourdhui,
} as const;

/** The levée a staff save puts a débarras on, if it can take it (the domain's `refusLevee`). */
function verifierLevee(l: LigneLevee | undefined, arrivee: { sauvage: boolean; nouvelle: boolean; jour: string }): LigneLevee {
  if (!l) throw saisieInvalide(ERREURS.introuvable(LEVEE_MESSAGES.introuvable));
  const refus = refusLevee(l, { par: 'personnel', ...arrivee });
  if (refus && refus !== 'horsEnLigne') throw saisieInvalide(MESSAGES_REFUS_LEVEE[refus]);
  return l;
}

/**
 * Over the max only when staff confirmed it (force); the levée row is locked by the caller. Online bookings
 * awaiting validation are not counted: they never keep staff from a place (docs/regles.md « Capacité »).
 */
async function verifierCapacite(tx: Tx, l: LigneLevee, ajoutes: number, force: boolean) {
  if (force || !ajoutes) return;
  if (!tientDansLeMax(l.nbDebarrasMax, (await repo.places(tx, l.idLevee)).actifs, ajoutes))
    throw capaciteDepassee(DEBARRAS_MESSAGES.capacite);
}

async function verifierObjets(tx: Tx, s: SaisieDebarras, dejaPresents: Set<number>) {
  const nouveaux = [...new Set(s.debarrasObjets.map((l) => l.objet.idObjet))].filter((id) => !dejaPresents.has(id));
  const acceptables = new Set(await acceptes(tx, nouveaux));
  const refuse = nouveaux.find((id) => !acceptables.has(id));
  if (refuse !== undefined) throw saisieInvalide(DEBARRAS_MESSAGES.objetInvalide(refuse));
}

async function copieAdresse(tx: Tx, idpAdr: string) {
  const a = await trouverAdresse(tx, idpAdr);
  if (!a) throw saisieInvalide(DEBARRAS_MESSAGES.adresseInconnue(idpAdr));
  return { idpAdr: a.idpAdr, adresse: a.adresse, secteurAdresse: a.secteur };
}

const champsSaisis = (s: SaisieDebarras) => ({
  typeDemande: s.typeDemande,
  sauvage: s.sauvage === '1',
  idLevee: s.levee.idLevee,
  nomPersonne: s.nomPersonne,
  telephone: s.telephone,
  email: s.email,
  precisionLieu: s.precisionLieu,
  inclurePrecisionLieu: s.inclurePrecisionLieu === '1',
  travaux: s.travaux,
  remarqueLieu: s.remarqueLieu,
  remarqueGenerale: s.remarqueGenerale,
  remarqueObjet: s.remarqueObjet,
  punaises: s.punaises === 'true',
  punaisesDechets: s.punaisesDechets === 'true',
  pointDepotX: s.pointDepotX,
  pointDepotY: s.pointDepotY,
});

const lignesObjets = (s: SaisieDebarras) =>
  s.debarrasObjets.map((l) => ({ idObjet: l.objet.idObjet, quantite: l.quantite, remarque: l.remarque }));

const cleLigne = (l: { idObjet: number; quantite: number; remarque: string | null | undefined }) =>
  `${l.idObjet}:${l.quantite}:${l.remarque ?? ''}`;

/**
 * A save that would change nothing writes nothing: no new version, no journal line
 * (docs/regles.md « Enregistrement d'un débarras »).
 */
function inchange(actuel: repo.LigneDebarras, s: SaisieDebarras, objetsAvant: DebarrasObjet[]): boolean {
  if (s.adresse.idpAdr !== actuel.idpAdr) return false;
  const valeursActuelles = actuel as unknown as Record<string, unknown>;
  if (Object.entries(champsSaisis(s)).some(([champ, valeur]) => (valeur ?? null) !== (valeursActuelles[champ] ?? null))) return false;
  const avant = objetsAvant.map((o) => cleLigne({ idObjet: o.objet.idObjet, quantite: o.quantite, remarque: o.remarque })).sort();
  const apres = lignesObjets(s).map(cleLigne).sort();
  return avant.join('|') === apres.join('|');
}

export interface OptionsEnregistrement {
  force: boolean;
  /** Today, from the clock. */
  jour: string;
}

async function creer(tx: Transaction, s: SaisieDebarras, par: string, force: boolean, jour: string) {
  if (s.typeDemande === 'INTERNET') throw saisieInvalide(DEBARRAS_MESSAGES.typeInternet);
  const adresse = await copieAdresse(tx, s.adresse.idpAdr);
  await verifierObjets(tx, s, new Set());
  const l = verifierLevee(await verrouillerLevee(tx, s.levee.idLevee), { sauvage: s.sauvage === '1', nouvelle: true, jour });
  await verifierCapacite(tx, l, 1, force);
  // The counter is taken last: its row stays locked until commit, as briefly as possible.
  return repo.creer(
    tx,
    Number(jour.slice(0, 4)),
    { ...champsSaisis(s), ...adresse, statut: 'ACTIF', createdBy: par, lastModifiedBy: par },
    lignesObjets(s).map((l) => ({ ...l, remarque: l.remarque ?? null })),
    par,
  );
}

async function modifier(
  tx: Transaction,
  s: SaisieDebarras & { idDebarras: number; version: number },
  par: string,
  force: boolean,
  jour: string,
) {
  // The levée is locked before the débarras, in the same order as a link, so the two never deadlock.
  const cible = await verrouillerLevee(tx, s.levee.idLevee);
  const actuel = await exiger(tx, s.idDebarras, true);
  // before the capacity: staff are not asked to confirm a save that would then be refused
  verifierVersion(actuel, s.version);
  const statut = statutDe(actuel);
  if (!peutModifierDebarras(statut)) {
    if (statut === 'EN_ATTENTE_VALIDATION') throw etatInvalide(DEBARRAS_MESSAGES.enAttenteValidation);
    if (!peutModifierRemarqueGenerale(statut)) throw etatInvalide(DEBARRAS_MESSAGES.nonModifiable);
    if ((s.remarqueGenerale ?? null) === (actuel.remarqueGenerale ?? null)) return actuel.idDebarras;
    // an archived débarras keeps everything but its general remarks
    await repo.modifier(tx, actuel.idDebarras, s.version, { remarqueGenerale: s.remarqueGenerale }, par);
    await repo.journaliser(tx, [actuel.idDebarras], 'MODIFICATION', par);
    return actuel.idDebarras;
  }
  if (s.typeDemande === 'INTERNET' && actuel.typeDemande !== 'INTERNET') throw saisieInvalide(DEBARRAS_MESSAGES.typeInternet);
  const reaffecte = cible?.idLevee !== actuel.idLevee;
  const l = verifierLevee(cible, { sauvage: s.sauvage === '1', nouvelle: reaffecte, jour });
  const avant = await repo.objets(tx, actuel.idDebarras);
  // after the levée's check: a reactivated débarras on a past levée must still be moved before it saves
  if (inchange(actuel, s, avant)) return actuel.idDebarras;
  const adresse = s.adresse.idpAdr === actuel.idpAdr ? {} : await copieAdresse(tx, s.adresse.idpAdr);
  await verifierObjets(tx, s, new Set(avant.map((o) => o.objet.idObjet)));
  await verifierCapacite(tx, l, reaffecte ? 1 : 0, force);
  await repo.modifier(tx, actuel.idDebarras, s.version, { ...champsSaisis(s), ...adresse }, par);
  await repo.remplacerObjets(tx, actuel.idDebarras, lignesObjets(s), par);
  await repo.journaliser(tx, [actuel.idDebarras], reaffecte ? 'REAFFECTATION' : 'MODIFICATION', par);
  return actuel.idDebarras;
}

/**
 * `POST /debarras`: creates (numbered, ACTIF) or updates a débarras. Everything is checked and
 * written in one transaction: a refusal writes nothing.
 */
export async function enregistrer(db: Db, s: SaisieDebarras, par: string, options: OptionsEnregistrement): Promise<Debarras> {
  const { jour } = options;
  const { idDebarras } = s;
  // A new débarras' answer is read once committed, from the row its insertion gave: the levée's and the
  // counter's locks, which every creation waits for, are not held for it (docs/decisions.md « Débit : lectures mémorisées par instantané »).
  if (idDebarras === undefined) return detailDe(db, await db.transaction((tx) => creer(tx, s, par, options.force, jour)));
  return db.transaction(async (tx) => detail(tx, await modifier(tx, { ...s, idDebarras }, par, options.force, jour)));
}

export async function supprimer(db: Db, { idDebarras, version }: CibleDebarras, par: string): Promise<Debarras> {
  return db.transaction(async (tx) => {
    const d = await exiger(tx, idDebarras, true);
    verifierVersion(d, version);
    if (!peutSupprimerDebarras(statutDe(d))) throw etatInvalide(DEBARRAS_MESSAGES.suppressionImpossible);
    await repo.modifier(tx, idDebarras, version, { statut: 'SUPPRIME' }, par);
    await repo.journaliser(tx, [idDebarras], 'SUPPRESSION', par);
    return detail(tx, idDebarras);
  });
}

/**
 * SUPPRIME or ARCHIVE back to ACTIF. When its levée can no longer take it (not ACTIF, or past),
 * the answer says so; the next save is then refused until another levée is chosen.
 */
export async function reactiver(db: Db, { idDebarras, version }: CibleDebarras, par: string, jour: string): Promise<Reactivation> {
  return db.transaction(async (tx) => {
    const d = await exiger(tx, idDebarras, true);
    verifierVersion(d, version);
    if (!peutReactiverDebarras(statutDe(d))) throw etatInvalide(DEBARRAS_MESSAGES.reactivationImpossible);
    await repo.modifier(tx, idDebarras, version, { statut: 'ACTIF' }, par);
    await repo.journaliser(tx, [idDebarras], 'REACTIVATION', par);
    const reactive = await detail(tx, idDebarras);
    const utilisable = refusLevee(reactive.levee, { par: 'personnel', jour, nouvelle: false, sauvage: false }) === null;
    return { ...reactive, avertissement: utilisable ? null : DEBARRAS_MESSAGES.leveeAChoisir };
  });
}

/**
 * 'Ajouter la sélection à une levée active': every selected débarras (ACTIF) goes to the levée,
 * within its capacity unless forced. One transaction, the levée locked first, then the débarras
 * in id order.
 */
export async function lier(db: Db, ids: number[], idLevee: number, par: string, options: OptionsEnregistrement) {
  const { jour } = options;
  const uniques = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const cible = await verrouillerLevee(tx, idLevee);
    const selection = await repo.verrouillerPlusieurs(tx, uniques);
    if (selection.length !== uniques.length) throw saisieInvalide(ERREURS.introuvable(DEBARRAS_MESSAGES.introuvable));
    const inactif = selection.find((d) => !peutModifierDebarras(statutDe(d)));
    if (inactif) throw etatInvalide(DEBARRAS_MESSAGES.liaisonImpossible(inactif.numero));
    const deplaces = selection.filter((d) => d.idLevee !== idLevee);
    const l = verifierLevee(cible, { sauvage: deplaces.every((d) => d.sauvage), nouvelle: deplaces.length > 0, jour });
    await verifierCapacite(tx, l, deplaces.length, options.force);
    const ids = deplaces.map((d) => d.idDebarras);
    await repo.rattacher(tx, ids, idLevee, par);
    await repo.journaliser(tx, ids, 'REAFFECTATION', par);
    return { idLevee };
  });
}

/** docs/regles.md « Recherche rapide ». */
export const rechercheRapide = (db: Db, texte: string) => listeDebarras.rechercheRapide(db, texte, RECHERCHE_RAPIDE.resultats);

export async function pageObjets(db: Db, idDebarras: number, page: number, taille: number) {
  await exiger(db, idDebarras);
  return repo.pageObjets(db, idDebarras, page, taille);
}

export async function lignesEdition(db: Db, idDebarras: number | undefined) {
  if (idDebarras !== undefined) await exiger(db, idDebarras);
  return repo.lignesEdition(db, idDebarras);
}

export async function journal(db: Db, idDebarras: number): Promise<EntreeJournal[]> {
  await exiger(db, idDebarras);
  return (await repo.journal(db, idDebarras)).map((j) => ({
    typeJournal: j.type,
    typeJournalStr: libelleTypeJournal(j.type),
    dateJournal: j.dateJournal.toISOString(),
    utilisateur: j.utilisateur,
  }));
}

/**
 * docs/regles.md « Doublons »: other ACTIF or pending débarras whose levée is today or later, with
 * the same address, the same phone (digits only) or the same e-mail (case-insensitive).
 */
export async function doublons(db: Db, d: z.output<typeof doublonsSchema>, jour: string): Promise<ReponseDoublons | undefined> {
  // the same number whatever its form: « 079… », « +41 79… », « 0041 79… »
  const chiffres = d.telephone ? chiffresRecherchesTelephone(d.telephone) : undefined;
  const email = d.email?.trim() || undefined;
  const idpAdr = d.adresse?.idpAdr?.trim() || undefined;
  if (!chiffres && !email && !idpAdr) return undefined;
  const trouves = await repo.doublons(db, {
    idDebarras: d.idDebarras ?? undefined,
    idpAdr,
    chiffresTelephone: chiffres,
    email,
    depuis: jour,
  });
  if (!trouves.length) return undefined;
  const liste = trouves.map((t): Doublon => {
    const parCritere = { ADRESSE: t.memeAdresse, TELEPHONE: t.memeTelephone, EMAIL: t.memeEmail };
    return { idDebarras: t.idDebarras, numero: t.numero, dateLevee: t.dateLevee, criteres: CRITERES_DOUBLON.filter((c) => parCritere[c]) };
  });
  return { message: DEBARRAS_MESSAGES.doublons(liste.map((t) => `${t.numero} ${precisionDoublon(t)}`)), doublons: liste };
}

/**
 * For the levée module. Archiving a levée archives its ACTIF débarras, each with its journal
 * row, in the caller's transaction (the levée row locked by it). Answers how many.
 */
export async function archiverDeLaLevee(tx: Tx, idLevee: number, par: string) {
  const ids = await repo.archiverDeLaLevee(tx, idLevee, par);
  await repo.journaliser(tx, ids, 'ARCHIVAGE', par);
  return ids.length;
}

/**
 * The nightly anonymisation (docs/regles.md « Anonymisation »): batch after batch, each in its own
 * transaction with its journal rows, so that staff's saves never wait long. Answers how many.
 */
export async function anonymiser(db: Db, avant: string, par: string, taille = 2000) {
  let total = 0;
  for (;;) {
    const lot = await db.transaction(async (tx) => {
      const ids = await repo.anonymiserLot(tx, avant, taille, par);
      await repo.journaliser(tx, ids, 'ANONYMISATION', par);
      return ids.length;
    });
    total += lot;
    if (lot < taille) return total;
  }
}
