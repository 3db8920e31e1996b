import type { Levee, RueCarte } from '@debarras/domain';
import type { DebarrasFeuille } from './modele.js';

// A made-up but realistic day, the same at every run: the golden documents of docs/documents/ and
// the bench render it. Names, streets and phone numbers are invented.

/** Type, link and name; and where the street runs, from its number 1 to its number 62 (LV95, metres, near enough). */
const RUES = [
  ['Rue', 'de la', 'Servette', [2_499_650, 1_118_850], [2_498_350, 1_119_800]],
  ['Boulevard', 'de', 'Saint-Georges', [2_498_750, 1_117_250], [2_499_450, 1_116_850]],
  ['Avenue', 'de', 'Frontenex', [2_501_250, 1_117_450], [2_502_300, 1_117_650]],
  ['Rue', 'des', 'Eaux-Vives', [2_500_850, 1_117_550], [2_501_600, 1_117_250]],
  ['Chemin', 'de', 'la Gravière', [2_498_850, 1_116_250], [2_499_250, 1_115_850]],
  ['Route', 'de', 'Chêne', [2_502_000, 1_116_950], [2_503_500, 1_116_700]],
] as const;
const NOMS = ['Favre', 'Rochat', 'Meylan', 'Dubois', 'Perret', 'Schneider', 'Da Silva', 'Bonvin', 'Nguyen', 'Keller'];
const OBJETS = ['Canapé', 'Matelas', 'Armoire', 'Sommier', 'Table', 'Chaise', 'Frigo', 'Vélo', 'Tapis'];
const REMARQUES = ['démonté', 'cuir', 'très lourd', null, null, null];

const levee = (idLevee: number, jour: string, libelle: string | null, nom: string | null, nbDebarras: number, max: number): Levee => ({
  idLevee,
  dateLevee: jour,
  secteur: libelle ? { id: idLevee, libelle } : null,
  name: nom,
  statut: 'ACTIF',
  supplementaire: libelle ? 0 : 1,
  nbDebarras,
  nbDebarrasMax: max,
  nbReservationsEnCours: 0,
  indisponibilite: 0,
  kilometrage: null,
  aDesDebarras: nbDebarras > 0,
  nbResultats: 0,
  createdDate: null,
  createdBy: null,
  lastModifiedDate: null,
  lastModifiedBy: null,
  version: 0,
});

/** Where a number stands along its street, odd numbers on one side and even on the other. */
function point(rue: (typeof RUES)[number], n: number) {
  const [, , , [x1, y1], [x2, y2]] = rue;
  const t = (n - 1) / 61;
  const cote = n % 2 ? 12 : -12;
  const longueur = Math.hypot(x2 - x1, y2 - y1);
  return {
    x: Math.round(x1 + t * (x2 - x1) - (cote * (y2 - y1)) / longueur),
    y: Math.round(y1 + t * (y2 - y1) + (cote * (x2 - x1)) / longueur),
  };
}

function debarras(i: number, idLevee: number): DebarrasFeuille & { voie: string; x: number | null; y: number | null } {
  const rue = RUES[i % RUES.length]!;
  const [type, liant, voie] = rue;
  const n = 2 + ((i * 7) % 60);
  const numero = `${n}${i % 9 === 4 ? 'A' : ''}`;
  // now and then an address that has left the register: no point, at the end of the round
  const { x, y } = i % 19 === 13 ? { x: null, y: null } : point(rue, n);
  return {
    voie,
    x,
    y,
    idLevee,
    idDebarras: i + 1,
    numero: `2026-${String(10_001 + i).padStart(5, '0')}`,
    idpAdr: String(6621_000_001 + i),
    adresse: `${type} ${liant} ${voie} ${numero}`,
    precisionLieu: i % 4 === 1 ? 'Cour intérieure, code porte 4521' : i % 4 === 3 ? 'Concierge : M. Blanc, 2e sous-sol' : null,
    // every fourth débarras with precisions asks to keep them off the route sheet
    inclurePrecisionLieu: i % 4 !== 3,
    travaux: i % 11 === 5 ? 'Trottoir fermé jusqu’au 15.12 : déposer côté parc' : null,
    pointDepotX: null,
    pointDepotY: null,
    nomPersonne: i % 13 === 7 ? null : `${NOMS[i % NOMS.length]} ${String.fromCharCode(65 + (i % 26))}.`,
    telephone: i % 13 === 7 ? null : `079 ${String(100 + i).padStart(3, '0')} ${String(10 + (i % 90)).padStart(2, '0')} 42`,
    remarqueObjet: i % 6 === 2 ? 'Au bas de l’escalier, côté cour' : null,
    remarqueLieu: i % 7 === 3 ? 'Accès par la rue arrière' : null,
    remarqueGenerale: i % 10 === 6 ? 'Appeler 15 minutes avant' : null,
    sauvage: i % 13 === 7,
    punaises: i % 17 === 9,
    punaisesDechets: i % 23 === 11,
    objets: Array.from({ length: 1 + (i % 3) }, (_, k) => ({
      idObjet: 1 + ((i + k * 4) % OBJETS.length),
      quantite: 1 + ((i + k) % 3),
      libelle: OBJETS[(i + k * 4) % OBJETS.length]!,
      remarque: REMARQUES[(i + k) % REMARQUES.length]!,
    })),
  };
}

/**
 * A day of `secteurs` sector rounds plus one supplementary round, `parLevee` débarras each, in street order (street,
 * then number) as the database would give them; `arrets`, their points for the rounds, and `rues`, the streets for
 * the maps.
 */
export function journeeExemple(jour: string, secteurs: string[], parLevee: number, max = 30) {
  const libelles = [...secteurs, null];
  const levees = libelles.map((libelle, i) => levee(i + 1, jour, libelle, libelle ? null : 'Tournée des Halles', parLevee, max));
  const lus = levees.flatMap((l, n) =>
    Array.from({ length: parLevee }, (_, i) => debarras(n * parLevee + i, l.idLevee)).sort(
      (a, b) => a.voie.localeCompare(b.voie, 'fr') || a.adresse.localeCompare(b.adresse, 'fr', { numeric: true }),
    ),
  );
  const arrets = lus.map(({ idLevee, idDebarras, numero, adresse, x, y }) => ({ idLevee, idDebarras, numero, adresse, x, y }));
  const rues: RueCarte[] = RUES.map(([type, liant, voie, debut, fin]) => ({
    rue: `${type} ${liant} ${voie}`,
    lignes: [[[...debut], [...fin]]],
  }));
  return { levees, debarras: lus.map(({ voie: _voie, x: _x, y: _y, ...d }) => d), arrets, rues };
}
