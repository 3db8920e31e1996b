import type { Levee } from '@debarras/domain';
import type { DebarrasFeuille } from './modele.js';

// A made-up but realistic day, the same at every run: the golden documents of docs/documents/ and
// the bench render it. Names, streets and phone numbers are invented.

const RUES = [
  ['Rue', 'de la', 'Servette'],
  ['Boulevard', 'de', 'Saint-Georges'],
  ['Avenue', 'de', 'Frontenex'],
  ['Rue', 'des', 'Eaux-Vives'],
  ['Chemin', 'de', 'la Gravière'],
  ['Route', 'de', 'Chêne'],
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
  createdDate: null,
  createdBy: null,
  lastModifiedDate: null,
  lastModifiedBy: null,
  version: 0,
});

function debarras(i: number, idLevee: number): DebarrasFeuille & { voie: string } {
  const [type, liant, voie] = RUES[i % RUES.length]!;
  const numero = `${2 + ((i * 7) % 60)}${i % 9 === 4 ? 'A' : ''}`;
  return {
    voie,
    idLevee,
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
      quantite: 1 + ((i + k) % 3),
      libelle: OBJETS[(i + k * 4) % OBJETS.length]!,
      remarque: REMARQUES[(i + k) % REMARQUES.length]!,
    })),
  };
}

/**
 * A day of `secteurs` sector rounds plus one supplementary round, `parLevee` débarras each, in
 * the crew's order (street, then number) as the database would give them.
 */
export function journeeExemple(jour: string, secteurs: string[], parLevee: number, max = 30) {
  const libelles = [...secteurs, null];
  const levees = libelles.map((libelle, i) => levee(i + 1, jour, libelle, libelle ? null : 'Tournée des Halles', parLevee, max));
  const lignes = levees.flatMap((l, n) =>
    Array.from({ length: parLevee }, (_, i) => debarras(n * parLevee + i, l.idLevee))
      .sort((a, b) => a.voie.localeCompare(b.voie, 'fr') || a.adresse.localeCompare(b.adresse, 'fr', { numeric: true }))
      .map(({ voie: _voie, ...d }) => d),
  );
  return { levees, debarras: lignes };
}
