import type { ObjetSaisie } from '@debarras/domain';

const RECYCLAGE_ELECTRIQUE = 'https://www.erecycling.ch/fr/';
const ESPACES_RECUPERATION = 'https://www.ge.ch/recycler-mes-dechets';

type Entree = Omit<ObjetSaisie, 'idObjet' | 'version' | 'actif' | 'libelleExt'> & { libelleExt?: string };

/**
 * The object catalogue as the City of Geneva's rules have it: furniture and bulky household
 * items are collected; appliances go back to retailers (return obligation, SENS eRecycling), and
 * tyres, special waste, rubble and green waste to the canton's recovery points.
 */
const ENTREES: Entree[] = [
  { ordre: 10, libelle: 'Canapé', libelleExt: 'Canapé, sofa', url: 'icones/sofa.svg', type: 'Objet' },
  { ordre: 20, libelle: 'Fauteuil', url: 'icones/armchair.svg', type: 'Objet' },
  { ordre: 30, libelle: 'Chaise', libelleExt: 'Chaise, tabouret', url: 'icones/rocking-chair.svg', type: 'Objet' },
  { ordre: 40, libelle: 'Table', url: 'icones/table-2.svg', type: 'Objet' },
  { ordre: 50, libelle: 'Lit (cadre)', libelleExt: 'Lit', url: 'icones/bed-double.svg', type: 'Objet' },
  { ordre: 60, libelle: 'Matelas', url: 'icones/bed-single.svg', type: 'Objet' },
  { ordre: 70, libelle: 'Sommier', url: 'icones/bed.svg', type: 'Objet' },
  { ordre: 80, libelle: 'Armoire', libelleExt: 'Armoire, penderie', url: 'icones/door-closed.svg', type: 'Objet' },
  { ordre: 90, libelle: 'Commode', url: 'icones/archive.svg', type: 'Objet' },
  { ordre: 100, libelle: 'Étagère', libelleExt: 'Étagère, bibliothèque', url: 'icones/shelving-unit.svg', type: 'Objet' },
  { ordre: 110, libelle: 'Bureau', url: 'icones/lamp-desk.svg', type: 'Objet' },
  { ordre: 120, libelle: 'Tapis', libelleExt: 'Tapis, moquette roulée', url: 'icones/layers-3.svg', type: 'Objet' },
  { ordre: 130, libelle: 'Miroir', libelleExt: 'Miroir, cadre', url: 'icones/mirror-rectangular.svg', type: 'Objet' },
  { ordre: 140, libelle: 'Vélo', url: 'icones/bike.svg', type: 'Objet' },
  { ordre: 150, libelle: 'Poussette', libelleExt: 'Poussette, siège enfant', url: 'icones/baby.svg', type: 'Objet' },
  { ordre: 160, libelle: 'Store', libelleExt: 'Store, rideau, tringle', url: 'icones/blinds.svg', type: 'Objet' },
  { ordre: 170, libelle: 'Valise', url: 'icones/luggage.svg', type: 'Objet' },
  { ordre: 180, libelle: 'Coffre', libelleExt: 'Coffre, caisse en bois', url: 'icones/box.svg', type: 'Objet' },
  { ordre: 190, libelle: 'Matériel de camping', libelleExt: 'Tente, matériel de camping', url: 'icones/tent.svg', type: 'Objet' },
  {
    ordre: 200,
    libelle: 'Appareil de fitness',
    libelleExt: 'Appareil de fitness non électrique',
    url: 'icones/dumbbell.svg',
    type: 'Objet',
  },
  {
    ordre: 500,
    libelle: 'Réfrigérateur',
    libelleExt: 'Réfrigérateur, congélateur',
    url: 'icones/refrigerator.svg',
    urlInterdit: RECYCLAGE_ELECTRIQUE,
    type: 'Interdit',
  },
  {
    ordre: 510,
    libelle: 'Machine à laver',
    libelleExt: 'Machine à laver, sèche-linge',
    url: 'icones/washing-machine.svg',
    urlInterdit: RECYCLAGE_ELECTRIQUE,
    type: 'Interdit',
  },
  {
    ordre: 520,
    libelle: 'Téléviseur',
    libelleExt: 'Téléviseur, écran',
    url: 'icones/tv.svg',
    urlInterdit: RECYCLAGE_ELECTRIQUE,
    type: 'Interdit',
  },
  {
    ordre: 530,
    libelle: 'Petit électroménager',
    libelleExt: 'Micro-ondes, petit électroménager',
    url: 'icones/microwave.svg',
    urlInterdit: RECYCLAGE_ELECTRIQUE,
    type: 'Interdit',
  },
  {
    ordre: 540,
    libelle: 'Informatique',
    libelleExt: 'Ordinateur, imprimante',
    url: 'icones/printer.svg',
    urlInterdit: RECYCLAGE_ELECTRIQUE,
    type: 'Interdit',
  },
  {
    ordre: 550,
    libelle: 'Luminaire',
    libelleExt: 'Lampe, luminaire électrique',
    url: 'icones/lamp-floor.svg',
    urlInterdit: RECYCLAGE_ELECTRIQUE,
    type: 'Interdit',
  },
  {
    ordre: 560,
    libelle: 'Pneus',
    libelleExt: 'Pneus, jantes',
    url: 'icones/circle-dot.svg',
    urlInterdit: ESPACES_RECUPERATION,
    type: 'Interdit',
  },
  {
    ordre: 570,
    libelle: 'Peinture et solvants',
    libelleExt: 'Peinture, solvants, produits chimiques',
    url: 'icones/paint-bucket.svg',
    urlInterdit: ESPACES_RECUPERATION,
    type: 'Interdit',
  },
  { ordre: 580, libelle: 'Batterie de voiture', url: 'icones/car-battery.svg', urlInterdit: ESPACES_RECUPERATION, type: 'Interdit' },
  {
    ordre: 590,
    libelle: 'Gravats',
    libelleExt: 'Gravats, déchets de chantier',
    url: 'icones/brick-wall.svg',
    urlInterdit: ESPACES_RECUPERATION,
    type: 'Interdit',
  },
  {
    ordre: 600,
    libelle: 'Déchets verts',
    libelleExt: 'Déchets verts, branches',
    url: 'icones/sprout.svg',
    urlInterdit: ESPACES_RECUPERATION,
    type: 'Interdit',
  },
  { ordre: 610, libelle: 'Bonbonne de gaz', url: 'icones/flame.svg', urlInterdit: ESPACES_RECUPERATION, type: 'Interdit' },
];

export const CATALOGUE: Array<Omit<ObjetSaisie, 'idObjet' | 'version'>> = ENTREES.map((e) => ({
  ...e,
  libelleExt: e.libelleExt ?? e.libelle,
  actif: 1,
}));
