import { formatJour } from '../dates.js';

/** Object quantity per line (docs/regles.md « Validation d'un débarras », docs/regles.md « Constantes »). */
export const QUANTITE_OBJET = { min: 0, max: 100 } as const;
/** At most as many object lines as the catalogue could sensibly hold for one address. */
export const LIGNES_OBJETS_MAX = 50;
/** The objects table is padded to this many rows; its header warns from this many lines. */
export const LIGNES_OBJETS_MIN = 7;

/** Why a débarras looks like the one being saved (docs/regles.md « Doublons »). */
export const CRITERES_DOUBLON = ['ADRESSE', 'TELEPHONE', 'EMAIL'] as const;
export type CritereDoublon = (typeof CRITERES_DOUBLON)[number];

/** The duplicate question's parts (docs/regles.md « Doublons »): the form shows them around its links. */
export const DOUBLONS_INTRODUCTION = 'Des débarras semblables existent déjà';
export const DOUBLONS_QUESTION = 'Voulez-vous vraiment enregistrer ?';
export const CRITERE_DOUBLON_LIBELLES: Record<CritereDoublon, string> = {
  ADRESSE: 'même adresse',
  TELEPHONE: 'même téléphone',
  EMAIL: 'même e-mail',
};
/** What follows a similar débarras's number: « (levée du 07.12.2026, même adresse, même e-mail) ». */
export const precisionDoublon = (d: { dateLevee: string; criteres: readonly CritereDoublon[] }) =>
  `(levée du ${formatJour(d.dateLevee)}, ${d.criteres.map((c) => CRITERE_DOUBLON_LIBELLES[c]).join(', ')})`;

export const DEBARRAS_MESSAGES = {
  adresseObligatoire: "La saisie de l'adresse est obligatoire",
  nomObligatoire: 'La saisie du nom du demandeur est obligatoire',
  contactObligatoire: "La saisie d'au moins un n° de téléphone ou un e-mail est obligatoire",
  emailInvalide: 'Veuillez saisir un e-mail valide',
  objetObligatoire: "La saisie d'au moins un objet est obligatoire",
  quantite: `La quantité d'un objet doit être comprise entre ${QUANTITE_OBJET.min} et ${QUANTITE_OBJET.max}`,
  objetLigneObligatoire: "Chaque ligne d'objet doit désigner un objet du catalogue.",
  objetsTropNombreux: (max: number) => `La liste compte au plus ${max} lignes d'objets.`,
  objetEnDouble: 'Un objet ne peut figurer qu’une fois dans la liste.',
  leveeObligatoire: 'La saisie de la levée est obligatoire',
  typeDemande: 'Le type de demande doit être Téléphone, Oral ou Écrit.',
  typeInternet: 'Le type de demande Internet est réservé aux réservations en ligne.',
  tropLong: (max: number) => `Le champ est trop long. Maximum ${max} caractères`,
  capacite: 'Attention, le nombre de débarras que vous souhaitez rattacher à cette levée dépasse la capacité maximale autorisée !',
  changementSauvage: 'Le changement du type de débarras modifie la première levée disponible !',
  aucunSecteur: "Aucun secteur n'est défini pour cette adresse !",
  secteurNonDefini: 'SECTEUR NON DEFINI',
  introuvable: 'Le débarras',
  adresseInconnue: (idpAdr: string) => `L'adresse ${idpAdr} n'existe pas dans le registre des adresses.`,
  objetInvalide: (id: number) => `L'objet n° ${id} n'existe pas, n'est plus actif ou n'est pas un objet accepté.`,
  leveeNonActive: "La levée choisie n'est pas active : veuillez en choisir une autre.",
  leveePassee: 'La date de la levée choisie est passée : veuillez en choisir une autre.',
  leveeAujourdhui: 'Seul un débarras sauvage peut être rattaché à une levée du jour : veuillez choisir une levée à partir de demain.',
  nonModifiable: 'Seul un débarras actif peut être modifié.',
  enAttenteValidation: 'Ce débarras attend la validation de sa réservation en ligne : il ne peut pas être modifié.',
  suppressionImpossible: 'Seul un débarras actif peut être supprimé.',
  reactivationImpossible: 'Seul un débarras supprimé ou archivé peut être réactivé.',
  liaisonImpossible: (numero: string) => `Le débarras ${numero} n'est pas actif : il ne peut pas être rattaché à une levée.`,
  leveeAChoisir: "La levée de ce débarras n'est plus disponible : veuillez en choisir une autre avant d'enregistrer.",
  selectionVide: 'Veuillez sélectionner au moins un débarras.',
  doublons: (lignes: string[]) => `${DOUBLONS_INTRODUCTION} : ${lignes.join(' ; ')}. ${DOUBLONS_QUESTION}`,
} as const;

/** Success messages (docs/regles.md « Messages de succès »), shown by the web app after each action. */
export const DEBARRAS_SUCCES = {
  cree: (numero: string) => `Le débarras ${numero} a été correctement créé`,
  misAJour: (numero: string) => `Le débarras ${numero} a été correctement mis à jour`,
  supprime: (numero: string) => `Le debarras ${numero} a été correctement supprimé`,
  /** The detail page's wording. */
  reactiver: (numero: string) => `Le débarras ${numero} a été correctement réactiver`,
  /** The list's wording. */
  reactive: (numero: string) => `Le débarras ${numero} a été correctement réactivé`,
  /** Beyond the spec (docs/decisions.md « Levées (écrans) »): a selection attached to a levée. */
  rattaches: (n: number, levee: string) =>
    n === 1 ? `1 débarras a été correctement ajouté à la levée ${levee}` : `${n} débarras ont été correctement ajoutés à la levée ${levee}`,
} as const;
