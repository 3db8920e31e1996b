import { createHash, randomBytes } from 'node:crypto';
import {
  dateLisible,
  EN_LIGNE_DEFAUTS,
  premiereDateEnLigne,
  ligneObjetCourriel,
  refusAvecValeurs,
  TEXTES_EN_LIGNE,
  UTILISATEUR_INTERNET,
  ajouterJours,
  aujourdhui,
  estLangueEnLigne,
  modifiableEnLigne,
  type AdresseEnLigne,
  type ChoixEnLigne,
  type DateEnLigne,
  type ReservationEnLigne,
  type LangueEnLigne,
  type ObjetEnLigne,
  type SaisieReservationEnLigne,
  type ServiceEnLigne,
  type StatutDebarras,
} from '@debarras/domain';
import type { Courrier } from '../../courriel.js';
import type { Db } from '../../db/client.js';
import { ErreurApplication } from '../../erreurs.js';
import { envoyerAHabitant } from '../courriel/index.js';
import { dansLaDesserte, rechercher as rechercherAdresses, trouver as trouverAdresse } from '../adresse/index.js';
import {
  annulerEnLigne,
  creerEnLigne,
  internetActifsLe,
  lireEnLigne,
  modifierEnLigne,
  validerEnLigne,
  type RefusEnLigne,
} from '../debarras/index.js';
import { avecPlace } from '../levee/index.js';
import { catalogueEnLigne, libellesEnLigne } from '../objet/index.js';
import { reglagesEnLigne } from '../parametre/index.js';
import { noterEtape } from '../reservation/index.js';
import { derniereVisite } from '../resultat/index.js';
import { signalementDeLaReservation, signaler } from '../signalement/index.js';
import { trouverParLibelleSansCasse as trouverSecteur } from '../secteur/index.js';
import { reservationsEnLigne } from '../../metriques.js';
import * as repo from './repo.js';

/**
 * The residents' online booking (docs/regles.md « Réservation en ligne »). Refusals are thrown with a key of
 * the online texts as their message: the public routes answer it in the resident's language.
 */
const refus = (code: ConstructorParameters<typeof ErreurApplication>[0], cle: string) => new ErreurApplication(code, cle);
const refusDe = (cle: RefusEnLigne) =>
  refus(
    cle === 'complet' || cle === 'attenteComplete' ? 'CAPACITE_DEPASSEE' : cle === 'horsDelai' ? 'ETAT_INVALIDE' : 'SAISIE_INVALIDE',
    cle,
  );

const empreinte = (valeur: string) => createHash('sha256').update(valeur).digest('hex');

/** Providers that deliver `j.e.a.n@` to `jean@`. */
const POINTS_IGNORES = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an e-mail address reaches, as the per-mailbox limits count it: case ignored, `+tag` dropped, and the
 * dots of the providers that ignore them (docs/regles.md « Réservation en ligne », « Abus »).
 */
export function boiteAuxLettres(email: string): string {
  const arobase = email.lastIndexOf('@');
  const domaine = email.slice(arobase + 1).toLowerCase();
  let locale = email.slice(0, arobase).toLowerCase().split('+')[0]!;
  if (POINTS_IGNORES.has(domaine)) locale = locale.replaceAll('.', '');
  return `${locale}@${domaine === 'googlemail.com' ? 'gmail.com' : domaine}`;
}

/** The service as the pages present it, in the resident's language. */
export async function service(db: Db, langue: LangueEnLigne): Promise<ServiceEnLigne> {
  const { telephone, validationMinutes, consignes } = await reglagesEnLigne(db);
  return { telephone, minutesValidation: validationMinutes, consignes: consignes[langue] };
}

/** The addresses of the served commune matching the search, each said bookable online or why not. */
export async function adresses(db: Db, q: string, commune: number): Promise<AdresseEnLigne[]> {
  const trouvees = await rechercherAdresses(db, q, { size: 10, communes: [commune] });
  return trouvees.map((a) => ({
    idpAdr: a.idpAdr,
    adresse: a.adresse,
    reservable: Boolean(a.secteur),
    motif: a.secteur ? null : 'sansSecteur',
  }));
}

/** The catalogue as residents see it: accepted objects, then refused ones with their link. */
export const objets = (db: Db): Promise<ObjetEnLigne[]> => catalogueEnLigne(db);

/** The items of a booking as its e-mails list them, « 2 × Canapé », under their online label in the e-mail's language. */
async function lignesObjets(db: Db, choisis: ReadonlyArray<{ idObjet: number; quantite: number }>, langue: LangueEnLigne) {
  const libelles = await libellesEnLigne(
    db,
    choisis.map((o) => o.idObjet),
    langue,
  );
  return choisis.map((o) => ligneObjetCourriel(o.quantite, libelles.get(o.idObjet) ?? ''));
}

/** The next levées of the address's sector that still have a place, from the first date offered now. */
export async function dates(db: Db, idpAdr: string, commune: number, maintenant: Date): Promise<DateEnLigne[]> {
  const [adresse, { heureLimite, gestionnaire, attentePart }] = await Promise.all([trouverAdresse(db, idpAdr), reglagesEnLigne(db)]);
  if (!adresse?.secteur || !dansLaDesserte(adresse, { communes: [commune], gestionnaire }))
    throw refus('SAISIE_INVALIDE', 'adresseNonReservable');
  const secteur = await trouverSecteur(db, adresse.secteur);
  if (!secteur) throw refus('SAISIE_INVALIDE', 'adresseNonReservable');
  return avecPlace(db, secteur.idSecteur, premiereDateEnLigne(maintenant, heureLimite), EN_LIGNE_DEFAUTS.datesMax, attentePart);
}

/** The date step of a session: the log's first stage. */
export const noterChoixDate = (
  db: Db,
  session: { idSession: string; type: 'creation' | 'modification'; langue: LangueEnLigne },
  maintenant: Date,
) => noterEtape(db, session, 'reservation', maintenant);

export interface Liens {
  /** The public pages' address, ending with '/': `${origine}${BASE_PATH}en-ligne/`. */
  pages: string;
}

/** What the e-mails to residents need: the mail, and the pages their links lead to. */
export interface Envoi {
  courrier: Courrier;
  liens: Liens;
}

const lienReservation = (liens: Liens, jeton: string, langue: LangueEnLigne) => `${liens.pages}reservation/${jeton}?lang=${langue}`;

/**
 * Tells the resident what became of the booking, in the booking's language (docs/regles.md « Réservation en ligne »):
 * validated, changed or cancelled. Sent once the change is saved; a failed e-mail never undoes it.
 */
async function informer(
  db: Db,
  { courrier, liens }: Envoi,
  nature: 'validee' | 'modifiee' | 'annulee',
  vue: ReservationEnLigne,
  jeton: string,
) {
  if (!vue.email) return;
  const langue = vue.langue;
  const t = TEXTES_EN_LIGNE[langue];
  const commun = { nom: vue.nom, date: dateLisible(vue.date, langue), adresse: vue.adresse };
  const texte =
    nature === 'annulee'
      ? t.corpsAnnulee({ ...commun, lienNouvelle: `${liens.pages}?lang=${langue}`, telephone: (await reglagesEnLigne(db)).telephone })
      : (nature === 'validee' ? t.corpsValidee : t.corpsModifiee)({
          ...commun,
          objets: await lignesObjets(db, vue.objets, langue),
          lienReservation: lienReservation(liens, jeton, langue),
        });
  const sujet = nature === 'validee' ? t.sujetValidee : nature === 'modifiee' ? t.sujetModifiee : t.sujetAnnulee;
  await envoyerAHabitant(db, courrier, { a: vue.email, sujet: sujet(vue.numero), texte }, { nature, numero: vue.numero, langue });
}

/**
 * Confirms a booking: the débarras (INTERNET, awaiting validation) and its link in one transaction, never
 * over capacity; then the e-mail with the validation link. Answers the booking's number. Holding a place costs:
 * a client address and a mailbox hold few bookings awaiting validation at once, and a mailbox confirms few an hour.
 */
export async function reserver(
  db: Db,
  s: SaisieReservationEnLigne,
  {
    maintenant,
    jour,
    commune,
    client,
    courrier,
    liens,
  }: { maintenant: Date; jour: string; commune: number; client: string; courrier: Courrier; liens: Liens },
): Promise<{ numero: string; minutes: number }> {
  // the field people never see: a robot filled it
  if (s.site) throw refus('SAISIE_INVALIDE', 'saisieInvalide');
  const reglages = await reglagesEnLigne(db);
  const empreinteEmail = empreinte(boiteAuxLettres(s.email));
  const empreinteClient = empreinte(client);
  const jeton = randomBytes(32).toString('base64url');
  const cree = await db.transaction(async (tx) => {
    const depuis = new Date(maintenant.getTime() - 60 * 60 * 1000);
    // always in this order, so that two confirmations never wait on each other crosswise
    await repo.verrouillerLimite(tx, 'client', empreinteClient);
    await repo.verrouillerLimite(tx, 'email', empreinteEmail);
    if ((await repo.confirmationsDepuis(tx, empreinteEmail, depuis)) >= reglages.confirmationsParBoiteHeure) {
      throw refus('TROP_DE_REQUETES', 'tropDeRequetes');
    }
    const enAttente = await repo.enAttenteDe(tx, empreinteClient, empreinteEmail);
    if (enAttente.client >= reglages.attenteParClient || enAttente.email >= reglages.attenteParBoite) {
      throw refus('TROP_DE_REQUETES', 'tropEnAttente');
    }
    const resultat = await creerEnLigne(
      tx,
      {
        idpAdr: s.idpAdr,
        idLevee: s.idLevee,
        objets: s.objets,
        nom: s.nom,
        email: s.email,
        telephone: s.telephone,
        remarque: s.remarque,
      },
      {
        premiereDate: premiereDateEnLigne(maintenant, reglages.heureLimite),
        attentePart: reglages.attentePart,
        jour,
        desserte: { communes: [commune], gestionnaire: reglages.gestionnaire },
      },
      UTILISATEUR_INTERNET,
    );
    if ('refus' in resultat) {
      reservationsEnLigne.inc({ etape: 'reservation', resultat: 'refusee' });
      if (resultat.refus === 'doublon') throw refus('DOUBLON', refusAvecValeurs('doublon', resultat.dateLevee!, reglages.telephone));
      throw refusDe(resultat.refus);
    }
    await repo.inserer(tx, {
      idDebarras: resultat.debarras.idDebarras,
      empreinteJeton: empreinte(jeton),
      langue: s.langue,
      idSession: s.session,
      empreinteEmail,
      empreinteClient,
      creeLe: maintenant,
    });
    await noterEtape(tx, { idSession: s.session, type: 'creation', langue: s.langue }, 'confirmation', maintenant);
    return resultat;
  });
  const t = TEXTES_EN_LIGNE[s.langue];
  const { debarras: d, dateLevee } = cree;
  const { envoye } = await envoyerAHabitant(
    db,
    courrier,
    {
      a: s.email,
      sujet: t.sujetValidation(d.numero),
      texte: t.corpsValidation({
        nom: s.nom,
        date: dateLisible(dateLevee, s.langue),
        adresse: d.adresse,
        objets: await lignesObjets(db, s.objets, s.langue),
        lienValidation: `${liens.pages}validation/${jeton}?lang=${s.langue}`,
        lienReservation: lienReservation(liens, jeton, s.langue),
        minutes: reglages.validationMinutes,
      }),
    },
    { nature: 'confirmation', numero: d.numero, langue: s.langue },
  );
  // the booking exists (201), but its link never left: logged at error level, in the messages (« Courriels »), counted
  // on « Tâches planifiées »; it stays until its delay runs out, and the log says why it was never validated
  if (!envoye) await noterEtape(db, { idSession: s.session, type: 'creation', langue: s.langue }, 'rejet', maintenant);
  reservationsEnLigne.inc({ etape: 'reservation', resultat: 'acceptee' });
  return { numero: d.numero, minutes: reglages.validationMinutes };
}

/** The booking a link's token designates, or INTROUVABLE with the online text. */
async function lienDe(db: Db, jeton: string) {
  const lien = await repo.parJeton(db, empreinte(jeton));
  if (!lien) throw refus('INTROUVABLE', 'lienInvalide');
  return lien;
}

/**
 * What the crews found (docs/regles.md « Signalements »): the latest visit's result, on the booking's levée or an
 * earlier one it was moved from; collected on an earlier levée then moved (reported), nothing known of the new one.
 */
async function suiviDe(db: Db, idDebarras: number, idLevee: number): Promise<ReservationEnLigne['suivi']> {
  const visite = await derniereVisite(db, idDebarras);
  if (!visite || (visite.code === 'LEVE' && visite.idLevee !== idLevee)) return { etat: 'aucun', le: null, motif: null };
  const le = aujourdhui(visite.horodatage);
  return visite.code === 'LEVE' ? { etat: 'levee', le, motif: null } : { etat: 'nonLevee', le, motif: visite.code };
}

/** The resident's booking as its link shows it, whether it may still be changed, what the crew found, its report. */
export async function consulter(db: Db, jeton: string, maintenant: Date): Promise<ReservationEnLigne> {
  const lien = await lienDe(db, jeton);
  const { heureLimite } = await reglagesEnLigne(db);
  const { debarras: d, dateLevee, objets } = await lireEnLigne(db, lien.idDebarras);
  const premiereDate = premiereDateEnLigne(maintenant, heureLimite);
  const ouverte = d.statut === 'ACTIF' || d.statut === 'EN_ATTENTE_VALIDATION';
  const jour = aujourdhui(maintenant);
  const [suivi, signalement] = await Promise.all([
    suiviDe(db, d.idDebarras, d.idLevee),
    signalementDeLaReservation(db, { idDebarras: d.idDebarras, dateLevee, reportable: estSignalable(d.statut) }, jour),
  ]);
  return {
    numero: d.numero,
    idpAdr: d.idpAdr,
    adresse: d.adresse,
    date: dateLevee,
    idLevee: d.idLevee,
    objets,
    nom: d.nomPersonne ?? '',
    email: d.email ?? '',
    telephone: d.telephone,
    remarque: d.remarqueGenerale,
    // archived with its levée, the booking took place: it was never cancelled
    etat:
      d.statut === 'ARCHIVE' || (ouverte && dateLevee < jour)
        ? 'passee'
        : !ouverte
          ? 'annulee'
          : d.statut === 'ACTIF'
            ? 'validee'
            : 'enAttente',
    modifiable: modifiableEnLigne(d.statut as StatutDebarras, dateLevee, premiereDate),
    langue: estLangueEnLigne(lien.langue) ? lien.langue : 'fr',
    suivi,
    signalement,
  };
}

/** A booking validated, collected or not: neither cancelled nor still waiting for its validation. */
const estSignalable = (statut: string) => statut === 'ACTIF' || statut === 'ARCHIVE';

/** « Mes objets n'ont pas été levés » (docs/regles.md « Signalements »): the report, then the booking as it now stands. */
export async function signalerNonLeve(
  db: Db,
  jeton: string,
  s: { langue: LangueEnLigne; remarque?: string },
  maintenant: Date,
): Promise<ReservationEnLigne> {
  const lien = await lienDe(db, jeton);
  const { debarras: d, dateLevee } = await lireEnLigne(db, lien.idDebarras);
  await signaler(
    db,
    { idDebarras: d.idDebarras, idLevee: d.idLevee, numero: d.numero, dateLevee, reportable: estSignalable(d.statut) },
    s,
    { jour: aujourdhui(maintenant), maintenant },
  );
  return consulter(db, jeton, maintenant);
}

/**
 * The validation link followed (the page posts it: a mail scanner that opens links does not validate): the
 * booking becomes ACTIF, or, past its delay, its place is released and the link says so.
 */
export async function valider(db: Db, jeton: string, maintenant: Date, envoi: Envoi): Promise<ReservationEnLigne> {
  const lien = await lienDe(db, jeton);
  const { validationMinutes } = await reglagesEnLigne(db);
  let premiere = false;
  const issue = await db.transaction(async (tx) => {
    const resultat = await validerEnLigne(
      tx,
      lien.idDebarras,
      lien.creeLe,
      new Date(maintenant.getTime() - validationMinutes * 60_000),
      UTILISATEUR_INTERNET,
    );
    if (resultat === 'validee' && !lien.valideLe) {
      premiere = true;
      await repo.marquer(tx, lien.idReservationEnLigne, { valideLe: maintenant });
      await noterEtape(tx, { idSession: lien.idSession, type: 'creation', langue: lien.langue }, 'validation', maintenant);
    }
    if ((resultat === 'expiree' || resultat === 'supprimee') && !lien.libereLe) {
      await repo.marquer(tx, lien.idReservationEnLigne, { libereLe: maintenant });
    }
    return resultat;
  });
  // the link followed twice is one confirmation
  if (premiere || issue !== 'validee') reservationsEnLigne.inc({ etape: 'validation', resultat: premiere ? 'acceptee' : 'refusee' });
  if (issue === 'complet') {
    // another date can be chosen from the booking only until its cut-off
    const { modifiable } = await consulter(db, jeton, maintenant);
    throw refus('CAPACITE_DEPASSEE', modifiable ? 'completAValidation' : 'completHorsDelai');
  }
  if (issue !== 'validee') throw refus('ETAT_INVALIDE', 'lienExpire');
  const vue = await consulter(db, jeton, maintenant);
  // the link followed twice validates once, and says so once
  if (premiere) await informer(db, envoi, 'validee', vue, jeton);
  return vue;
}

/** A change of date or objects from the booking's link, until the cut-off; logged as a « modification » session. */
export async function modifier(
  db: Db,
  jeton: string,
  choix: ChoixEnLigne & { session: string; langue: LangueEnLigne },
  maintenant: Date,
  envoi: Envoi,
): Promise<ReservationEnLigne> {
  const lien = await lienDe(db, jeton);
  const { heureLimite, attentePart } = await reglagesEnLigne(db);
  await db.transaction(async (tx) => {
    const regles = { premiereDate: premiereDateEnLigne(maintenant, heureLimite), attentePart };
    const resultat = await modifierEnLigne(tx, lien.idDebarras, choix, regles, UTILISATEUR_INTERNET);
    if ('refus' in resultat) throw refusDe(resultat.refus);
    // a change of objects alone never opened the date step, the session's first stage: the change is its start too
    const etape = { idSession: choix.session, type: 'modification', langue: choix.langue } as const;
    await noterEtape(tx, etape, 'reservation', maintenant, true);
    await noterEtape(tx, etape, 'confirmation', maintenant);
  });
  const vue = await consulter(db, jeton, maintenant);
  await informer(db, envoi, 'modifiee', vue, jeton);
  return vue;
}

/** A cancellation from the booking's link, until the cut-off: the place is freed at once. */
export async function annuler(
  db: Db,
  jeton: string,
  session: { idSession: string; langue: LangueEnLigne },
  maintenant: Date,
  envoi: Envoi,
): Promise<ReservationEnLigne> {
  const lien = await lienDe(db, jeton);
  const { heureLimite } = await reglagesEnLigne(db);
  await db.transaction(async (tx) => {
    const resultat = await annulerEnLigne(tx, lien.idDebarras, premiereDateEnLigne(maintenant, heureLimite), UTILISATEUR_INTERNET);
    if ('refus' in resultat) throw refusDe(resultat.refus);
    await noterEtape(tx, { ...session, type: 'annulation' }, 'reservation', maintenant);
    await noterEtape(tx, { ...session, type: 'annulation' }, 'confirmation', maintenant);
  });
  const vue = await consulter(db, jeton, maintenant);
  await informer(db, envoi, 'annulee', vue, jeton);
  return vue;
}

/**
 * Releases the places of the bookings not validated within `enligne.validation.minutes` (the job « Places
 * non validées », every quarter of an hour): débarras SUPPRIME, journal SUPPRESSION by `internet`. Answers how
 * many, and the delay.
 */
export async function libererExpirees(db: Db, maintenant: Date): Promise<{ liberees: number; minutes: number }> {
  const { validationMinutes } = await reglagesEnLigne(db);
  const avant = new Date(maintenant.getTime() - validationMinutes * 60_000);
  let liberees = 0;
  for (const lien of await repo.enAttenteAvant(db, avant)) {
    await db.transaction(async (tx) => {
      const resultat = await validerEnLigne(tx, lien.idDebarras, lien.creeLe, avant, UTILISATEUR_INTERNET);
      // validated or deleted meanwhile (by the link, the resident or staff): only marked, so as not to be read again
      await repo.marquer(tx, lien.idReservationEnLigne, resultat === 'validee' ? { valideLe: maintenant } : { libereLe: maintenant });
      if (resultat === 'expiree') liberees += 1;
    });
  }
  return { liberees, minutes: validationMinutes };
}

/**
 * The evening reminders (job « Rappels des réservations en ligne », from `enligne.rappel.heure`): to each ACTIF
 * online booking on tomorrow's levées not reminded yet, in its language, with the set-out rules. A refused
 * address is counted and tried again on the next pass.
 */
export async function envoyerRappels(db: Db, courrier: Courrier, maintenant: Date) {
  const reglages = await reglagesEnLigne(db);
  const jour = ajouterJours(aujourdhui(maintenant), 1);
  const parId = new Map((await internetActifsLe(db, jour)).map((d) => [d.idDebarras, d]));
  let envoyes = 0;
  let refuses = 0;
  for (const lien of await repo.sansRappel(db, [...parId.keys()])) {
    const d = parId.get(lien.idDebarras)!;
    if (!d.email) continue;
    const langue: LangueEnLigne = estLangueEnLigne(lien.langue) ? lien.langue : 'fr';
    const t = TEXTES_EN_LIGNE[langue];
    const { envoye, enPanne } = await envoyerAHabitant(
      db,
      courrier,
      {
        a: d.email,
        sujet: t.sujetRappel(dateLisible(jour, langue)),
        texte: t.corpsRappel({
          nom: d.nom ?? '',
          date: dateLisible(jour, langue),
          adresse: d.adresse,
          objets: await lignesObjets(db, (await lireEnLigne(db, d.idDebarras)).objets, langue),
          consignes: reglages.consignes[langue],
        }),
      },
      { nature: 'rappel', numero: d.numero, langue },
    );
    if (envoye) {
      await repo.marquer(db, lien.idReservationEnLigne, { rappelLe: maintenant });
      envoyes += 1;
      continue;
    }
    refuses += 1;
    // not marked: tried again on the next pass; when the mail itself is down, the others would fail alike and wait too
    if (enPanne) break;
  }
  return { jour, envoyes, refuses };
}
