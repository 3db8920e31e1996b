import {
  AVANCE_HORLOGE_TOLEREE_MINUTES,
  CONFLITS_PAR_ARRET_MAX,
  CORRECTION_EQUIPE_MINUTES,
  DOMAINES_EVENEMENT,
  EQUIPE_MESSAGES,
  PHOTO_OCTETS_MAX,
  RESULTAT_LIBELLES,
  type CodeErreur,
  type ResultatArret,
  type ResultatDebarras,
  type ResultatDuDebarras,
  type ResultatEquipeSaisie,
  type StatutResultat,
  type TypePhoto,
} from '@debarras/domain';
import { verrouConsultatif, type Db, type Transaction, type Tx } from '../../db/client.js';
import { ErreurApplication, estViolationUnicite, saisieInvalide } from '../../erreurs.js';
import { journaliserEchec, journaliserSucces } from '../logEvenement/index.js';
import * as repo from './repo.js';

/** Who records: a crew through its link (held to the correction window), or staff signed in. */
export interface Auteur {
  /** « équipe (lien 12) » or a user name: kept with the result, never written in the messages. */
  par: string;
  equipe: boolean;
}

/** What a result may name of its débarras: its number (for the messages) and its objects (what may stay behind). */
export interface DebarrasDuResultat {
  numero: string;
  objets: Array<{ idObjet: number; quantite: number }>;
}

const refus = (idClient: string, code: CodeErreur, message: string): StatutResultat => ({ idClient, statut: 'refuse', code, message });

/** The checks that need no database: the phone's clock, the objects left. */
function refusSaisie(r: ResultatEquipeSaisie, d: DebarrasDuResultat, maintenant: Date): string | undefined {
  if (Date.parse(r.horodatage) > maintenant.getTime() + AVANCE_HORLOGE_TOLEREE_MINUTES * 60_000) return EQUIPE_MESSAGES.horodatageFutur;
  if (r.objetsRestants?.length && r.resultat !== 'PARTIEL') return EQUIPE_MESSAGES.objetsRestantsHorsPartiel;
  const demandes = new Map(d.objets.map((o) => [o.idObjet, o.quantite]));
  const restes = new Map<number, number>();
  for (const o of r.objetsRestants ?? []) restes.set(o.idObjet, (restes.get(o.idObjet) ?? 0) + o.quantite);
  for (const [idObjet, quantite] of restes) if (quantite > (demandes.get(idObjet) ?? 0)) return EQUIPE_MESSAGES.objetsRestantsInvalides;
  return undefined;
}

const libelle = (code: string) => RESULTAT_LIBELLES[code as keyof typeof RESULTAT_LIBELLES] ?? code;
const qui = (auteur: Auteur) => (auteur.equipe ? 'par l’équipe' : 'par le bureau');

/**
 * Records the results sent, in their order, each on its own (docs/regles.md « Tournée des équipes »): once per
 * `idClient`; a correction replaces the standing result it names (from the phone, within 15 minutes of it); a
 * result that names no standing one is kept as a conflict, the first standing. Every débarras named is of the levée
 * (`debarras`, checked by the caller).
 */
export async function enregistrer(
  db: Db,
  idLevee: number,
  envoi: ResultatEquipeSaisie[],
  debarras: ReadonlyMap<number, DebarrasDuResultat>,
  auteur: Auteur,
  maintenant: Date,
): Promise<StatutResultat[]> {
  const statuts: StatutResultat[] = [];
  for (const r of envoi) {
    const d = debarras.get(r.idDebarras)!;
    const refusee = refusSaisie(r, d, maintenant);
    if (refusee) {
      statuts.push(refus(r.idClient, 'SAISIE_INVALIDE', refusee));
      continue;
    }
    try {
      statuts.push(await db.transaction((tx) => enregistrerUn(tx, idLevee, r, d, auteur)));
    } catch (erreur) {
      // the same idClient sent at once on two connections: the other one recorded it
      if (!estViolationUnicite(erreur)) throw erreur;
      statuts.push({ idClient: r.idClient, statut: 'deja_enregistre' });
    }
  }
  return statuts;
}

async function enregistrerUn(
  tx: Transaction,
  idLevee: number,
  r: ResultatEquipeSaisie,
  d: DebarrasDuResultat,
  auteur: Auteur,
): Promise<StatutResultat> {
  // one result at a time per stop, whichever server receives it
  await verrouConsultatif(tx, `resultat:${r.idDebarras}`);
  if (await repo.parClient(tx, r.idClient)) return { idClient: r.idClient, statut: 'deja_enregistre' };
  const actuel = await repo.actuel(tx, r.idDebarras, idLevee);
  const ligne: repo.NouveauResultat = {
    idClient: r.idClient,
    idDebarras: r.idDebarras,
    idLevee,
    code: r.resultat,
    remarque: r.remarque || null,
    objetsRestants: r.resultat === 'PARTIEL' && r.objetsRestants?.length ? r.objetsRestants : null,
    horodatage: new Date(r.horodatage),
    par: auteur.par,
    remplace: r.remplace ?? null,
    etat: 'ACTUEL',
  };
  if (actuel && r.remplace === actuel.idClient) {
    const ecart = Date.parse(r.horodatage) - actuel.horodatage.getTime();
    if (auteur.equipe && ecart > CORRECTION_EQUIPE_MINUTES * 60_000) {
      return refus(r.idClient, 'ETAT_INVALIDE', EQUIPE_MESSAGES.correctionTardive);
    }
    await repo.remplacer(tx, actuel.idClient);
    await repo.inserer(tx, ligne);
    await journaliserSucces(
      tx,
      DOMAINES_EVENEMENT.tournee,
      `Débarras n° ${d.numero} : résultat corrigé ${qui(auteur)}, « ${libelle(actuel.code)} » devient « ${libelle(r.resultat)} ».`,
    );
    return { idClient: r.idClient, statut: 'enregistre' };
  }
  if (actuel) {
    if ((await repo.nombreConflits(tx, r.idDebarras, idLevee)) >= CONFLITS_PAR_ARRET_MAX)
      return refus(r.idClient, 'ETAT_INVALIDE', EQUIPE_MESSAGES.tropDeConflits);
    await repo.inserer(tx, { ...ligne, etat: 'CONFLIT' });
    await journaliserEchec(
      tx,
      DOMAINES_EVENEMENT.tournee,
      `Débarras n° ${d.numero} : un second résultat « ${libelle(r.resultat)} » reçu ${qui(auteur)} ne remplace pas « ${libelle(actuel.code)} », qui reste : conflit à vérifier.`,
    );
    return { idClient: r.idClient, statut: 'conflit' };
  }
  await repo.inserer(tx, ligne);
  await journaliserSucces(
    tx,
    DOMAINES_EVENEMENT.tournee,
    `Débarras n° ${d.numero} : résultat « ${libelle(r.resultat)} » enregistré ${qui(auteur)}.`,
  );
  return { idClient: r.idClient, statut: 'enregistre' };
}

/** The photo's type, read from its first bytes (JPEG, PNG, WebP); undefined for anything else. */
export function typePhoto(octets: Uint8Array): TypePhoto | undefined {
  const commence = (signature: number[], decalage = 0) => signature.every((o, i) => octets[decalage + i] === o);
  if (commence([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (commence([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (commence([0x52, 0x49, 0x46, 0x46]) && commence([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/**
 * Stores the photo of a result already recorded for this débarras: checked by content and size, once per result
 * (sent again, it is `deja_enregistre`).
 */
export async function enregistrerPhoto(db: Db, p: { idClient: string; idDebarras: number; contenu: Buffer }) {
  if (p.contenu.length > PHOTO_OCTETS_MAX) throw saisieInvalide(EQUIPE_MESSAGES.photoTropGrande);
  const type = typePhoto(p.contenu);
  if (!type) throw saisieInvalide(EQUIPE_MESSAGES.photoType);
  const r = await repo.parClient(db, p.idClient);
  if (!r || r.idDebarras !== p.idDebarras) throw new ErreurApplication('INTROUVABLE', EQUIPE_MESSAGES.photoSansResultat);
  const ajoutee = await repo.insererPhoto(db, { idClient: p.idClient, type, contenu: p.contenu });
  return { idClient: p.idClient, statut: ajoutee ? ('enregistre' as const) : ('deja_enregistre' as const) };
}

/** The standing results of a levée's débarras, by débarras. */
export const actuelsDe = (tx: Tx, idLevee: number, idsDebarras: number[]): Promise<Map<number, ResultatArret>> =>
  repo.actuelsDe(tx, idLevee, idsDebarras);

/** A result's photo, with the débarras it shows. */
export async function photo(tx: Tx, idClient: string) {
  const p = await repo.photo(tx, idClient);
  if (!p) throw new ErreurApplication('INTROUVABLE', EQUIPE_MESSAGES.photoIntrouvable);
  return p;
}

/**
 * What the crews found on a levée, by débarras: the standing result with who recorded it and when it arrived, and the
 * conflicts kept beside it (docs/regles.md « Tournée des équipes »).
 */
export async function deLaLevee(tx: Tx, idLevee: number): Promise<ResultatDebarras[]> {
  const lignes = await repo.deLaLevee(tx, idLevee);
  const conflits = (idDebarras: number) =>
    lignes
      .filter(({ r }) => r.etat === 'CONFLIT' && r.idDebarras === idDebarras)
      .map(({ r }) => ({
        idClient: r.idClient,
        code: r.code as ResultatArret['code'],
        remarque: r.remarque,
        horodatage: r.horodatage.toISOString(),
        par: r.par,
      }));
  return lignes
    .filter(({ r }) => r.etat === 'ACTUEL')
    .map(({ r, photo }) => ({
      ...repo.versResultatArret({ ...r, photo }),
      idDebarras: r.idDebarras,
      par: r.par,
      recuLe: r.recuLe.toISOString(),
      conflits: conflits(r.idDebarras),
    }));
}

/** A débarras's standing result on its levée for its detail, with who recorded it; null when none stands. */
export async function duDebarras(tx: Tx, idDebarras: number, idLevee: number): Promise<ResultatDuDebarras | null> {
  const ligne = await repo.actuelAvecPhoto(tx, idDebarras, idLevee);
  if (!ligne) return null;
  return { ...repo.versResultatArret({ ...ligne.r, photo: ligne.photo }), par: ligne.r.par, recuLe: ligne.r.recuLe.toISOString() };
}
