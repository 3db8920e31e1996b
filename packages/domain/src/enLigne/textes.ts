import { LIGNES_OBJETS_MAX, QUANTITE_OBJET } from '../debarras/messages.js';
import type { MotifNonLeve } from '../equipe/codes.js';

/*
 * What the residents' pages need of the online booking besides its schemas: the languages, every text of the pages
 * and e-mails, the limits the pages check. Nothing here builds a schema, so the pages' bundle carries no more than
 * it uses (docs/architecture.md « Réservation en ligne »).
 */

export const LANGUES_EN_LIGNE = ['fr', 'en'] as const;
export type LangueEnLigne = (typeof LANGUES_EN_LIGNE)[number];
export const estLangueEnLigne = (v: unknown): v is LangueEnLigne => v === 'fr' || v === 'en';

/** The limits the pages check before sending: a quantity per object, and how many different objects. */
export const LIMITES_EN_LIGNE = { quantite: QUANTITE_OBJET.max, objets: LIGNES_OBJETS_MAX } as const;

type Textes = typeof TEXTES_FR;

/** The items of a booking in an e-mail: a heading, then one « - 2 × Canapé » line each. */
const listeObjets = (titre: string, objets: readonly string[]) => (objets.length ? [titre, ...objets.map((o) => `- ${o}`)] : []);

/** An object's label and link in the page's language: the English ones when given, else the French ones. */
export const objetEnLangue = <O extends { libelle: string; lien: string | null; libelleEn: string | null; lienEn: string | null }>(
  o: O,
  langue: LangueEnLigne,
): O => (langue === 'en' ? { ...o, libelle: o.libelleEn ?? o.libelle, lien: o.lienEn ?? o.lien } : o);

/** A follow-up e-mail (validated, changed): greeting, what now holds, the items, and the booking's link. */
const corpsSuivi = (lignes: { salut: string; phrase: string; titreObjets: string; voir: string }, p: SuiviCourriel) =>
  [lignes.salut, '', lignes.phrase, ...listeObjets(lignes.titreObjets, p.objets), '', lignes.voir, p.lienReservation].join('\n');
type SuiviCourriel = { nom: string; date: string; adresse: string; objets: readonly string[]; lienReservation: string };

/** An item line of an e-mail: « 2 × Canapé ». */
export const ligneObjetCourriel = (quantite: number, libelle: string) => `${quantite} × ${libelle}`;
export type CleTexte = keyof Textes;

const TEXTES_FR = {
  titre: 'Levée des objets encombrants',
  sousTitre: 'Réservez gratuitement une levée de vos objets encombrants.',
  langueAutre: 'English',
  etapeAdresse: 'Adresse',
  etapeObjets: 'Objets',
  etapeDate: 'Date',
  etapeContact: 'Coordonnées',
  etapeResume: 'Résumé',
  etapeSur: (n: number, total: number) => `Étape ${n} sur ${total}`,
  rechercherAdresse: 'Votre adresse (rue et numéro)',
  aucuneAdresse: 'Aucune adresse trouvée dans la commune.',
  sansSecteur: (telephone: string) => `Cette adresse n’est pas desservie par la réservation en ligne. Appelez le service au ${telephone}.`,
  objetsAutorises: 'Objets acceptés',
  chercherObjet: 'Chercher un objet',
  aucunObjetTrouve: 'Aucun objet accepté ne correspond : essayez un autre mot, ou regardez les objets refusés plus bas.',
  objetsInterdits: 'Objets refusés',
  voirPourquoi: 'Que faire de cet objet ?',
  quantitePour: (libelle: string) => `Quantité : ${libelle}`,
  datesDisponibles: 'Dates disponibles',
  aucuneDate: (telephone: string) => `Aucune levée n’a de place pour le moment. Appelez le service au ${telephone}.`,
  nom: 'Nom et prénom',
  email: 'E-mail',
  telephone: 'Téléphone (facultatif)',
  remarque: 'Remarque (facultative)',
  consentement:
    'J’accepte que mes coordonnées soient utilisées pour organiser cette levée ; elles sont effacées après la levée selon la durée de conservation du service.',
  precedent: 'Précédent',
  suivant: 'Suivant',
  confirmer: 'Confirmer la réservation',
  envoiEnCours: 'Envoi en cours…',
  merci: 'Merci ! Un e-mail vient de vous être envoyé : suivez son lien pour valider votre réservation.',
  delaiValidation: (minutes: number) => `Sans validation dans les ${minutes} minutes, la place est libérée.`,
  validee: 'Votre réservation est validée.',
  annulee: 'Votre réservation est annulée.',
  passee: 'La date de cette levée est passée.',
  enAttente: 'Votre réservation attend la validation par le lien de l’e-mail.',
  modifier: 'Modifier',
  annuler: 'Annuler la réservation',
  confirmerAnnulation: 'Annuler vraiment cette réservation ?',
  plusModifiable: 'Cette réservation ne peut plus être modifiée en ligne.',
  enregistrer: 'Enregistrer les changements',
  modificationEnregistree: 'Vos changements sont enregistrés.',
  // what the crew found (docs/regles.md « Signalements »)
  nonLeve: 'Non levé',
  leveeLe: (date: string) => `Vos objets ont été levés le ${date}.`,
  nonLeveLe: (date: string, motif: string) => `Vos objets n’ont pas été levés le ${date} : ${motif}.`,
  nouvelleDate: (date: string) => `Nouvelle date de levée : ${date}.`,
  signaler: 'Mes objets n’ont pas été levés',
  signalerAide: (date: string) => `Vos objets sont encore là après la levée ? Dites-le au service jusqu’au ${date}.`,
  signalementRemarque: 'Précisions (facultatives)',
  signalementEnvoyer: 'Envoyer le signalement',
  signalementRenoncer: 'Annuler',
  signalementEnvoye: 'Votre signalement est transmis au service. Vous recevrez sa réponse par e-mail.',
  signalementOuvert: 'Votre signalement est en cours de traitement. Vous recevrez la réponse du service par e-mail.',
  signalementTraite: 'Votre signalement a été traité : la réponse du service vous a été envoyée par e-mail.',
  signalementHorsDelai: 'Le signalement n’est possible que du jour de la levée aux 3 jours ouvrables qui suivent.',
  signalementDejaFait: 'Un signalement a déjà été fait pour cette réservation.',
  // the pages' own words
  chargement: 'Chargement…',
  adressesTrouvees: (n: number) => (n > 1 ? `${n} adresses trouvées` : `${n} adresse trouvée`),
  unDeMoins: (libelle: string) => `Un de moins : ${libelle}`,
  unDePlus: (libelle: string) => `Un de plus : ${libelle}`,
  nouvelOnglet: '(s’ouvre dans un nouvel onglet)',
  telephoneCourt: 'Téléphone',
  remarqueCourte: 'Remarque',
  numeroReservation: (numero: string) => `Réservation n° ${numero}`,
  consignesTitre: 'Comment déposer vos objets',
  voirReservation: 'Voir, modifier ou annuler ma réservation',
  nouvelleReservation: 'Faire une nouvelle réservation',
  garderReservation: 'Non, garder la réservation',
  dateObligatoire: 'Choisissez une date.',
  // refusals and field messages
  complet: 'Cette levée est complète. Choisissez une autre date.',
  lienInvalide: 'Ce lien n’est pas valable.',
  lienExpire: 'Ce lien a expiré : la place a été libérée. Vous pouvez réserver à nouveau.',
  horsDelai: 'Cette réservation ne peut plus être modifiée ni annulée en ligne.',
  tropDeRequetes: 'Trop de demandes. Réessayez dans quelques minutes.',
  surcharge: 'Le service est très sollicité en ce moment. Réessayez dans quelques secondes.',
  tropEnAttente:
    'Des réservations faites d’ici ou avec cette adresse e-mail attendent encore leur validation. Validez-les avec le lien reçu par e-mail avant d’en faire une autre.',
  attenteComplete: 'Cette date n’accepte plus de réservation en attente de validation pour le moment. Choisissez une autre date.',
  doublon: (date: string, telephone: string) =>
    `Une levée est déjà prévue le ${date} à cette adresse pour ce numéro de téléphone ou cette adresse e-mail. Pour la modifier, utilisez le lien reçu par e-mail, ou appelez le service au ${telephone}.`,
  completAValidation:
    'La date choisie s’est remplie entre-temps : votre réservation n’est pas encore validée. Choisissez une autre date depuis votre réservation, puis suivez à nouveau le lien de validation.',
  completHorsDelai:
    'La date choisie s’est remplie entre-temps, et il est trop tard pour en choisir une autre en ligne : votre réservation n’est pas validée. Appelez le service pour convenir d’une date.',
  adresseNonReservable: 'Cette adresse ne peut pas être réservée en ligne.',
  dateIndisponible: 'Cette date n’est plus proposée. Choisissez une autre date.',
  objetIndisponible: 'Un des objets choisis n’est plus accepté. Revoyez votre choix.',
  sessionInvalide: 'La session de réservation n’est pas valable. Rechargez la page.',
  rechercheTropCourte: 'Tapez au moins 3 caractères.',
  rechercheTropLongue: 'La recherche est trop longue.',
  quantite: `La quantité doit être comprise entre 1 et ${QUANTITE_OBJET.max}.`,
  objetObligatoire: 'Choisissez au moins un objet.',
  objetsTropNombreux: `Au plus ${LIGNES_OBJETS_MAX} objets différents.`,
  objetEnDouble: 'Un objet est choisi deux fois.',
  adresseObligatoire: 'Choisissez votre adresse.',
  nomObligatoire: 'Indiquez votre nom.',
  emailInvalide: 'Indiquez une adresse e-mail valable.',
  telephoneInvalide: 'Ce numéro de téléphone n’est pas valable.',
  consentementObligatoire: 'Votre accord est nécessaire pour réserver.',
  tropLong: 'Ce texte est trop long.',
  uneLigne: 'Ce champ tient sur une ligne : retirez les retours à la ligne.',
  saisieInvalide: 'Vérifiez votre saisie.',
  erreurServeur: 'Le service ne répond pas. Réessayez plus tard.',
  // e-mails
  sujetValidation: (numero: string) => `Validez votre réservation de levée n° ${numero}`,
  corpsValidation: (p: {
    nom: string;
    date: string;
    adresse: string;
    objets: readonly string[];
    lienValidation: string;
    lienReservation: string;
    minutes: number;
  }) =>
    [
      `Bonjour ${p.nom},`,
      '',
      `Vous avez réservé une levée d’objets encombrants le ${p.date}, à l’adresse ${p.adresse}.`,
      ...listeObjets('Objets :', p.objets),
      '',
      `Pour la valider, ouvrez ce lien dans les ${p.minutes} minutes :`,
      p.lienValidation,
      '',
      'Pour voir, modifier ou annuler votre réservation :',
      p.lienReservation,
    ].join('\n'),
  sujetValidee: (numero: string) => `Réservation de levée n° ${numero} confirmée`,
  corpsValidee: (p: SuiviCourriel) =>
    corpsSuivi(
      {
        salut: `Bonjour ${p.nom},`,
        phrase: `Votre réservation est confirmée : vos objets encombrants seront levés le ${p.date}, à l’adresse ${p.adresse}.`,
        titreObjets: 'Objets :',
        voir: 'Pour voir, modifier ou annuler votre réservation :',
      },
      p,
    ),
  sujetModifiee: (numero: string) => `Réservation de levée n° ${numero} modifiée`,
  corpsModifiee: (p: SuiviCourriel) =>
    corpsSuivi(
      {
        salut: `Bonjour ${p.nom},`,
        phrase: `Votre réservation a été modifiée : vos objets encombrants seront levés le ${p.date}, à l’adresse ${p.adresse}.`,
        titreObjets: 'Objets :',
        voir: 'Pour voir, modifier ou annuler votre réservation :',
      },
      p,
    ),
  sujetAnnulee: (numero: string) => `Réservation de levée n° ${numero} annulée`,
  corpsAnnulee: (p: { nom: string; date: string; adresse: string; lienNouvelle: string; telephone: string }) =>
    [
      `Bonjour ${p.nom},`,
      '',
      `Votre réservation de la levée du ${p.date}, à l’adresse ${p.adresse}, est annulée.`,
      '',
      'Pour réserver une autre levée :',
      p.lienNouvelle,
      '',
      `Si vous n’avez pas demandé cette annulation, appelez le ${p.telephone}.`,
    ].join('\n'),
  sujetReplanifiee: (numero: string) => `Levée n° ${numero} : vos objets n’ont pas été levés`,
  /** A débarras not collected, moved to a later levée by staff (docs/regles.md « À replanifier »). */
  corpsReplanifiee: (p: { nom: string | null; numero: string; date: string; adresse: string; motif: string; nouvelleDate: string }) =>
    [
      p.nom ? `Bonjour ${p.nom},` : 'Bonjour,',
      '',
      `Vos objets encombrants (levée n° ${p.numero}) n’ont pas été levés le ${p.date}, à l’adresse ${p.adresse} : ${p.motif}.`,
      '',
      `Ils le seront le ${p.nouvelleDate}. Merci de les sortir la veille au soir.`,
    ].join('\n'),
  /** Why a débarras was not collected, in plain words, by the crew's result (`AUCUN`: no result, the levée past). */
  motifsNonLeve: {
    PARTIEL: 'une partie des objets n’a pas pu être levée',
    ABSENT: 'l’équipe n’a trouvé aucun objet à lever',
    INACCESSIBLE: 'l’équipe n’a pas pu accéder aux objets',
    REFUSE: 'les objets ne correspondaient pas à ce qui est accepté',
    AUCUN: 'la levée n’a pas pu être faite',
  } as Record<MotifNonLeve, string>,
  sujetSignalementReplanifie: (numero: string) => `Levée n° ${numero} : nouvelle date`,
  corpsSignalementReplanifie: (p: { nom: string | null; numero: string; adresse: string; nouvelleDate: string }) =>
    [
      p.nom ? `Bonjour ${p.nom},` : 'Bonjour,',
      '',
      `Suite à votre signalement, vos objets encombrants (levée n° ${p.numero}), à l’adresse ${p.adresse}, seront levés le ${p.nouvelleDate}.`,
      'Merci de les sortir la veille au soir.',
    ].join('\n'),
  sujetSignalementClos: (numero: string) => `Levée n° ${numero} : réponse à votre signalement`,
  corpsSignalementClos: (p: { nom: string | null; numero: string; adresse: string; reponse: string }) =>
    [
      p.nom ? `Bonjour ${p.nom},` : 'Bonjour,',
      '',
      `Suite à votre signalement pour la levée n° ${p.numero}, à l’adresse ${p.adresse}, voici la réponse du service :`,
      '',
      p.reponse,
    ].join('\n'),
  sujetRappel: (date: string) => `Rappel : levée de vos objets encombrants le ${date}`,
  corpsRappel: (p: { nom: string; date: string; adresse: string; objets: readonly string[]; consignes: string }) =>
    [
      `Bonjour ${p.nom},`,
      '',
      `La levée de vos objets à l’adresse ${p.adresse} a lieu le ${p.date}.`,
      ...listeObjets('Objets :', p.objets),
      '',
      p.consignes,
    ].join('\n'),
};

const TEXTES_EN: Textes = {
  titre: 'Bulky waste collection',
  sousTitre: 'Book a free collection of your bulky items.',
  langueAutre: 'Français',
  etapeAdresse: 'Address',
  etapeObjets: 'Items',
  etapeDate: 'Date',
  etapeContact: 'Contact details',
  etapeResume: 'Summary',
  etapeSur: (n, total) => `Step ${n} of ${total}`,
  rechercherAdresse: 'Your address (street and number)',
  aucuneAdresse: 'No address found in the municipality.',
  sansSecteur: (telephone) => `Online booking does not serve this address. Please call the service on ${telephone}.`,
  objetsAutorises: 'Accepted items',
  chercherObjet: 'Search for an item',
  aucunObjetTrouve: 'No accepted item matches: try another word, or see the refused items below.',
  objetsInterdits: 'Refused items',
  voirPourquoi: 'What to do with this item?',
  quantitePour: (libelle) => `Quantity: ${libelle}`,
  datesDisponibles: 'Available dates',
  aucuneDate: (telephone) => `No collection has room at the moment. Please call the service on ${telephone}.`,
  nom: 'Full name',
  email: 'E-mail',
  telephone: 'Phone (optional)',
  remarque: 'Remarks (optional)',
  consentement:
    'I agree that my details are used to organise this collection; they are erased after the collection according to the service’s retention period.',
  precedent: 'Back',
  suivant: 'Next',
  confirmer: 'Confirm the booking',
  envoiEnCours: 'Sending…',
  merci: 'Thank you! We have just sent you an e-mail: follow its link to confirm your booking.',
  delaiValidation: (minutes) => `Without confirmation within ${minutes} minutes, the place is released.`,
  validee: 'Your booking is confirmed.',
  annulee: 'Your booking is cancelled.',
  passee: 'The date of this collection has passed.',
  enAttente: 'Your booking is waiting for confirmation through the link in the e-mail.',
  modifier: 'Change',
  annuler: 'Cancel the booking',
  confirmerAnnulation: 'Really cancel this booking?',
  plusModifiable: 'This booking can no longer be changed online.',
  enregistrer: 'Save the changes',
  modificationEnregistree: 'Your changes are saved.',
  nonLeve: 'Not collected',
  leveeLe: (date) => `Your items were collected on ${date}.`,
  nonLeveLe: (date, motif) => `Your items were not collected on ${date}: ${motif}.`,
  nouvelleDate: (date) => `New collection date: ${date}.`,
  signaler: 'My items were not collected',
  signalerAide: (date) => `Your items are still there after the collection? Tell the service until ${date}.`,
  signalementRemarque: 'Details (optional)',
  signalementEnvoyer: 'Send the report',
  signalementRenoncer: 'Cancel',
  signalementEnvoye: 'Your report has been sent to the service. You will receive its answer by e-mail.',
  signalementOuvert: 'Your report is being handled. You will receive the service’s answer by e-mail.',
  signalementTraite: 'Your report has been handled: the service’s answer was sent to you by e-mail.',
  signalementHorsDelai: 'A report can only be made from the collection day to 3 working days after it.',
  signalementDejaFait: 'A report has already been made for this booking.',
  chargement: 'Loading…',
  adressesTrouvees: (n) => (n > 1 ? `${n} addresses found` : `${n} address found`),
  unDeMoins: (libelle) => `One fewer: ${libelle}`,
  unDePlus: (libelle) => `One more: ${libelle}`,
  nouvelOnglet: '(opens in a new tab)',
  telephoneCourt: 'Phone',
  remarqueCourte: 'Remarks',
  numeroReservation: (numero) => `Booking no. ${numero}`,
  consignesTitre: 'How to put out your items',
  voirReservation: 'See, change or cancel my booking',
  nouvelleReservation: 'Make a new booking',
  garderReservation: 'No, keep the booking',
  dateObligatoire: 'Choose a date.',
  complet: 'This collection is full. Please choose another date.',
  lienInvalide: 'This link is not valid.',
  lienExpire: 'This link has expired: the place was released. You may book again.',
  horsDelai: 'This booking can no longer be changed or cancelled online.',
  tropDeRequetes: 'Too many requests. Please try again in a few minutes.',
  surcharge: 'The service is very busy right now. Please try again in a few seconds.',
  tropEnAttente:
    'Bookings made from here or with this e-mail address are still awaiting validation. Validate them with the link sent by e-mail before making another one.',
  attenteComplete: 'This date accepts no more bookings awaiting validation for now. Please choose another date.',
  doublon: (date, telephone) =>
    `A collection is already planned on ${date} at this address for this phone number or e-mail address. To change it, use the link sent by e-mail, or call the service on ${telephone}.`,
  completAValidation:
    'The chosen date filled up in the meantime: your booking is not validated yet. Choose another date from your booking, then follow the validation link again.',
  completHorsDelai:
    'The chosen date filled up in the meantime, and it is too late to choose another one online: your booking is not validated. Please call the service to agree on a date.',
  adresseNonReservable: 'This address cannot be booked online.',
  dateIndisponible: 'This date is no longer offered. Please choose another date.',
  objetIndisponible: 'One of the chosen items is no longer accepted. Please review your choice.',
  sessionInvalide: 'The booking session is not valid. Please reload the page.',
  rechercheTropCourte: 'Type at least 3 characters.',
  rechercheTropLongue: 'The search is too long.',
  quantite: `The quantity must be between 1 and ${QUANTITE_OBJET.max}.`,
  objetObligatoire: 'Choose at least one item.',
  objetsTropNombreux: `At most ${LIGNES_OBJETS_MAX} different items.`,
  objetEnDouble: 'An item is chosen twice.',
  adresseObligatoire: 'Choose your address.',
  nomObligatoire: 'Enter your name.',
  emailInvalide: 'Enter a valid e-mail address.',
  telephoneInvalide: 'This phone number is not valid.',
  consentementObligatoire: 'Your consent is needed to book.',
  tropLong: 'This text is too long.',
  uneLigne: 'This field holds one line: remove the line breaks.',
  saisieInvalide: 'Please check your entry.',
  erreurServeur: 'The service does not answer. Please try again later.',
  sujetValidation: (numero) => `Confirm your collection booking no. ${numero}`,
  corpsValidation: (p) =>
    [
      `Hello ${p.nom},`,
      '',
      `You booked a bulky waste collection on ${p.date} at ${p.adresse}.`,
      ...listeObjets('Items:', p.objets),
      '',
      `To confirm it, open this link within ${p.minutes} minutes:`,
      p.lienValidation,
      '',
      'To see, change or cancel your booking:',
      p.lienReservation,
    ].join('\n'),
  sujetValidee: (numero) => `Collection booking no. ${numero} confirmed`,
  corpsValidee: (p) =>
    corpsSuivi(
      {
        salut: `Hello ${p.nom},`,
        phrase: `Your booking is confirmed: your bulky items at ${p.adresse} will be collected on ${p.date}.`,
        titreObjets: 'Items:',
        voir: 'To see, change or cancel your booking:',
      },
      p,
    ),
  sujetModifiee: (numero) => `Collection booking no. ${numero} changed`,
  corpsModifiee: (p) =>
    corpsSuivi(
      {
        salut: `Hello ${p.nom},`,
        phrase: `Your booking has been changed: your bulky items at ${p.adresse} will be collected on ${p.date}.`,
        titreObjets: 'Items:',
        voir: 'To see, change or cancel your booking:',
      },
      p,
    ),
  sujetAnnulee: (numero) => `Collection booking no. ${numero} cancelled`,
  corpsAnnulee: (p) =>
    [
      `Hello ${p.nom},`,
      '',
      `Your booking of the collection on ${p.date} at ${p.adresse} is cancelled.`,
      '',
      'To book another collection:',
      p.lienNouvelle,
      '',
      `If you did not ask for this cancellation, please call ${p.telephone}.`,
    ].join('\n'),
  sujetReplanifiee: (numero) => `Collection no. ${numero}: your items were not collected`,
  corpsReplanifiee: (p) =>
    [
      p.nom ? `Hello ${p.nom},` : 'Hello,',
      '',
      `Your bulky items (collection no. ${p.numero}) at ${p.adresse} were not collected on ${p.date}: ${p.motif}.`,
      '',
      `They will be collected on ${p.nouvelleDate}. Please put them out the evening before.`,
    ].join('\n'),
  motifsNonLeve: {
    PARTIEL: 'some of the items could not be collected',
    ABSENT: 'the crew found no items to collect',
    INACCESSIBLE: 'the crew could not reach the items',
    REFUSE: 'the items were not among those accepted',
    AUCUN: 'the collection could not be made',
  },
  sujetSignalementReplanifie: (numero) => `Collection no. ${numero}: new date`,
  corpsSignalementReplanifie: (p) =>
    [
      p.nom ? `Hello ${p.nom},` : 'Hello,',
      '',
      `Following your report, your bulky items (collection no. ${p.numero}) at ${p.adresse} will be collected on ${p.nouvelleDate}.`,
      'Please put them out the evening before.',
    ].join('\n'),
  sujetSignalementClos: (numero) => `Collection no. ${numero}: answer to your report`,
  corpsSignalementClos: (p) =>
    [
      p.nom ? `Hello ${p.nom},` : 'Hello,',
      '',
      `Following your report about collection no. ${p.numero} at ${p.adresse}, here is the service’s answer:`,
      '',
      p.reponse,
    ].join('\n'),
  sujetRappel: (date) => `Reminder: collection of your bulky items on ${date}`,
  corpsRappel: (p) =>
    [
      `Hello ${p.nom},`,
      '',
      `Your items at ${p.adresse} will be collected on ${p.date}.`,
      ...listeObjets('Items:', p.objets),
      '',
      p.consignes,
    ].join('\n'),
};

export const TEXTES_EN_LIGNE: Record<LangueEnLigne, Textes> = { fr: TEXTES_FR, en: TEXTES_EN };

/** A refusal whose text takes values: its key and the values, as one message that `texteEnLigne` reads. */
export const refusAvecValeurs = (cle: CleTexte, ...valeurs: string[]) => [cle, ...valeurs].join(SEPARATEUR_VALEURS);
const SEPARATEUR_VALEURS = '|';

/**
 * A message of a schema or a refusal, in the resident's language: a key of the texts, a key with its values
 * (`refusAvecValeurs`; a value that is a date, AAAA-MM-JJ, is written in that language), or the text itself.
 */
export function texteEnLigne(langue: LangueEnLigne, cleOuTexte: string): string {
  const [cle, ...valeurs] = cleOuTexte.split(SEPARATEUR_VALEURS);
  const valeur = (TEXTES_EN_LIGNE[langue] as Record<string, unknown>)[cle!];
  if (typeof valeur === 'string') return valeurs.length ? cleOuTexte : valeur;
  if (typeof valeur === 'function' && valeurs.length) {
    return (valeur as (...v: string[]) => string)(...valeurs.map((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? dateLisible(v, langue) : v)));
  }
  return cleOuTexte;
}

/** One formatter per language, built once: building an `Intl.DateTimeFormat` costs more than formatting with it. */
const FORMATS_DATE: Partial<Record<LangueEnLigne, Intl.DateTimeFormat>> = {};

/** A date as the resident reads it: `mercredi 25 novembre 2026` / `Wednesday 25 November 2026` (ICU's comma after the weekday dropped). */
export function dateLisible(dateIso: string, langue: LangueEnLigne): string {
  const [a, m, j] = dateIso.split('-').map(Number);
  const format = (FORMATS_DATE[langue] ??= new Intl.DateTimeFormat(langue === 'fr' ? 'fr-CH' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }));
  return format.format(new Date(Date.UTC(a!, m! - 1, j!))).replace(',', '');
}
