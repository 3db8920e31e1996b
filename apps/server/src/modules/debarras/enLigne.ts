// The residents' side of the débarras (docs/regles.md « Réservation en ligne »): an online booking created,
// read, validated, changed or cancelled, each in the online module's transaction.
import {
  attenteMaxDeLaLevee,
  chiffresRecherchesTelephone,
  exceptionPourLevee,
  modifiableEnLigne,
  refusLevee,
  tientDansLeMax,
} from '@debarras/domain';
import type { Transaction, Tx } from '../../db/client.js';
import { dansLaDesserte, trouver as trouverAdresse, type Desserte } from '../adresse/index.js';
import { exceptionsActives } from '../adresseException/index.js';
import { verrouiller as verrouillerLevee, type LigneLevee } from '../levee/index.js';
import { acceptes } from '../objet/index.js';
import { trouverParLibelleSansCasse as trouverSecteur } from '../secteur/index.js';
import { exiger, leveeExistante, statutDe } from './commun.js';
import * as repo from './repo.js';

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
