/*
 * The parameters' keys apart from their schemas and descriptions: the back-office's header reads one, and with it
 * the first load, which the rest of parametre.ts would weigh down (docs/performance.md « Application web »).
 */

/** The keys the product reads (docs/regles.md « Paramètres »). */
export const PARAMETRE_CLES = {
  departement: 'application.departement',
  leveeMaxDebarras: 'levee.max.debarras',
  leveeHorizonJours: 'levee.horizon.jours',
  impressionPdfActif: 'impression.pdf.actif',
  gestionnaireCarte: 'carte.gestionnaire',
  carteAdresseUrl: 'carte.adresse.url',
  cartePlanUrl: 'carte.plan.url',
  carteOrthophotoUrl: 'carte.orthophoto.url',
  carteGeocodageUrl: 'carte.geocodage.url',
  carteInitiale: 'carte.initiale',
  envoiFeuillesHeure: 'envoi.feuilles.heure',
  anonymisationMois: 'anonymisation.mois',
  sauvegardeJours: 'sauvegarde.jours',
  enLigneHeureLimite: 'enligne.heure.limite',
  enLigneValidationMinutes: 'enligne.validation.minutes',
  enLigneTelephone: 'enligne.telephone',
  enLigneRappelHeure: 'enligne.rappel.heure',
  enLigneConsignesFr: 'enligne.consignes.fr',
  enLigneConsignesEn: 'enligne.consignes.en',
  enLigneAttenteParClient: 'enligne.attente.adresse',
  enLigneAttenteParBoite: 'enligne.attente.email',
  enLigneAttentePart: 'enligne.attente.part',
  enLigneConfirmationsParBoiteHeure: 'enligne.confirmations.heure',
  tourneeDepot: 'tournee.depot',
  tourneeRoutageUrl: 'tournee.routage.url',
  tourneeLienHeures: 'tournee.lien.heures',
} as const;

/**
 * The keys `GET /parametre/getStringValue` serves to every signed-in role: those the screens read (footer, print
 * formats, maps, copy of an exception). The other values (planning, mail, anonymisation…) are read by the server
 * itself and shown on the technical « Paramètres » screen only (docs/api.md « Paramètres »).
 */
export const PARAMETRE_CLES_ECRANS = [
  PARAMETRE_CLES.departement,
  PARAMETRE_CLES.impressionPdfActif,
  PARAMETRE_CLES.gestionnaireCarte,
  PARAMETRE_CLES.carteInitiale,
  PARAMETRE_CLES.cartePlanUrl,
  PARAMETRE_CLES.carteOrthophotoUrl,
  PARAMETRE_CLES.carteAdresseUrl,
  PARAMETRE_CLES.carteGeocodageUrl,
] as const;
export type CleParametreEcran = (typeof PARAMETRE_CLES_ECRANS)[number];
export const estCleParametreEcran = (cle: string): cle is CleParametreEcran => (PARAMETRE_CLES_ECRANS as readonly string[]).includes(cle);
