/**
 * SYNTHETIC address register for the demo and the bench — not official data.
 *
 * No official address file can be downloaded where this project is built, so the demo register is
 * generated here, deterministically: real street names of the City of Geneva (commune 6621), each
 * placed in its quarter with that quarter's postal code (1201–1209), house numbers along a
 * straight line inside the quarter's rectangle of LV95 coordinates (EPSG:2056). The idpAdr,
 * numbers and coordinates are invented. Each demo sector covers whole quarters that touch one
 * another. A real SITG CAD_ADRESSE extract replaces it with `npm run import:adresses -- FICHIER`.
 */
import { PARAMETRE_CLES, PARAMETRES_PAR_DEFAUT } from '@debarras/domain';
import { decouperVoie, type SaisieAdresse } from '../modules/adresse/index.js';
import { generateur } from './aleatoire.js';
import { COMMUNES_GENEVE } from './communes.js';

export const VILLE_DE_GENEVE = 6621;

export interface Quartier {
  npa: string;
  /** The demo sector's number (1 to 5, seed/demo.ts), in whose area the quarter lies. */
  secteur: number;
  /** Rectangle in LV95: east min, east max, north min, north max. */
  etendue: [number, number, number, number];
  voies: string[];
}

/**
 * The city's quarters, roughly where they lie; neighbouring rectangles share their edges, and those
 * of different sectors never overlap: each demo sector's perimeter is the outline of its quarters
 * (seed/perimetres.ts).
 */
export const QUARTIERS: readonly Quartier[] = [
  {
    npa: '1202',
    secteur: 1,
    etendue: [2499300, 2501000, 1119200, 1120500],
    voies: [
      'Avenue de France',
      'Avenue de la Paix',
      'Rue de Lausanne',
      'Avenue Blanc',
      'Avenue de Sécheron',
      "Chemin de l'Impératrice",
      'Avenue Giuseppe-Motta',
      'Rue de Vermont',
      'Avenue de Budé',
      'Rue de Varembé',
      'Avenue Appia',
      'Rue du Valais',
      'Place des Nations',
      'Avenue de la Forêt',
      'Rue des Buis',
      'Rue Jean-Jacques-de-Sellon',
      'Avenue Eugène-Rigot',
      'Rue Chandieu',
      'Chemin Colladon',
      'Rue Richard-Wagner',
      'Rue Gustave-Moynier',
      'Chemin des Mines',
      'Rue de Montbrillant',
      'Avenue de la Tour-Carrée',
    ],
  },
  {
    npa: '1201',
    secteur: 1,
    etendue: [2499900, 2501000, 1118000, 1119200],
    voies: [
      'Rue de Berne',
      'Rue de Neuchâtel',
      'Rue de Zurich',
      'Rue des Pâquis',
      'Rue du Môle',
      'Rue de la Navigation',
      'Rue Rothschild',
      'Rue Sismondi',
      'Rue Philippe-Plantamour',
      'Rue Gautier',
      'Rue de Monthoux',
      'Rue des Alpes',
      'Rue du Mont-Blanc',
      'Quai du Mont-Blanc',
      'Quai Wilson',
      'Rue de la Cloche',
      'Rue Butini',
      'Rue Ferrier',
      'Rue de Fribourg',
      'Rue Thalberg',
      'Rue Pécolat',
      'Rue du Léman',
      "Rue de l'Ancien-Port",
      'Rue Adhémar-Fabri',
      'Rue Lévrier',
      'Place de la Navigation',
      'Rue du Docteur-Alfred-Vincent',
      'Rue Charles-Cusin',
      'Rue de Bâle',
      'Rue Bautte',
    ],
  },
  {
    npa: '1209',
    secteur: 2,
    etendue: [2497500, 2499300, 1119300, 1120500],
    voies: [
      'Avenue Trembley',
      'Chemin Moïse-Duboule',
      'Avenue du Bouchet',
      'Avenue de Joli-Mont',
      'Rue Moillebeau',
      'Chemin du Petit-Saconnex',
      'Chemin de la Tourelle',
      'Chemin des Colombettes',
      'Chemin Briquet',
      'Avenue du Mervelet',
      'Chemin Taverney',
      'Chemin des Genêts',
      'Chemin Docteur-Jean-Louis-Prévost',
      'Avenue de Riant-Parc',
      'Chemin Dr-Adolphe-Pasteur',
      'Chemin Gilbert-Trolliet',
      'Avenue Camille-Vidart',
      'Chemin de Sous-Bois',
      'Chemin Auguste-Vilbert',
      'Chemin Sous-Terre',
    ],
  },
  {
    npa: '1202',
    secteur: 2,
    etendue: [2498300, 2499300, 1118400, 1119300],
    voies: [
      'Rue de la Servette',
      'Rue du Grand-Pré',
      'Rue Liotard',
      'Rue Schaub',
      'Rue Hoffmann',
      'Rue de la Prairie',
      'Rue Antoine-Carteret',
      'Rue Jean-Robert-Chouet',
      'Rue du Vidollet',
      'Avenue Wendt',
      'Rue Pestalozzi',
      'Rue de la Poterie',
      'Rue Charles-Giron',
      'Rue des Asters',
      'Rue Dentand',
      'Rue Édouard-Racine',
      'Rue Ernest-Bloch',
      'Rue Gilbert',
      'Rue des Cèdres',
      'Rue Dejean',
    ],
  },
  {
    npa: '1203',
    secteur: 2,
    etendue: [2497000, 2498300, 1118200, 1119300],
    voies: [
      'Rue des Charmilles',
      'Rue Tronchin',
      'Rue Daubin',
      'Rue Soubeyran',
      "Avenue d'Aïre",
      'Avenue de Châtelaine',
      'Avenue Ernest-Pictet',
      'Avenue Luserna',
      'Rue de Lyon',
      'Rue Lamartine',
      'Rue Cavour',
      'Rue Franklin',
      'Avenue De-Gallatin',
      'Rue Camille-Martin',
      'Avenue Edmond-Vaucher',
      'Rue Jean-Simonet',
      'Rue de Bourgogne',
      'Avenue Henri-Golay',
      'Rue du Dauphiné',
      'Rue Emma-Kammacher',
    ],
  },
  {
    npa: '1203',
    secteur: 2,
    etendue: [2497200, 2498800, 1117500, 1118200],
    voies: [
      'Rue de Saint-Jean',
      'Chemin François-Furet',
      'Avenue des Tilleuls',
      'Rue du Beulet',
      'Rue des Délices',
      'Rue Voltaire',
      'Rue Samuel-Constant',
      'Rue de la Faucille',
      'Chemin de Villars',
      'Avenue Soret',
      'Rue du Contrat-Social',
      'Rue Jean-Jacques-Rigaud',
      'Quai du Seujet',
      'Sentier des Saules',
      'Chemin des Sports',
      'Avenue de Miléant',
      'Rue Guye',
      'Promenade des Artisans',
    ],
  },
  {
    npa: '1201',
    secteur: 3,
    etendue: [2499300, 2499900, 1118300, 1119200],
    voies: [
      'Rue des Grottes',
      'Rue Louis-Favre',
      'Rue du Fort-Barreau',
      'Rue de la Cité-de-la-Corderie',
      'Rue des Gares',
      'Place des Grottes',
      "Rue de l'Industrie",
      'Rue Baulacre',
      'Rue de la Pépinière',
      'Rue Malatrex',
      'Rue Jean-Jaquet',
      'Rue des Amis',
      'Rue du Midi',
    ],
  },
  {
    npa: '1201',
    secteur: 3,
    etendue: [2498800, 2499900, 1117600, 1118300],
    voies: [
      'Rue de Coutance',
      'Rue Vallin',
      'Rue des Terreaux-du-Temple',
      'Rue Lissignol',
      'Rue Rousseau',
      'Rue de Cornavin',
      'Place de Cornavin',
      'Rue Chantepoulet',
      'Rue du Cendrier',
      'Rue Paul-Bouchet',
      'Rue Kléberg',
      'Quai des Bergues',
      'Quai Turrettini',
      'Rue Grenus',
      'Rue des Corps-Saints',
      'Place Saint-Gervais',
      'Rue Necker',
      'Boulevard James-Fazy',
      'Rue des Étuves',
      'Place Isaac-Mercier',
      'Rue Guillaume-Tell',
      'Rue du Temple',
      "Rue de la Tour-de-l'Île",
      'Rue Argand',
      'Place de Montbrillant',
    ],
  },
  {
    npa: '1204',
    secteur: 3,
    etendue: [2499800, 2500900, 1116900, 1117700],
    voies: [
      'Grand-Rue',
      "Rue de l'Hôtel-de-Ville",
      'Place du Bourg-de-Four',
      'Rue Calvin',
      'Rue du Puits-Saint-Pierre',
      'Rue de la Cité',
      'Rue de la Fontaine',
      'Rue du Marché',
      "Rue de la Croix-d'Or",
      'Rue de Rive',
      'Rue du Rhône',
      'Rue de la Corraterie',
      'Rue de la Confédération',
      'Rue du Vieux-Collège',
      'Rue Verdaine',
      'Rue de la Madeleine',
      "Rue d'Italie",
      'Cours de Rive',
      'Boulevard Helvétique',
      'Rue Saint-Léger',
      'Rue des Granges',
      'Rue de la Tertasse',
      'Place Neuve',
      'Rue de la Rôtisserie',
      'Rue du Perron',
      'Rue de la Pélisserie',
      'Rue Étienne-Dumont',
      'Rue Tabazan',
      'Rue Théodore-de-Bèze',
      'Rue de la Boulangerie',
      'Quai Général-Guisan',
      'Place Longemalle',
      'Rue du Purgatoire',
      'Rue Céard',
      'Rue de la Monnaie',
      'Boulevard du Théâtre',
      'Rue Beauregard',
      'Rue Toepffer',
      'Rue Charles-Galland',
      'Promenade de Saint-Antoine',
      'Place du Molard',
      'Rue du Port',
      'Boulevard Jaques-Dalcroze',
      'Rue Chausse-Coq',
      'Rue de la Taconnerie',
    ],
  },
  {
    npa: '1207',
    secteur: 4,
    etendue: [2500900, 2502600, 1116800, 1118000],
    voies: [
      'Rue des Eaux-Vives',
      'Rue du Lac',
      'Rue de Montchoisy',
      'Avenue Pictet-de-Rochemont',
      'Rue de la Terrassière',
      'Rue du Nant',
      'Rue des Vollandes',
      'Rue du 31-Décembre',
      'Route de Frontenex',
      'Rue Adrien-Lachenal',
      'Rue Henri-Blanvalet',
      'Rue Sillem',
      'Rue Jargonnant',
      'Rue de Villereuse',
      'Rue Maunoir',
      'Rue Agasse',
      'Rue de la Mairie',
      'Rue Versonnex',
      'Quai Gustave-Ador',
      "Rue Merle-d'Aubigné",
      'Rue du Clos',
      'Rue du Simplon',
      'Chemin Frank-Thomas',
      'Avenue William-Favre',
      'Avenue de Frontenex',
      'Rue Pictet-de-Bock',
      'Place des Eaux-Vives',
      'Route de Chêne',
      'Rue du Roveray',
      'Rue Viollier',
      'Rue Ferdinand-Hodler',
      'Rue Pierre-Fatio',
      'Rue de Savoie',
      'Rue Saint-Laurent',
      'Rue des Pierres-du-Niton',
      'Rue du Parc',
      "Rue de l'Avenir",
    ],
  },
  {
    npa: '1206',
    secteur: 4,
    etendue: [2500000, 2501300, 1115200, 1116900],
    voies: [
      'Avenue de Champel',
      'Chemin des Crêts-de-Champel',
      'Avenue Alfred-Bertrand',
      'Rue Michel-Chauvet',
      'Rue de Contamines',
      'Avenue Krieg',
      'Avenue de Miremont',
      'Chemin Rieu',
      'Avenue Peschier',
      'Chemin de Malombré',
      'Avenue Louis-Aubert',
      'Rue Albert-Gos',
      'Avenue de la Roseraie',
      'Boulevard de la Cluse',
      'Rue Barthélemy-Menn',
      'Rue Crespin',
      'Rue Pedro-Meylan',
      'Chemin Thury',
      "Rue de l'Athénée",
      'Rue Sautter',
      'Rue Michel-Servet',
      'Rue Lombard',
      'Rue Le-Corbusier',
      'Avenue de Beau-Séjour',
      'Rue Alcide-Jentzer',
      'Rue Saint-Victor',
      'Rue Charles-Bonnet',
      'Rue Beau-Site',
    ],
  },
  {
    npa: '1208',
    secteur: 4,
    etendue: [2501300, 2502800, 1115600, 1116800],
    voies: [
      'Route de Malagnou',
      'Route de Florissant',
      'Chemin de la Chevillarde',
      'Avenue Rosemont',
      'Chemin Kermely',
      'Chemin de Roches',
      'Avenue Weber',
      'Avenue Eugène-Pittard',
      'Chemin des Clochettes',
      'Avenue Dumas',
      'Chemin du Velours',
      'Chemin de Grange-Canal',
      "Avenue de l'Amandolier",
      'Avenue Calas',
      'Chemin de Beau-Soleil',
      'Avenue de Chamonix',
      'Chemin Émile-Bressler',
      'Avenue Théodore-Flournoy',
      'Chemin de la Gradelle',
      'Chemin Ella-Maillart',
    ],
  },
  {
    npa: '1205',
    secteur: 5,
    etendue: [2499200, 2499800, 1116100, 1117100],
    voies: [
      'Boulevard Carl-Vogt',
      'Boulevard Georges-Favon',
      "Boulevard du Pont-d'Arve",
      'Boulevard de la Tour',
      'Boulevard des Philosophes',
      'Rue de Carouge',
      "Rue de l'École-de-Médecine",
      'Rue Prévost-Martin',
      'Rue des Voisins',
      'Rue Dancet',
      'Rue Dizerens',
      'Rue des Maraîchers',
      'Rue De-Candolle',
      'Rue Hugo-de-Senger',
      'Rue Jean-Violette',
      'Rue Goetz-Monin',
      'Rue de la Synagogue',
      'Rue Bovy-Lysberg',
      'Place du Cirque',
      'Rue Patru',
      'Rue des Battoirs',
      'Rue Micheli-du-Crest',
      "Rue de l'Arquebuse",
      'Rue Leschot',
      'Rue Masbou',
      'Rue Vignier',
      'Rond-point de Plainpalais',
      'Rue Barton',
      'Rue des Savoises',
      'Rue de Hesse',
      'Rue du Diorama',
      'Avenue du Mail',
      'Rue Harry-Marc',
      'Rue du Conseil-Général',
      "Rue de l'Aubépine",
    ],
  },
  {
    npa: '1205',
    secteur: 5,
    etendue: [2498200, 2499200, 1116700, 1117500],
    voies: [
      'Boulevard de Saint-Georges',
      'Rue des Deux-Ponts',
      'Rue des Bains',
      'Rue du Village-Suisse',
      'Rue de la Coulouvrenière',
      'Rue Gourgas',
      'Rue Michel-Simon',
      'Rue des Rois',
      'Quai Ernest-Ansermet',
      'Avenue Sainte-Clotilde',
      "Boulevard d'Yvoy",
      'Rue du Stand',
      'Rue du Vieux-Billard',
      'Rue de la Jonction',
      'Rue du Tir',
      'Rue des Gazomètres',
      'Rue du Cercle',
      'Quai du Rhône',
      'Rue de la Truite',
      'Rue Jean-Louis-Hugon',
    ],
  },
  {
    npa: '1205',
    secteur: 5,
    etendue: [2498600, 2500000, 1115200, 1116100],
    voies: [
      'Route des Acacias',
      'Rue des Noirettes',
      'Rue Boissonnas',
      'Route des Jeunes',
      'Rue Eugène-Marziano',
      'Rue François-Dussaud',
      'Rue de la Gabelle',
      'Rue des Épinettes',
      'Rue Hans-Wilsdorf',
      'Rue du Grand-Bureau',
      'Quai des Vernets',
      'Rue des Pavillons',
      'Avenue de la Praille',
      'Rue Caroline',
      'Rue Le-Royer',
      'Rue Antoine-Jolivet',
      'Rue Blavignac',
      'Rue de la Ferme',
    ],
  },
];

/** The demo addresses' manager: the map-manager parameter's default, so exceptions can be copied onto them. */
const GESTIONNAIRE_VILLE = PARAMETRES_PAR_DEFAUT.find((p) => p.cle === PARAMETRE_CLES.gestionnaireCarte)!.valeur;

type Alea = ReturnType<typeof generateur>;

interface Rue {
  libelle: string;
  noPostal: string;
  etendue: [number, number, number, number];
  secteur: string | null;
}

/**
 * The addresses of one street: numbers 1, 2, 3… (odd on one side, even on the other), a few with
 * a letter (12A), along a straight line that stays in the street's rectangle.
 */
function numeroter(
  rue: Rue,
  combien: number,
  alea: Alea,
  commune: { code: number; libelle: string },
  gestionnaire: string,
  suivant: () => string,
) {
  const [eMin, eMax, nMin, nMax] = rue.etendue;
  const angle = alea.nombre() * Math.PI;
  const pas = 9 + alea.nombre() * 8;
  const depart = [eMin + alea.nombre() * (eMax - eMin), nMin + alea.nombre() * (nMax - nMin)];
  // a metre inside the rectangle: no address lies on a quarter's edge, which two sectors' perimeters share
  const dans = (v: number, bordMin: number, bordMax: number) => {
    const [min, max] = [bordMin + 1, bordMax - 1];
    const largeur = max - min;
    const r = (((v - min) % (2 * largeur)) + 2 * largeur) % (2 * largeur);
    return min + (r > largeur ? 2 * largeur - r : r);
  };
  const voie = decouperVoie(rue.libelle);
  const adresses: SaisieAdresse[] = [];
  for (let numero = 1; adresses.length < combien; numero++) {
    const cote = numero % 2 ? 1 : -1;
    const distance = Math.floor((numero - 1) / 2) * pas * 2;
    const point = (decalage: number) => ({
      x: Math.round(dans(depart[0]! + Math.cos(angle) * (distance + decalage) - Math.sin(angle) * 8 * cote, eMin, eMax) * 100) / 100,
      y: Math.round(dans(depart[1]! + Math.sin(angle) * (distance + decalage) + Math.cos(angle) * 8 * cote, nMin, nMax) * 100) / 100,
    });
    const adresse = (noAdresse: string, decalage: number): SaisieAdresse => ({
      idpAdr: suivant(),
      ...voie,
      noAdresse,
      commune: commune.libelle,
      noPostal: rue.noPostal,
      nomNpa: commune.libelle.replace(/ \(GE\)$/, ''),
      ...point(decalage),
      noCommune: commune.code,
      secteur: rue.secteur,
      gestionnaire,
    });
    adresses.push(adresse(String(numero), 0));
    if (adresses.length < combien && alea.vrai(0.06)) adresses.push(adresse(`${numero}A`, pas / 2));
  }
  return adresses;
}

/** Splits `total` among `nombre` streets (or communes), long and short ones alike. */
function repartir(nombre: number, total: number, alea: Alea) {
  const poids = Array.from({ length: nombre }, () => 1 + alea.nombre() * 4);
  const somme = poids.reduce((a, b) => a + b, 0);
  const parts = poids.map((p) => Math.max(1, Math.floor((p / somme) * total)));
  for (let i = 0, reste = total - parts.reduce((a, b) => a + b, 0); reste > 0; i++, reste--) parts[i % parts.length]! += 1;
  return parts;
}

const compteur = (code: number) => {
  let n = 0;
  return () => `${code}${String(++n).padStart(6, '0')}`;
};

/**
 * The City of Geneva's demo register: `total` addresses on its real street names; `secteurs`
 * are the labels of the demo sectors 1 to 5.
 */
export function adressesVille(secteurs: readonly string[], total = 20_000): SaisieAdresse[] {
  const alea = generateur(VILLE_DE_GENEVE);
  const vues = new Set<string>();
  const rues: Rue[] = QUARTIERS.flatMap((q) =>
    q.voies
      .filter((v) => !vues.has(v) && vues.add(v))
      .map((libelle) => ({ libelle, noPostal: q.npa, etendue: q.etendue, secteur: secteurs[q.secteur - 1] ?? null })),
  );
  const ville = { code: VILLE_DE_GENEVE, libelle: 'Genève' };
  const suivant = compteur(VILLE_DE_GENEVE);
  const parts = repartir(rues.length, total, alea);
  return rues.flatMap((rue, i) => numeroter(rue, parts[i]!, alea, ville, GESTIONNAIRE_VILLE, suivant));
}

/** Street names common across the canton's other communes (the same name recurs from one to the next). */
const VOIES_COMMUNES = [
  'Route de Chancy',
  'Route de Saint-Julien',
  'Route de Meyrin',
  'Route de Ferney',
  'Route de Suisse',
  "Route d'Hermance",
  'Route de Thonon',
  'Route de Jussy',
  'Route de Veyrier',
  'Route du Pont-Butin',
  'Chemin des Vignes',
  'Chemin du Bois',
  'Chemin de la Chapelle',
  'Chemin des Écoliers',
  'Chemin du Moulin',
  'Chemin des Champs',
  'Chemin de la Fontaine',
  'Chemin des Prés',
  'Chemin du Village',
  'Chemin des Vergers',
  'Chemin de la Gravière',
  'Chemin du Stade',
  'Chemin des Tulipiers',
  'Chemin des Cerisiers',
  'Chemin de la Forêt',
  'Chemin du Château',
  'Chemin des Crêts',
  'Chemin du Nant',
  'Chemin de la Montagne',
  'Chemin des Semailles',
  'Rue du Village',
  "Rue de l'Église",
  'Rue de la Gare',
  'Rue des Écoles',
  'Rue du Centre',
  'Place de la Mairie',
  'Place du Marché',
  'Avenue du Lignon',
  'Avenue des Communes-Réunies',
  'Avenue de Vaudagne',
  'Avenue Eugène-Lance',
  'Avenue des Morgines',
  'Chemin des Palettes',
  'Chemin de la Caroline',
  'Chemin des Mouilles',
  'Chemin du Clos',
  'Chemin de la Tour',
  'Chemin Vert',
  'Chemin des Rayes',
  'Chemin des Voirons',
  'Chemin du Salève',
  'Chemin du Jura',
  'Chemin des Hutins',
  'Chemin de Compostelle',
  'Rue Jacques-Dalphin',
  'Rue Ancienne',
  'Rue Saint-Joseph',
  'Avenue Cardinal-Mermillod',
  'Route de Colovrex',
  'Route de Bellebouche',
];

const ETENDUE_CANTON: [number, number, number, number] = [2485000, 2512000, 1110000, 1132000];

/**
 * The canton's register at its real size, for the bench: the city's demo register plus the other
 * 44 communes, each around a centre of its own with about 25 streets. Synthetic like the city's.
 */
export function adressesCanton(secteurs: readonly string[], total = 70_000): SaisieAdresse[] {
  const ville = adressesVille(secteurs);
  const autres = COMMUNES_GENEVE.filter((c) => c.code !== VILLE_DE_GENEVE);
  const alea = generateur(6600);
  const parCommune = repartir(autres.length, total - ville.length, alea);
  return [
    ...ville,
    ...autres.flatMap((commune, i) => {
      const [eMin, eMax, nMin, nMax] = ETENDUE_CANTON;
      const e = eMin + alea.nombre() * (eMax - eMin - 2000);
      const n = nMin + alea.nombre() * (nMax - nMin - 2000);
      const noms = [`Route de ${commune.libelle.replace(/ \(GE\)$/, '')}`, ...Array.from({ length: 24 }, () => alea.choix(VOIES_COMMUNES))];
      const rues: Rue[] = [...new Set(noms)].map((libelle) => ({
        libelle,
        noPostal: String(1210 + (i % 80)),
        etendue: [e, e + 2000, n, n + 2000],
        secteur: null,
      }));
      const gestionnaire = `COMMUNE DE ${commune.libelle.toUpperCase()}`;
      const suivant = compteur(commune.code);
      const parts = repartir(rues.length, parCommune[i]!, alea);
      return rues.flatMap((rue, j) => numeroter(rue, parts[j]!, alea, commune, gestionnaire, suivant));
    }),
  ];
}
