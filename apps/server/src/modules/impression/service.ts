import {
  DOMAINES_EVENEMENT,
  ENVOI_MESSAGES,
  IMPRESSION_LIBELLES,
  IMPRESSION_MESSAGES,
  libelleSecteurLevee,
  nomFichierDebarras,
  nomFichierFeuilles,
  type Destinataire,
  type FormatImpression,
  type Levee,
  type LienEquipe,
  type RaisonSansEnvoi,
  type ReponseEnvoiFeuilles,
  type Tournee,
} from '@debarras/domain';
import type { Courrier } from '../../courriel.js';
import { verrouConsultatif, type Db } from '../../db/client.js';
import {
  AVEC_CARTE,
  AVEC_LIEN_EQUIPE,
  etendueDeTournee,
  feuillesDeRoute,
  ficheEnPdf,
  pointsDeTournee,
  rendreFeuilles,
  TYPES_MIME,
  type DebarrasFeuille,
  type FeuillesDeRoute,
  type TourneeFeuille,
} from '../../documents/index.js';
import { ErreurApplication, etatInvalide, saisieInvalide } from '../../erreurs.js';
import { exceptionsActives } from '../adresseException/index.js';
import { fondDeTournee } from '../carte/index.js';
import { signalerEchecCourriel } from '../courriel/index.js';
import { detail as detailDebarras, pourFeuillesDeRoute } from '../debarras/index.js';
import { actifs as destinatairesActifs } from '../destinataire/index.js';
import { activesLe } from '../levee/index.js';
import { journaliserEchec, journaliserSucces } from '../logEvenement/index.js';
import { liensPourFeuilles } from '../equipe/index.js';
import { pdfActif } from '../parametre/index.js';
import { tourneesDesLevees, type OptionsTournee } from '../tournee/index.js';
import * as repo from './repo.js';

export interface Document {
  contenu: Buffer;
  fichier: string;
  type: string;
}

/** The user the evening job writes as. */
export const ENVOYEUR = 'envoi-feuilles';

/**
 * The day's ACTIF levées that have a débarras to collect, in print order, with those débarras and their rounds: an
 * empty levée gets no section (docs/regles.md « Feuilles de route »). `actives` counts them all.
 */
async function lireJour(db: Db, jour: string, options: OptionsTournee) {
  const actives = await activesLe(db, jour);
  const debarras = await pourFeuillesDeRoute(
    db,
    actives.map((l) => l.idLevee),
  );
  const exceptions = await exceptionsActives(
    db,
    debarras.map((d) => d.idpAdr),
  );
  const levees = actives.filter((l) => debarras.some((d) => d.idLevee === l.idLevee));
  const raison: RaisonSansEnvoi | undefined = !actives.length ? 'aucuneLevee' : !levees.length ? 'aucunDebarras' : undefined;
  const tournees = await tourneesDesLevees(
    db,
    levees.map((l) => l.idLevee),
    options,
  );
  return { levees, debarras, exceptions, tournees, raison };
}

/** The rounds as a format prints them: with the layers of each map for a format that draws them. */
async function tourneesAImprimer(
  db: Db,
  tournees: Map<number, Tournee>,
  debarras: DebarrasFeuille[],
  format: FormatImpression,
): Promise<Map<number, TourneeFeuille>> {
  // the layers of each map read side by side: on PostgreSQL, five levées wait for the database once rather than five times
  const aImprimer = await Promise.all(
    [...tournees].map(async ([idLevee, tournee]): Promise<[number, TourneeFeuille]> => {
      const arrets = debarras.filter((d) => d.idLevee === idLevee).map((d) => d.idpAdr);
      const fond =
        AVEC_CARTE[format] && tournee.arrets.length ? await fondDeTournee(db, etendueDeTournee(pointsDeTournee(tournee)), arrets) : null;
      return [idLevee, { tournee, fond }];
    }),
  );
  return new Map(aImprimer);
}

/** Who prints, and the public address the crews' links start with: without it, sheets print no link (the bench's). */
export interface OptionsImpression extends OptionsTournee {
  liens?: { publicUrl: string; par: string };
}

/** A new crews' link per levée, for a format that prints them. */
const liensAImprimer = (db: Db, levees: Levee[], format: FormatImpression, options: OptionsImpression) =>
  options.liens && AVEC_LIEN_EQUIPE[format]
    ? liensPourFeuilles(db, levees, options.liens.par, options.liens.publicUrl)
    : Promise.resolve(new Map());

const RIEN_A_IMPRIMER = { aucuneLevee: IMPRESSION_MESSAGES.aucuneLevee, aucunDebarras: IMPRESSION_MESSAGES.aucunDebarras };

/** `GET /levee/print/`: every ACTIF levée of the day in one document (docs/regles.md « Feuilles de route »). */
export async function imprimerFeuilles(
  db: Db,
  jour: string,
  format: FormatImpression,
  instant: Date,
  options: OptionsImpression = {},
): Promise<Document> {
  if (format === 'Pdf' && !(await pdfActif(db))) throw saisieInvalide(IMPRESSION_MESSAGES.pdfInactif);
  const { levees, debarras, exceptions, tournees, raison } = await lireJour(db, jour, options);
  if (raison) throw new ErreurApplication('INTROUVABLE', RIEN_A_IMPRIMER[raison]);
  const [aImprimer, liens] = await Promise.all([
    tourneesAImprimer(db, tournees, debarras, format),
    liensAImprimer(db, levees, format, options),
  ]);
  return {
    contenu: await rendreFeuilles(feuillesDeRoute(jour, levees, debarras, instant, aImprimer, exceptions, liens), format),
    fichier: nomFichierFeuilles(jour, format),
    type: TYPES_MIME[format],
  };
}

/** `GET /debarras/print/`: one débarras on one page. */
export async function imprimerDebarras(db: Db, idDebarras: number, instant: Date): Promise<Document> {
  const d = await detailDebarras(db, idDebarras);
  return { contenu: await ficheEnPdf(d, instant), fichier: nomFichierDebarras(d.numero), type: TYPES_MIME.Pdf };
}

export interface BilanEnvoi {
  /** Why nothing was sent at all. */
  raison?: RaisonSansEnvoi;
  envoyes: string[];
  echecs: string[];
  /** Being sent by another run: to be looked at again, in case that run dies. */
  enCours: string[];
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);

/**
 * Sends the day's route sheets to each active recipient in its own format, one document per
 * format rendered once. `reclamer` decides who is sent to: the evening job claims each recipient
 * so that a day goes out at most once (docs/regles.md « Envoi des feuilles de route »); a send asked
 * for from the screen goes to everyone.
 */
async function envoyer(
  db: Db,
  courrier: Courrier,
  jour: string,
  options: OptionsImpression & {
    instant: Date;
    par: string;
    reclamer?: (d: Destinataire) => Promise<repo.Reclamation>;
    conclure?: (d: Destinataire, erreur?: string) => Promise<void>;
  },
): Promise<BilanEnvoi & { levees: Levee[] }> {
  const { levees, debarras, exceptions, tournees, raison } = await lireJour(db, jour, options);
  if (raison) return { raison, envoyes: [], echecs: [], enCours: [], levees };
  const destinataires = await destinatairesActifs(db);
  if (!destinataires.length) return { raison: 'aucunDestinataire', envoyes: [], echecs: [], enCours: [], levees };

  // each format composed once, whatever the number of recipients who take it
  const rendus = new Map<FormatImpression, Promise<Buffer>>();
  // one link per levée for the whole sending, whichever paper formats take it
  let liens: Promise<Map<number, LienEquipe>> | undefined;
  const composer = async (format: FormatImpression): Promise<FeuillesDeRoute> => {
    const aImprimer = await tourneesAImprimer(db, tournees, debarras, format);
    if (AVEC_LIEN_EQUIPE[format]) liens ??= liensAImprimer(db, levees, format, options);
    return feuillesDeRoute(
      jour,
      levees,
      debarras,
      options.instant,
      aImprimer,
      exceptions,
      AVEC_LIEN_EQUIPE[format] ? await liens : undefined,
    );
  };
  const rendu = (format: FormatImpression) => {
    if (!rendus.has(format))
      rendus.set(
        format,
        composer(format).then((feuilles) => rendreFeuilles(feuilles, format)),
      );
    return rendus.get(format)!;
  };
  const corps = ENVOI_MESSAGES.corps(
    jour,
    levees.map((l) => ENVOI_MESSAGES.leveeDuCorps(libelleSecteurLevee(l), l.nbDebarras, l.nbDebarrasMax)),
  );
  const bilan: BilanEnvoi = { envoyes: [], echecs: [], enCours: [] };
  /** The recipient stays to be served (the evening job tries again), and the sending's own line says why. */
  const echouer = async (d: Destinataire, raison: string) => {
    await options.conclure?.(d, raison);
    bilan.echecs.push(d.destinataire);
    await journaliserEchec(
      db,
      DOMAINES_EVENEMENT.envoi,
      (options.reclamer ? ENVOI_MESSAGES.echec : ENVOI_MESSAGES.echecManuel)(jour, d.destinataire, d.email, raison),
    );
  };
  for (const d of destinataires) {
    const reclamation = options.reclamer ? await options.reclamer(d) : 'reclame';
    if (reclamation === 'enCours') bilan.enCours.push(d.destinataire);
    if (reclamation !== 'reclame') continue;
    // rendered before the sending: a document that cannot be composed is no e-mail failure (none was sent)
    let contenu: Buffer;
    try {
      contenu = await rendu(d.type);
    } catch (erreur) {
      await echouer(d, ENVOI_MESSAGES.renduEnEchec(message(erreur)));
      continue;
    }
    try {
      await courrier.envoyer({
        a: d.email,
        sujet: ENVOI_MESSAGES.sujet(jour),
        texte: corps,
        pieces: [{ nom: nomFichierFeuilles(jour, d.type), contenu, type: TYPES_MIME[d.type] }],
      });
    } catch (erreur) {
      // counted with every failed e-mail (« Courriels »), besides the sending's own line
      await signalerEchecCourriel(db, courrier, erreur, {
        nature: 'feuilles',
        jour,
        destinataire: d.destinataire,
        nouvelEssai: options.reclamer !== undefined,
      });
      await echouer(d, message(erreur));
      continue;
    }
    await options.conclure?.(d);
    bilan.envoyes.push(d.destinataire);
  }
  return { ...bilan, levees };
}

/**
 * The evening job's work for one day: the recipients not yet served that day, claimed one by one
 * under the jobs' advisory lock; a failure stays claimable for the next run.
 */
export async function envoyerFeuillesDuSoir(
  db: Db,
  courrier: Courrier,
  jour: string,
  instant: Date,
  options: OptionsImpression = {},
): Promise<BilanEnvoi> {
  const bilan = await envoyer(db, courrier, jour, {
    ...options,
    instant,
    par: ENVOYEUR,
    reclamer: (d) =>
      db.transaction(async (tx) => {
        await verrouConsultatif(tx, 'debarras.envoi-feuilles');
        return repo.reclamer(tx, jour, d, ENVOYEUR);
      }),
    conclure: (d, erreur) => repo.conclure(db, jour, d.idDestinataire, erreur === undefined ? 'ENVOYE' : { erreur }, ENVOYEUR),
  });
  // the jobs' runner writes the outcome line (ENVOI_MESSAGES.bilanTache)
  return bilan;
}

/** « Envoyer aux destinataires »: the day's sheets to every active recipient now, for a late change. */
export async function envoyerFeuillesMaintenant(
  db: Db,
  courrier: Courrier,
  jour: string,
  par: string,
  instant: Date,
  options: OptionsImpression = {},
): Promise<ReponseEnvoiFeuilles> {
  const bilan = await envoyer(db, courrier, jour, { ...options, instant, par });
  if (bilan.raison === 'aucuneLevee' || bilan.raison === 'aucunDebarras')
    throw new ErreurApplication('INTROUVABLE', RIEN_A_IMPRIMER[bilan.raison]);
  if (bilan.raison === 'aucunDestinataire') throw etatInvalide(IMPRESSION_LIBELLES.aucunDestinataire);
  if (bilan.envoyes.length)
    await journaliserSucces(db, DOMAINES_EVENEMENT.envoi, ENVOI_MESSAGES.envoyes(jour, bilan.envoyes) + ENVOI_MESSAGES.manuel(par));
  return {
    envoyes: bilan.envoyes.length,
    echecs: bilan.echecs.length,
    message: ENVOI_MESSAGES.bilan(bilan.envoyes.length, bilan.echecs.length),
  };
}
