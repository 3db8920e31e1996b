import { z } from 'zod';
import { formatJour, formatJourSemaine, dateIso } from './dates.js';
import { FORMATS_IMPRESSION, type FormatImpression } from './impressionFormats.js';

export * from './impressionFormats.js';

const majuscule = (texte: string) => texte.charAt(0).toUpperCase() + texte.slice(1);

export const EXTENSIONS_IMPRESSION: Record<FormatImpression, string> = { Word: 'docx', Excel: 'xlsx', Pdf: 'pdf' };

/** `feuilles-de-route-2026-11-25.docx` (docs/regles.md « Feuilles de route »). */
export const nomFichierFeuilles = (jour: string, format: FormatImpression) => `feuilles-de-route-${jour}.${EXTENSIONS_IMPRESSION[format]}`;
export const nomFichierDebarras = (numero: string) => `debarras-${numero}.pdf`;

/** Why no route sheet leaves: no ACTIF levée that day, none with a débarras, or no active recipient. */
export type RaisonSansEnvoi = 'aucuneLevee' | 'aucunDebarras' | 'aucunDestinataire';

/** What the sending of the route sheets writes to the messages and answers (docs/regles.md « Envoi des feuilles de route »). */
export const ENVOI_MESSAGES = {
  sujet: (jour: string) => `Feuilles de route du ${formatJourSemaine(jour)}`,
  corps: (jour: string, levees: string[]) =>
    [
      'Bonjour,',
      '',
      `Vous trouverez en pièce jointe les feuilles de route du ${formatJourSemaine(jour)} :`,
      ...levees.map((l) => `- ${l}`),
      '',
      'Ce message est envoyé par Débarras, la gestion des levées des objets encombrants.',
    ].join('\n'),
  leveeDuCorps: (libelle: string, nb: number, max: number) => `${libelle} : ${nb} débarras (max ${max})`,
  envoyes: (jour: string, noms: string[]) =>
    `Feuilles de route du ${formatJour(jour)} envoyées à ${noms.length} destinataire(s) : ${noms.join(', ')}.`,
  echec: (jour: string, nom: string, email: string, raison: string) =>
    `Envoi des feuilles de route du ${formatJour(jour)} à ${nom} <${email}> en échec : ${raison}. Nouvel essai au prochain passage.`,
  echecManuel: (jour: string, nom: string, email: string, raison: string) =>
    `Envoi des feuilles de route du ${formatJour(jour)} à ${nom} <${email}> en échec : ${raison}.`,
  /** The reason of a failure before any e-mail: the document could not be composed. */
  renduEnEchec: (raison: string) => `document non composé, aucun courriel parti (${raison.replace(/\.$/, '')})`,
  aucuneLevee: (jour: string) => `Aucune levée active le ${formatJour(jour)} : aucune feuille de route envoyée.`,
  aucunDebarras: (jour: string) => `Aucun débarras à lever le ${formatJour(jour)} : aucune feuille de route envoyée.`,
  erreur: (raison: string) => `Envoi des feuilles de route en échec : ${raison}. Nouvel essai au prochain passage.`,
  aucunDestinataire: (jour: string) =>
    `Aucun destinataire actif : les feuilles de route du ${formatJour(jour)} ne sont envoyées à personne.`,
  manuel: (par: string) => ` (envoi demandé par ${par})`,
  /** The evening job's outcome line. */
  bilanTache: (jour: string, b: { raison?: RaisonSansEnvoi; envoyes: string[]; echecs: string[]; enCours: string[] }): string => {
    if (b.raison === 'aucuneLevee') return ENVOI_MESSAGES.aucuneLevee(jour);
    if (b.raison === 'aucunDebarras') return ENVOI_MESSAGES.aucunDebarras(jour);
    if (b.raison === 'aucunDestinataire') return ENVOI_MESSAGES.aucunDestinataire(jour);
    const parties = [
      ...(b.envoyes.length ? [ENVOI_MESSAGES.envoyes(jour, b.envoyes)] : []),
      ...(b.echecs.length ? [`${b.echecs.length} envoi(s) en échec : nouvel essai au prochain passage.`] : []),
      ...(b.enCours.length ? [`${b.enCours.length} envoi(s) en cours dans une autre instance : revu au prochain passage.`] : []),
    ];
    return parties.length
      ? parties.join(' ')
      : `Feuilles de route du ${formatJour(jour)} : tous les destinataires actifs les ont déjà reçues.`;
  },
  bilan: (envoyes: number, echecs: number) =>
    echecs
      ? `${envoyes} envoi(s) réussi(s), ${echecs} en échec : voir les messages.`
      : `Feuilles de route envoyées à ${envoyes} destinataire(s).`,
} as const;

export const IMPRESSION_MESSAGES = {
  dateObligatoire: 'La saisie de la date est obligatoire',
  formatObligatoire: 'La saisie du format est obligatoire',
  formatInconnu: 'Le format doit être Word, Excel ou Pdf.',
  aucuneLevee: 'Aucune levée trouvée pour ce jour là',
  aucunDebarras: 'Aucun débarras à lever ce jour-là : les levées actives sont toutes vides.',
  pdfInactif: "Le format Pdf n'est pas activé : le paramètre impression.pdf.actif doit valoir true.",
  identifiantObligatoire: "L'identifiant du débarras est obligatoire.",
  /** A document (route sheets, débarras sheet, map) past its time limit, or refused with the queue full (503). */
  compositionTropLongue:
    'La composition du document a pris trop de temps ; réessayez dans un moment. Si cela se répète, signalez-le au support informatique.',
  tropDeDocuments: 'Trop de documents sont en cours de composition ; réessayez dans un moment.',
} as const;

/** The route sheets' dialog and the documents' own words (docs/regles.md « Feuilles de route »). */
export const IMPRESSION_LIBELLES = {
  modaleFeuilles: 'Imprimer les feuilles de route',
  date: 'Date',
  format: 'Format',
  choisirFormat: 'Choisir un format',
  envoyer: 'Envoyer aux destinataires',
  confirmationEnvoi: (n: number, jour: string) =>
    n === 1
      ? `Voulez-vous vraiment envoyer les feuilles de route du ${formatJour(jour)} au destinataire actif ?`
      : `Voulez-vous vraiment envoyer les feuilles de route du ${formatJour(jour)} aux ${n} destinataires actifs ?`,
  aucunDestinataire: 'Aucun destinataire actif : personne ne recevrait les feuilles de route.',
  titreDocument: (jour: string) => `Feuilles de route du ${formatJourSemaine(jour)}`,
  /** A levée's heading: weekday and date, sector or name, count and max. */
  titreLevee: (jour: string, libelle: string, nb: number, max: number) =>
    `${majuscule(formatJourSemaine(jour))} — ${libelle} — ${nb} / ${max} débarras`,
  page: (n: number | string, total: number | string) => `page ${n} / ${total}`,
  /** The columns of a route sheet, the last one left blank for the crew. */
  colonnes: {
    ordre: 'Ordre',
    numero: 'N°',
    adresse: 'Adresse',
    demandeur: 'Demandeur',
    objets: 'Objets',
    remarques: 'Remarques',
    alertes: 'Alertes',
    visa: 'Visa / remarques équipe',
  },
  alertes: { sauvage: 'SAUVAGE', punaises: 'PUNAISES', punaisesDechets: 'PUNAISES DÉCHETS' },
  travaux: 'Travaux',
  remarqueObjet: 'Objets',
  remarqueLieu: 'Lieu',
  remarqueGenerale: 'Générales',
  edition: (quand: string) => `Édité le ${quand}`,
  /** The one-page print of a débarras. */
  fiche: {
    titre: (numero: string) => `Débarras n° ${numero}`,
    recurrent: 'Récurrent',
    levee: 'Levée',
    adresse: 'Adresse',
    precisionsExclues: '(non imprimées sur la feuille de route)',
    demandeur: 'Demandeur',
    telephone: 'Téléphone',
    email: 'E-mail',
    objets: 'Objets',
    quantite: 'Quantité',
    objet: 'Objet',
    remarque: 'Remarque',
    aucunObjet: 'Aucun objet',
    remarques: 'Remarques',
    indicateurs: 'Indicateurs',
    non: 'Non',
    creation: (quand: string, par: string) => `Créé le ${quand} par ${par}`,
    modification: (quand: string, par: string) => `Dernière modification le ${quand} par ${par}`,
  },
  imprimer: 'Imprimer',
} as const;

/** `GET /levee/print/?date=&type=`. */
export const impressionFeuillesSchema = z.strictObject({
  date: z.string({ error: IMPRESSION_MESSAGES.dateObligatoire }).min(1, IMPRESSION_MESSAGES.dateObligatoire).pipe(dateIso()),
  type: z.enum(FORMATS_IMPRESSION, { error: IMPRESSION_MESSAGES.formatInconnu }),
});

/** `POST /levee/print/envoi`: the day whose sheets go to the recipients now. */
export const envoiFeuillesSchema = z.strictObject({
  date: z.string({ error: IMPRESSION_MESSAGES.dateObligatoire }).min(1, IMPRESSION_MESSAGES.dateObligatoire).pipe(dateIso()),
});

export const reponseEnvoiFeuillesSchema = z.object({
  envoyes: z.number().int(),
  echecs: z.number().int(),
  message: z.string(),
});
export type ReponseEnvoiFeuilles = z.infer<typeof reponseEnvoiFeuillesSchema>;
