import { createHash, randomBytes } from 'node:crypto';
import {
  debutDuJourGeneve,
  DOMAINES_EVENEMENT,
  EQUIPE_MESSAGES,
  formatJour,
  libelleSecteurLevee,
  LEVEE_MESSAGES,
  peutOuvrirTourneeEquipe,
  uriGeo,
  urlTourneeEquipe,
  type Levee,
  type LienEquipe,
  type ResultatEquipeSaisie,
  type StatutResultat,
  type TourneeEquipe,
} from '@debarras/domain';
import type { Db, Tx } from '../../db/client.js';
import { versLigne } from '../../documents/index.js';
import { introuvable, nonAuthentifie, nonAutorise } from '../../erreurs.js';
import { jourOuvrablePrecedent } from '../../joursOuvrables.js';
import { exceptionsActives } from '../adresseException/index.js';
import { pourFeuillesDeRoute } from '../debarras/index.js';
import { trouver as trouverLevee } from '../levee/index.js';
import { journaliserSucces } from '../logEvenement/index.js';
import { heuresLienEquipe } from '../parametre/index.js';
import { actuelsDe, enregistrerPhoto, enregistrerResultats, type Auteur, type DebarrasDuResultat } from '../resultat/index.js';
import { tourneesDesLevees, type OptionsTournee } from '../tournee/index.js';
import * as repo from './repo.js';

/** A token's digest, the only thing kept of it. */
const empreinte = (jeton: string) => createHash('sha256').update(jeton).digest('hex');

/**
 * When a levée's link opens its round (docs/regles.md « Tournée des équipes »): from 00:00 of the working day before
 * (the evening its sheets go out) until `heures` after its own day starts.
 */
export function validite(dateLevee: string, heures: number) {
  return {
    du: debutDuJourGeneve(jourOuvrablePrecedent(dateLevee)),
    au: new Date(debutDuJourGeneve(dateLevee).getTime() + heures * 3_600_000),
  };
}

async function leveeOuverte(db: Db, idLevee: number): Promise<Levee> {
  const levee = await trouverLevee(db, idLevee);
  if (!levee || !peutOuvrirTourneeEquipe(levee)) throw introuvable(LEVEE_MESSAGES.introuvable);
  return levee;
}

/** A new link for the levée, beside those in force: 256 random bits, of which only the digest is stored. */
async function creerLien(tx: Tx, idLevee: number, par: string) {
  const jeton = randomBytes(32).toString('base64url');
  await repo.inserer(tx, { idLevee, empreinteJeton: empreinte(jeton), creePar: par });
  return jeton;
}

/**
 * The links the day's route sheets print, one per levée: each printing makes its own, so a sheet printed earlier
 * keeps working until « Nouveau lien équipe » revokes them all.
 */
export async function liensPourFeuilles(
  db: Db,
  levees: Array<Pick<Levee, 'idLevee' | 'dateLevee'>>,
  par: string,
  publicUrl: string,
): Promise<Map<number, LienEquipe>> {
  const heures = await heuresLienEquipe(db);
  const liens = new Map<number, LienEquipe>();
  for (const l of levees) liens.set(l.idLevee, lienEquipe(await creerLien(db, l.idLevee, par), l.dateLevee, heures, publicUrl));
  return liens;
}

const lienEquipe = (jeton: string, dateLevee: string, heures: number, publicUrl: string): LienEquipe => {
  const { du, au } = validite(dateLevee, heures);
  return { url: urlTourneeEquipe(publicUrl, jeton), valideDu: du.toISOString(), valideAu: au.toISOString() };
};

/** « Nouveau lien équipe »: revokes the levée's links (a phone lost, a sheet left behind) and gives a new one, once. */
export async function renouveler(db: Db, idLevee: number, par: string, publicUrl: string): Promise<LienEquipe> {
  const levee = await leveeOuverte(db, idLevee);
  const jeton = await db.transaction(async (tx) => {
    const revoques = await repo.revoquer(tx, idLevee, par, new Date());
    const nouveau = await creerLien(tx, idLevee, par);
    await journaliserSucces(
      tx,
      DOMAINES_EVENEMENT.tournee,
      `Levée du ${formatJour(levee.dateLevee)} (${libelleSecteurLevee(levee)}) : nouveau lien équipe ; ${revoques} lien${revoques > 1 ? 's' : ''} précédent${revoques > 1 ? 's' : ''} révoqué${revoques > 1 ? 's' : ''}.`,
    );
    return nouveau;
  });
  return lienEquipe(jeton, levee.dateLevee, await heuresLienEquipe(db), publicUrl);
}

/** The crew a token lets in: its levée and until when. Missing, wrong, revoked or out of its dates: 401. */
export interface AccesEquipe {
  idLevee: number;
  idLienEquipe: number;
  expireLe: Date;
}

export async function ouvrir(db: Db, jeton: string | undefined, maintenant: Date): Promise<AccesEquipe> {
  if (!jeton) throw nonAuthentifie(EQUIPE_MESSAGES.lienManquant);
  const lien = await repo.valableParEmpreinte(db, empreinte(jeton));
  const levee = lien && (await trouverLevee(db, lien.idLevee));
  if (!lien || !levee || !peutOuvrirTourneeEquipe(levee)) throw nonAuthentifie(EQUIPE_MESSAGES.lienInvalide);
  const { du, au } = validite(levee.dateLevee, await heuresLienEquipe(db));
  if (maintenant < du || maintenant >= au) throw nonAuthentifie(EQUIPE_MESSAGES.lienInvalide);
  return { idLevee: lien.idLevee, idLienEquipe: lien.idLienEquipe, expireLe: au };
}

/**
 * The round as the crews' page shows it: the stops in the round's order (those without coordinates last), what the
 * sheet prints of each, the requester's phone alone of the requester, and each stop's standing result.
 */
export async function tournee(db: Db, idLevee: number, expireLe: Date | null, options: OptionsTournee = {}): Promise<TourneeEquipe> {
  const levee = await leveeOuverte(db, idLevee);
  const debarras = await pourFeuillesDeRoute(db, [idLevee], { avecArchives: true });
  const exceptions = await exceptionsActives(
    db,
    debarras.map((d) => d.idpAdr),
  );
  const ordre = (await tourneesDesLevees(db, [idLevee], options)).get(idLevee);
  const resultats = await actuelsDe(
    db,
    idLevee,
    debarras.map((d) => d.idDebarras),
  );
  const arrets = new Map((ordre?.arrets ?? []).map((a) => [a.idDebarras, a]));
  const rang = (idDebarras: number) => arrets.get(idDebarras)?.ordre ?? Number.MAX_SAFE_INTEGER;
  return {
    levee: { idLevee, dateLevee: levee.dateLevee, secteur: libelleSecteurLevee(levee) },
    expireLe: expireLe?.toISOString() ?? null,
    arrets: debarras
      .map((d, lu) => ({ d, lu }))
      .sort((a, b) => rang(a.d.idDebarras) - rang(b.d.idDebarras) || a.lu - b.lu)
      .map(({ d }) => {
        const arret = arrets.get(d.idDebarras);
        const ligne = versLigne(d, '', exceptions.get(d.idpAdr));
        return {
          ordre: arret?.ordre ?? null,
          idDebarras: d.idDebarras,
          numero: d.numero,
          adresse: d.adresse,
          precisions: ligne.precisions,
          pointDepot: ligne.pointDepot,
          travaux: ligne.travaux,
          objets: d.objets.map(({ idObjet, libelle, quantite, remarque }) => ({ idObjet, libelle, quantite, remarque })),
          remarques: ligne.remarques,
          alertes: ligne.alertes,
          telephone: d.telephone?.trim() || null,
          navigation: arret ? uriGeo(arret.x, arret.y) : null,
          resultat: resultats.get(d.idDebarras) ?? null,
        };
      }),
  };
}

/** The levée's débarras a result may name (ACTIF, or ARCHIVE once the levée is): any other is refused whole (403). */
async function debarrasNommes(db: Db, idLevee: number, idsNommes: number[]): Promise<Map<number, DebarrasDuResultat>> {
  await leveeOuverte(db, idLevee);
  const debarras = new Map(
    (await pourFeuillesDeRoute(db, [idLevee], { avecArchives: true })).map((d) => [d.idDebarras, { numero: d.numero, objets: d.objets }]),
  );
  if (idsNommes.some((id) => !debarras.has(id))) throw nonAutorise(EQUIPE_MESSAGES.autreLevee);
  return debarras;
}

export async function enregistrer(
  db: Db,
  idLevee: number,
  envoi: ResultatEquipeSaisie[],
  auteur: Auteur,
  maintenant: Date,
): Promise<StatutResultat[]> {
  const debarras = await debarrasNommes(
    db,
    idLevee,
    envoi.map((r) => r.idDebarras),
  );
  return enregistrerResultats(db, idLevee, envoi, debarras, auteur, maintenant);
}

export async function enregistrerUnePhoto(db: Db, idLevee: number, p: { idClient: string; idDebarras: number; contenu: Buffer }) {
  await debarrasNommes(db, idLevee, [p.idDebarras]);
  return enregistrerPhoto(db, p);
}

/** How a crew signs what it records: its link's number, no person's name. */
export const auteurEquipe = (acces: AccesEquipe): Auteur => ({ par: `équipe (lien ${acces.idLienEquipe})`, equipe: true });
