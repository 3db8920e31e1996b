import { adresseCarteSchema, adresseSchema, CARTE, fondDeCarteSchema, rueCarteSchema, type Etendue } from '@debarras/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { lireJson, telecharger } from '../../lib/http';

const bbox = (e: Etendue) => [e.xMin, e.yMin, e.xMax, e.yMax].map((v) => Math.round(v)).join(',');

/** The embedded base map: the canton's communes and lakes (GET /carte/fond), the same for every map: read once. */
export const useFondDeCarte = () =>
  useQuery({
    queryKey: ['carte', 'fond'],
    queryFn: () => lireJson('carte/fond', fondDeCarteSchema),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The register's addresses inside a view (GET /adresse/extent). */
export const adressesDeLEtendue = (e: Etendue) => lireJson(`adresse/extent?bbox=${bbox(e)}`, z.array(adresseCarteSchema));

/** The streets of a view drawn from the register's addresses, for a map without a plan service (GET /adresse/rues). */
export const ruesDeLEtendue = (e: Etendue) => lireJson(`adresse/rues?bbox=${bbox(e)}`, z.array(rueCarteSchema));

/** The addresses of the configured manager within 2 m of a clicked point, nearest first (GET /adresse/proche). */
export const adressesProches = (x: number, y: number) => lireJson(`adresse/proche?x=${x}&y=${y}`, z.array(adresseCarteSchema));

/** The map's search box: the register's type-ahead limited to the visible extent, 10 answers. */
export const rechercherDansLEtendue = (q: string, e: Etendue) =>
  lireJson(`adresse/?q=${encodeURIComponent(q)}&bbox=${bbox(e)}&size=${CARTE.geocodage.resultatsMax}`, z.array(adresseSchema));

/** The map as a PDF, A4 landscape, titled and named after `titre` (POST /carte/impression). */
export const imprimerCarte = (titre: string, image: string) =>
  telecharger('carte/impression', { methode: 'POST', corps: { titre, image } });
