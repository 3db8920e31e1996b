import { CARTE, type Etendue, type Perimetre } from '@debarras/domain';
import { eq } from 'drizzle-orm';
import { secteur } from '../db/schema.js';
import * as repo from '../modules/adresse/repo.js';
import { dansEtendue } from '../modules/adresse/service.js';
import { enregistrerPerimetre } from '../modules/secteur/service.js';
import { generateur } from '../seed/aleatoire.js';
import { QUARTIERS, VILLE_DE_GENEVE } from '../seed/adresses.js';
import { SECTEURS_DEMO, SECTEURS_DEMO_ACTIFS } from '../seed/demo.js';
import { perimetresDemo, semerPerimetresDemo } from '../seed/perimetres.js';
import { REGISTRE } from './adresses.js';
import { groupe, type Section } from './mesure.js';

const PAR = 'bench';
/** A 1:2000 view on a usual screen, with the map's margin: 700 × 450 m. */
const VUE = { largeur: 700, hauteur: 450 } as const;

/** The city's extent: the demo quarters' rectangles together. */
const VILLE = {
  xMin: Math.min(...QUARTIERS.map((q) => q.etendue[0])),
  xMax: Math.max(...QUARTIERS.map((q) => q.etendue[1])),
  yMin: Math.min(...QUARTIERS.map((q) => q.etendue[2])),
  yMax: Math.max(...QUARTIERS.map((q) => q.etendue[3])),
};

/** 1:2000 views at random places in the city. */
function vues(nombre: number, graine: number): Etendue[] {
  const alea = generateur(graine);
  return Array.from({ length: nombre }, () => {
    const xMin = Math.round(VILLE.xMin + alea.nombre() * (VILLE.xMax - VILLE.xMin - VUE.largeur));
    const yMin = Math.round(VILLE.yMin + alea.nombre() * (VILLE.yMax - VILLE.yMin - VUE.hauteur));
    return { xMin, yMin, xMax: xMin + VUE.largeur, yMax: yMin + VUE.hauteur };
  });
}

const decale = (perimetre: Perimetre, dx: number): Perimetre => perimetre.map(([x, y]) => [x + dx, y]);

/**
 * Each demo sector's perimeter moved 300 m east, then put back: every save moves hundreds to
 * thousands of addresses in or out of the sector among the canton's 70 000.
 */
const dessins = (secteurs: readonly string[]) =>
  perimetresDemo(secteurs).flatMap(({ libelle, perimetre }) => [
    { libelle, perimetre: decale(perimetre, 300) },
    { libelle, perimetre },
  ]);

/** The maps (docs/regles.md « Cartes »): the points of a 1:2000 view, p95 ≤ 20 ms; one perimeter's assignment, ≤ 2 s. */
export const sectionCarte: Section = {
  nom: 'Cartes',
  async preparer({ db }) {
    await db
      .insert(secteur)
      .values(SECTEURS_DEMO.map((s) => ({ ...s, createdBy: PAR, lastModifiedBy: PAR })))
      .onConflictDoNothing();
    await semerPerimetresDemo(db, SECTEURS_DEMO_ACTIFS);
    const dessiner = async ({ libelle, perimetre }: { libelle: string; perimetre: Perimetre }) => {
      const [s] = await db.select().from(secteur).where(eq(secteur.libelle, libelle));
      return enregistrerPerimetre(db, s!.idSecteur, { version: s!.version, perimetre }, PAR, [VILLE_DE_GENEVE]);
    };
    const tousLesDessins = dessins(SECTEURS_DEMO_ACTIFS);
    return {
      donnees: `${REGISTRE.length} adresses, ${SECTEURS_DEMO_ACTIFS.length} périmètres de secteurs`,
      groupes: [
        groupe({
          nom: `GET /adresse/extent (vue 1:2000, ${VUE.largeur} × ${VUE.hauteur} m, dans la ville)`,
          entrees: vues(400, 2000),
          echauffement: vues(400, 2001),
          mesures: [
            { nom: 'service (dansEtendue)', executer: (e) => dansEtendue(db, e) },
            { nom: 'SQL seul', executer: (e) => db.execute(repo.dansEtendue(db, e, CARTE.pointsEtendueMax + 1)) },
          ],
          p95MaxMs: 20,
        }),
        groupe({
          nom: 'PUT /secteur/{id}/perimetre (attribution aux adresses, périmètre déplacé puis remis)',
          entrees: tousLesDessins,
          echauffement: tousLesDessins.slice(0, 2),
          mesures: [{ nom: 'service (un périmètre)', executer: dessiner }],
          p95MaxMs: 2000,
        }),
      ],
    };
  },
};
