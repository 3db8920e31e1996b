import {
  ajouterJours,
  aujourdhui,
  type Adresse,
  type AdresseException,
  type Debarras,
  type DebarrasLigne,
  type Levee,
  type Objet,
  type Recurrence,
  type StatutDebarras,
} from '@debarras/domain';

/** Records as the server answers them, for the web tests: each test says only what matters to it. */

export const SECTEUR_SERVETTE = { id: 2, libelle: 'Secteur 2 - Servette / Saint-Jean / Charmilles' };

const audit = {
  createdDate: '2026-01-10T08:00:00Z',
  createdBy: 'planification',
  lastModifiedDate: null,
  lastModifiedBy: null,
};

export const uneLevee = (valeurs: Partial<Levee> = {}): Levee => ({
  idLevee: 1,
  dateLevee: ajouterJours(aujourdhui(), 1),
  secteur: SECTEUR_SERVETTE,
  name: null,
  statut: 'ACTIF',
  supplementaire: 0,
  nbDebarras: 0,
  nbDebarrasMax: 30,
  nbReservationsEnCours: 0,
  aDesDebarras: false,
  indisponibilite: 0,
  kilometrage: null,
  version: 0,
  ...audit,
  ...valeurs,
});

export const uneAdresse = (idpAdr: string, libelle: string, secteur: string | null = SECTEUR_SERVETTE.libelle): Adresse => ({
  idpAdr,
  adresse: libelle,
  typeVoie: 'Rue',
  liant: 'de la',
  nomVoie: 'Servette',
  noAdresse: '12',
  commune: 'Genève',
  noPostal: '1202',
  nomNpa: 'Genève',
  x: 2499075.32,
  y: 1118940.11,
  noCommune: 6621,
  secteur,
  gestionnaire: 'VILLE DE GENEVE',
});

export const unObjet = (idObjet: number, libelle: string, valeurs: Partial<Objet> = {}): Objet => ({
  idObjet,
  libelle,
  libelleExt: libelle,
  url: `${libelle.toLowerCase()}.png`,
  urlInterdit: null,
  libelleExtEn: null,
  urlInterditEn: null,
  ordre: idObjet,
  type: 'Objet',
  actif: 1,
  version: 0,
  ...audit,
  createdBy: 'technique',
  ...valeurs,
});

/** A row of the débarras list, numbered n, at Rue de la Servette n. */
export const uneLigneDebarras = (n: number, statut: StatutDebarras = 'ACTIF', valeurs: Partial<DebarrasLigne> = {}): DebarrasLigne => ({
  idDebarras: n,
  numero: `2026-${String(n).padStart(5, '0')}`,
  statut,
  typeDemande: 'TELEPHONE',
  recurrent: false,
  sauvage: '0',
  adresse: { idpAdr: `66210001${n}`, adresse: `Rue de la Servette ${n}`, secteur: SECTEUR_SERVETTE.libelle },
  nomPersonne: `Demandeur ${n}`,
  telephone: '022 418 00 00',
  email: `d${n}@exemple.ch`,
  punaises: 'false',
  punaisesDechets: 'false',
  levee: { idLevee: 31, dateLevee: '2026-12-07', secteur: SECTEUR_SERVETTE, name: null, statut: 'ACTIF', supplementaire: 0 },
  version: 1,
  ...audit,
  createdDate: '2026-11-20T08:00:00Z',
  createdBy: 'gestion',
  ...valeurs,
});

export const unDebarras = (valeurs: Partial<Debarras> = {}): Debarras => ({
  idDebarras: 12,
  numero: '2026-00012',
  statut: 'ACTIF',
  typeDemande: 'TELEPHONE',
  recurrent: false,
  sauvage: '0',
  adresse: { idpAdr: '6621000101', adresse: 'Rue de la Servette 12', secteur: SECTEUR_SERVETTE.libelle },
  levee: uneLevee(),
  nomPersonne: 'Mme Favre',
  telephone: '022 418 00 00',
  email: null,
  precisionLieu: null,
  inclurePrecisionLieu: '1',
  travaux: null,
  remarqueLieu: null,
  remarqueGenerale: null,
  remarqueObjet: null,
  punaises: 'false',
  punaisesDechets: 'false',
  pointDepotX: null,
  pointDepotY: null,
  debarrasObjets: [{ idDebarrasObjet: 1, objet: { idObjet: 1, libelle: 'Canapé' }, quantite: 2, remarque: null }],
  version: 3,
  ...audit,
  createdDate: '2026-03-01T08:00:00Z',
  createdBy: 'gestion',
  ...valeurs,
});

/** An address's exception, active, saying nothing yet: each test gives the remarks, dates and points it needs. */
export const uneAdresseException = (id: number, adresse: Adresse, valeurs: Partial<AdresseException> = {}): AdresseException => ({
  id,
  idpadr: adresse.idpAdr,
  adresse: adresse.adresse,
  remarqueInterne: null,
  remarquePublique: null,
  remarqueTravaux: null,
  dateDebutTravaux: null,
  dateFinTravaux: null,
  xdepot: null,
  ydepot: null,
  xtravaux: null,
  ytravaux: null,
  statut: 'ACTIF',
  version: 0,
  ...audit,
  createdBy: 'technique',
  ...valeurs,
});

/** A récurrence of the address, active, on Mondays and Thursdays, with one line of objects. */
export const uneRecurrence = (idRecurrence: number, adresse: Adresse, valeurs: Partial<Recurrence> = {}): Recurrence => ({
  idRecurrence,
  adresse: { idpAdr: adresse.idpAdr, adresse: adresse.adresse },
  recurrence: 'lundi,jeudi',
  dateDebut: '2026-01-05',
  dateFin: null,
  remarque: null,
  remarqueObjet: null,
  isActif: true,
  nomPersonne: null,
  telephone: null,
  email: null,
  recurrenceObjets: [{ idDebarrasObjet: 1, objet: { idObjet: 1, libelle: 'Canapé' }, quantite: 1, remarque: null }],
  debarrasAVenir: 0,
  version: 0,
  ...audit,
  createdBy: 'gestion',
  ...valeurs,
});
