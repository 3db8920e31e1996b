import {
  chiffresRecherchesTelephone,
  RECHERCHE_RAPIDE,
  CRITERES_DOUBLON,
  DEBARRAS_MESSAGES,
  ERREURS,
  exceptionPourLevee,
  libelleTypeJournal,
  attenteMaxDeLaLevee,
  modifiableEnLigne,
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
  type StatutDebarras,
  type debarrasSaisieSchema,
} from '@debarras/domain';
import type { z } from 'zod';
import { ouIntrouvable, verifierVersion } from '../../db/audit.js';
import type { Db, Transaction, Tx } from '../../db/client.js';
import { memoriser } from '../../db/memoire.js';
import { capaciteDepassee, etatInvalide, saisieInvalide } from '../../erreurs.js';
import { dansLaDesserte, trouver as trouverAdresse, type Desserte } from '../adresse/index.js';
import { exceptionsActives } from '../adresseException/index.js';
import { trouver as trouverLevee, verrouiller as verrouillerLevee, type LigneLevee } from '../levee/index.js';
import { acceptes } from '../objet/index.js';
import { trouverParLibelleSansCasse as trouverSecteur } from '../secteur/index.js';
import * as repo from './repo.js';

export type SaisieDebarras = z.output<typeof debarrasSaisieSchema>;
type CibleDebarras = z.output<typeof debarrasCibleSchema>;

const statutDe = (d: repo.LigneDebarras) => d.statut as StatutDebarras;

async function exiger(tx: Tx, idDebarras: number): Promise<repo.LigneDebarras>;
async function exiger(tx: Transaction, idDebarras: number, verrouiller: boolean): Promise<repo.LigneDebarras>;
async function exiger(tx: Tx, idDebarras: number, verrouiller = false) {
  const ligne = verrouiller ? await repo.trouver(tx as Transaction, idDebarras, true) : await repo.trouver(tx, idDebarras);
  return ouIntrouvable(ligne, DEBARRAS_MESSAGES.introuvable);
}

async function leveeExistante(tx: Tx, idLevee: number) {
  return ouIntrouvable(await trouverLevee(tx, idLevee), LEVEE_MESSAGES.introuvable);
}

async function detailDe(tx: Tx, d: repo.LigneDebarras): Promise<Debarras> {
  const [levee, debarrasObjets] = await Promise.all([leveeExistante(tx, d.idLevee), repo.objets(tx, d.idDebarras)]);
  return { ...repo.versDetailSansLevee(d), levee, debarrasObjets };
}

export const detail = async (tx: Tx, idDebarras: number): Promise<Debarras> => detailDe(tx, await exiger(tx, idDebarras));

/** `GET /levee/debarras/{id}`: the levée a débarras is attached to, with its counts. */
export const leveeDuDebarras = async (db: Db, idDebarras: number): Promise<Levee> =>
  leveeExistante(db, (await exiger(db, idDebarras)).idLevee);

/**
 * A page of the list (docs/performance.md « Débit sous charge »): every clerk's screen reads it, and reads it again
 * after each change; between two changes of the database, the same page is the same answer.
 */
export const lister = (db: Db, q: repo.RequeteDebarras, instantane?: string): Promise<Page<DebarrasLigne>> =>
  memoriser(db, instantane, `debarras.page:${JSON.stringify(q)}`, () => repo.page(db, q, instantane));
export const lotsExport = (db: Db, q: repo.RequeteDebarras) => repo.lots(db, q);

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
export const rechercheRapide = (db: Db, texte: string) => repo.rechercheRapide(db, texte, RECHERCHE_RAPIDE.resultats);

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

/** What a récurrence gives each débarras it creates on a levée (docs/regles.md « Débarras récurrents »). */
export interface DebarrasRecurrent {
  adresse: { idpAdr: string; adresse: string; secteur: string | null };
  nomPersonne: string | null;
  telephone: string | null;
  email: string | null;
  remarqueLieu: string | null;
  remarqueObjet: string | null;
  /** What the address's exception says for that levée's date (`exceptionPourLevee`), as the form applies it. */
  precisionLieu: string | null;
  travaux: string | null;
  inclurePrecisionLieu: boolean;
  pointDepotX: number | null;
  pointDepotY: number | null;
  objets: Array<{ idObjet: number; quantite: number; remarque: string | null }>;
}

/**
 * For the récurrence module: its débarras on a levée the caller locked (`verrouiller` of the levée
 * module), in the caller's transaction. Each is ACTIF, recurrent, ECRIT, numbered, with its journal
 * CREATION by `par`. A full levée takes them all the same (the commitment was made ahead): the answer
 * says how many places were taken before, for the caller to report an overflow. Ids in the order given.
 */
export async function creerRecurrents(tx: Tx, idLevee: number, demandes: readonly DebarrasRecurrent[], jour: string, par: string) {
  const occupeesAvant = (await repo.places(tx, idLevee)).actifs;
  const numeros = await repo.prendreNumeros(tx, Number(jour.slice(0, 4)), demandes.length);
  const parNumero = await repo.insererPlusieurs(
    tx,
    demandes.map(({ adresse, objets: _objets, ...d }, i) => ({
      ...d,
      idpAdr: adresse.idpAdr,
      adresse: adresse.adresse,
      secteurAdresse: adresse.secteur,
      idLevee,
      numero: numeros[i]!,
      statut: 'ACTIF',
      typeDemande: 'ECRIT',
      recurrent: true,
      createdBy: par,
      lastModifiedBy: par,
    })),
  );
  const ids = numeros.map((n) => parNumero.get(n)!);
  await repo.insererObjets(
    tx,
    demandes.flatMap((d, i) => d.objets.map((o) => ({ ...o, idDebarras: ids[i]! }))),
    par,
  );
  await repo.journaliser(tx, ids, 'CREATION', par);
  return { ids, occupeesAvant };
}

/** What a récurrence gives each of its débarras besides the address and the levée. */
export type ContenuRecurrent = Pick<DebarrasRecurrent, 'nomPersonne' | 'telephone' | 'email' | 'remarqueLieu' | 'remarqueObjet' | 'objets'>;

/**
 * A récurrence's changed requester, objects and remarks carried to those of its débarras still to collect
 * (docs/regles.md « Récurrences »), in the caller's transaction: each locked, stamped and journaled as a
 * modification. Their levée and capacity do not change. Returns how many took the change.
 */
export async function appliquerRecurrence(tx: Transaction, ids: readonly number[], contenu: ContenuRecurrent, jour: string, par: string) {
  const aModifier = await repo.aCollecter(tx, ids, jour, true);
  const { objets, ...champs } = contenu;
  await repo.modifierPlusieurs(tx, aModifier, champs, par);
  for (const idDebarras of aModifier) await repo.remplacerObjets(tx, idDebarras, objets, par);
  await repo.journaliser(tx, aModifier, 'MODIFICATION', par);
  return aModifier.length;
}

/**
 * A récurrence moved to another address, its débarras still to collect to follow it: they are deleted (journal
 * SUPPRESSION), for the récurrence to create them again at the new address, with its sector's levées and its
 * exception (docs/regles.md « Récurrences »). Answers their ids.
 */
export async function retirerRecurrents(tx: Transaction, ids: readonly number[], jour: string, par: string) {
  const aRetirer = await repo.aCollecter(tx, ids, jour, true);
  await repo.modifierPlusieurs(tx, aRetirer, { statut: 'SUPPRIME' }, par);
  await repo.journaliser(tx, aRetirer, 'SUPPRESSION', par);
  return aRetirer;
}

/** How many of these débarras are still to collect. */
export const combienACollecter = async (tx: Tx, ids: readonly number[], jour: string) => (await repo.aCollecter(tx, ids, jour)).length;

/** What an online booking creates (docs/regles.md « Réservation en ligne »). */
export interface DebarrasEnLigne {
  idpAdr: string;
  idLevee: number;
  objets: ReadonlyArray<{ idObjet: number; quantite: number }>;
  nom: string;
  email: string;
  telephone: string | null;
  remarque: string | null;
}

/** Why the online booking refuses a choice: a key of the online texts. */
export type RefusEnLigne =
  'adresseNonReservable' | 'dateIndisponible' | 'objetIndisponible' | 'complet' | 'attenteComplete' | 'horsDelai' | 'doublon';

/** What an online choice is checked against: the first date offered, and the share of places pending bookings may hold. */
export interface ReglesEnLigne {
  premiereDate: string;
  /** `enligne.attente.part`, in %. */
  attentePart: number;
}

/**
 * A resident's choice of date and objects, checked in the caller's transaction with the levée locked as for
 * staff: an ACTIF standard levée of the address's sector from `premiereDate`, with a place unless the
 * débarras is already on it (never forced), and only objects of the catalogue's type Objet. A booking awaiting
 * validation also needs room among the places such bookings may hold (`attenteMaxDeLaLevee`).
 */
async function verifierChoixEnLigne(
  tx: Transaction,
  secteurAdresse: string,
  choix: Pick<DebarrasEnLigne, 'idLevee' | 'objets'>,
  { premiereDate, attentePart }: ReglesEnLigne,
  deja: { idLevee: number; enAttente: boolean } | undefined,
): Promise<{ refus: RefusEnLigne } | { levee: LigneLevee }> {
  const ids = choix.objets.map((o) => o.idObjet);
  if ((await acceptes(tx, ids)).length !== new Set(ids).size) return { refus: 'objetIndisponible' };
  const l = await verrouillerLevee(tx, choix.idLevee);
  if (!l || refusLevee(l, { par: 'enLigne', premiereDate })) return { refus: 'dateIndisponible' };
  if (l.idSecteur === null || (await trouverSecteur(tx, secteurAdresse))?.idSecteur !== l.idSecteur) return { refus: 'dateIndisponible' };
  if (deja?.idLevee === l.idLevee) return { levee: l };
  const { actifs, enAttente } = await repo.places(tx, l.idLevee);
  if (!tientDansLeMax(l.nbDebarrasMax, actifs + enAttente)) return { refus: 'complet' };
  if ((deja?.enAttente ?? true) && enAttente >= attenteMaxDeLaLevee(l.nbDebarrasMax, attentePart)) return { refus: 'attenteComplete' };
  return { levee: l };
}

/**
 * The place fields the address's active exception gives a débarras on a levée of that date, as a clerk's form
 * copies them (`exceptionPourLevee`).
 */
async function lieuEnLigne(tx: Tx, idpAdr: string, dateLevee: string) {
  const e = exceptionPourLevee((await exceptionsActives(tx, [idpAdr])).get(idpAdr), dateLevee);
  return {
    precisionLieu: e?.precisionLieu || null,
    travaux: e?.travaux || null,
    inclurePrecisionLieu: e ? e.inclurePrecisionLieu === '1' : true,
    pointDepotX: e?.pointDepotX ?? null,
    pointDepotY: e?.pointDepotY ?? null,
  };
}

const lignesEnLigne = (objets: DebarrasEnLigne['objets']) =>
  objets.map((o) => ({ idObjet: o.idObjet, quantite: o.quantite, remarque: null }));

/**
 * An online booking's débarras, INTERNET and awaiting validation, in the caller's transaction, never over the
 * levée's capacity. Answers the refusal, or the débarras.
 */
export async function creerEnLigne(
  tx: Transaction,
  d: DebarrasEnLigne,
  { jour, desserte, ...regles }: ReglesEnLigne & { jour: string; desserte: Desserte },
  par: string,
): Promise<{ refus: RefusEnLigne; dateLevee?: string } | { debarras: repo.LigneDebarras; dateLevee: string }> {
  const adresse = await trouverAdresse(tx, d.idpAdr);
  if (!adresse?.secteur || !dansLaDesserte(adresse, desserte)) return { refus: 'adresseNonReservable' };
  const choix = await verifierChoixEnLigne(tx, adresse.secteur, d, regles, undefined);
  if ('refus' in choix) return choix;
  // after the levée's lock: two tabs sending the same booking to one date wait on each other, and the second is refused
  const [doublon] = await repo.doublons(tx, {
    idDebarras: undefined,
    idpAdr: adresse.idpAdr,
    chiffresTelephone: d.telephone ? chiffresRecherchesTelephone(d.telephone) : undefined,
    email: d.email,
    depuis: jour,
    adresseEtContact: true,
  });
  if (doublon) return { refus: 'doublon', dateLevee: doublon.dateLevee };
  const lieu = await lieuEnLigne(tx, adresse.idpAdr, choix.levee.dateLevee);
  const cree = await repo.creer(
    tx,
    Number(jour.slice(0, 4)),
    {
      ...lieu,
      statut: 'EN_ATTENTE_VALIDATION',
      typeDemande: 'INTERNET',
      idpAdr: adresse.idpAdr,
      adresse: adresse.adresse,
      secteurAdresse: adresse.secteur,
      idLevee: choix.levee.idLevee,
      nomPersonne: d.nom,
      email: d.email,
      telephone: d.telephone,
      remarqueGenerale: d.remarque,
      createdBy: par,
      lastModifiedBy: par,
    },
    lignesEnLigne(d.objets),
    par,
  );
  return { debarras: cree, dateLevee: choix.levee.dateLevee };
}

/** An online booking as its resident sees it: the débarras, its levée's date and its object lines. */
export async function lireEnLigne(tx: Tx, idDebarras: number) {
  const d = await exiger(tx, idDebarras);
  const [levee, lignes] = await Promise.all([leveeExistante(tx, d.idLevee), repo.objets(tx, idDebarras)]);
  return { debarras: d, dateLevee: levee.dateLevee, objets: lignes.map((l) => ({ idObjet: l.objet.idObjet, quantite: l.quantite })) };
}

/**
 * A débarras locked after its levée, in the order staff's saves take them (docs/regles.md « Capacité »), so that
 * the two never wait on each other crosswise: read, its levée locked, then itself, again if it moved meanwhile.
 */
async function verrouillerApresSaLevee(tx: Transaction, idDebarras: number) {
  for (;;) {
    const lu = await exiger(tx, idDebarras);
    const l = await verrouillerLevee(tx, lu.idLevee);
    const d = await exiger(tx, idDebarras, true);
    if (d.idLevee === lu.idLevee) return { d, l };
  }
}

/**
 * The validation link followed: an awaiting booking becomes ACTIF (journal VALIDATION), unless it waited past
 * `expireAvant`, when its place is released instead. Staff may have taken the place it held meanwhile (it held
 * one against online bookings only): with no place left among the ACTIF débarras it stays awaiting, and the
 * resident may choose another date (`complet`). Following the link again changes nothing.
 */
export async function validerEnLigne(
  tx: Transaction,
  idDebarras: number,
  creeLe: Date,
  expireAvant: Date,
  par: string,
): Promise<'validee' | 'expiree' | 'supprimee' | 'complet'> {
  const { d, l } = await verrouillerApresSaLevee(tx, idDebarras);
  // deleted already (cancelled, released, or by staff): nothing to release any more
  if (d.statut !== 'EN_ATTENTE_VALIDATION') return d.statut === 'SUPPRIME' ? 'supprimee' : 'validee';
  const valide = creeLe >= expireAvant;
  if (valide && l && !tientDansLeMax(l.nbDebarrasMax, (await repo.places(tx, l.idLevee)).actifs)) return 'complet';
  await repo.modifier(tx, idDebarras, d.version, { statut: valide ? 'ACTIF' : 'SUPPRIME' }, par);
  await repo.journaliser(tx, [idDebarras], valide ? 'VALIDATION' : 'SUPPRESSION', par);
  return valide ? 'validee' : 'expiree';
}

/** The resident changes the date or the objects of the booking (journal MODIFICATION or REAFFECTATION). */
export async function modifierEnLigne(
  tx: Transaction,
  idDebarras: number,
  choix: Pick<DebarrasEnLigne, 'idLevee' | 'objets'>,
  regles: ReglesEnLigne,
  par: string,
): Promise<{ refus: RefusEnLigne } | { ok: true }> {
  // the chosen levée locked before the débarras, as staff's saves take them; again if the débarras changed in between
  for (;;) {
    const lu = await exiger(tx, idDebarras);
    if (!modifiableEnLigne(statutDe(lu), (await leveeExistante(tx, lu.idLevee)).dateLevee, regles.premiereDate))
      return { refus: 'horsDelai' };
    const verifie = await verifierChoixEnLigne(tx, lu.secteurAdresse ?? '', choix, regles, {
      idLevee: lu.idLevee,
      enAttente: lu.statut === 'EN_ATTENTE_VALIDATION',
    });
    if ('refus' in verifie) return verifie;
    const d = await exiger(tx, idDebarras, true);
    if (d.version !== lu.version) continue;
    const reaffecte = verifie.levee.idLevee !== d.idLevee;
    const lieu = reaffecte ? await lieuEnLigne(tx, d.idpAdr, verifie.levee.dateLevee) : {};
    await repo.modifier(tx, idDebarras, d.version, { idLevee: verifie.levee.idLevee, ...lieu }, par);
    await repo.remplacerObjets(tx, idDebarras, lignesEnLigne(choix.objets), par);
    await repo.journaliser(tx, [idDebarras], reaffecte ? 'REAFFECTATION' : 'MODIFICATION', par);
    return { ok: true };
  }
}

/** The resident cancels the booking: the débarras is deleted (journal SUPPRESSION) and its place freed. */
export async function annulerEnLigne(
  tx: Transaction,
  idDebarras: number,
  premiereDate: string,
  par: string,
): Promise<{ refus: RefusEnLigne } | { ok: true }> {
  const d = await exiger(tx, idDebarras, true);
  if (!modifiableEnLigne(statutDe(d), (await leveeExistante(tx, d.idLevee)).dateLevee, premiereDate)) return { refus: 'horsDelai' };
  await repo.modifier(tx, idDebarras, d.version, { statut: 'SUPPRIME' }, par);
  await repo.journaliser(tx, [idDebarras], 'SUPPRESSION', par);
  return { ok: true };
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
