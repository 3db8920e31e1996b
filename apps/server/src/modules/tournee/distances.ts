/**
 * The distances between a round's points (docs/regles.md « Ordre de la tournée »): straight lines in LV95 metres, or
 * a routing service's road distances through the `table` call of OSRM's HTTP API.
 */
import type { MatriceDistances } from './optimisation.js';

export interface Point {
  x: number;
  y: number;
}

/** How long a routing service may take to answer before the round falls back on straight lines. */
const DELAI_ROUTAGE_MS = 5_000;

/** OSRM's default `max-table-size`: beyond, a service refuses the call. */
const ROUTAGE_POINTS_MAX = 100;

export function matriceDroite(points: readonly Point[]): number[][] {
  return points.map((a) => points.map((b) => Math.hypot(a.x - b.x, a.y - b.y)));
}

/**
 * LV95 (EPSG:2056) to WGS84 longitude and latitude, by swisstopo's approximate formulas (about a metre off):
 * what a routing service reads.
 */
export function versWgs84({ x, y }: Point): [longitude: number, latitude: number] {
  const e = (x - 2_600_000) / 1_000_000;
  const n = (y - 1_200_000) / 1_000_000;
  const longitude = 2.6779094 + 4.728982 * e + 0.791484 * e * n + 0.1306 * e * n * n - 0.0436 * e * e * e;
  const latitude = 16.9023892 + 3.238272 * n - 0.270978 * e * e - 0.002528 * n * n - 0.0447 * e * e * n - 0.014 * n * n * n;
  return [(longitude * 100) / 36, (latitude * 100) / 36];
}

/** A routing service's failure, said in French for the log and the fallback. */
export class RoutageEnEchec extends Error {}

/**
 * The road distances from each point to each other, in metres, from an OSRM-compatible service (`GET
 * {url}/table/v1/driving/{lon,lat;…}?annotations=distance`). Throws `RoutageEnEchec` on anything but a complete matrix.
 */
export async function matriceRoutiere(url: string, points: readonly Point[]): Promise<MatriceDistances> {
  if (points.length > ROUTAGE_POINTS_MAX) throw new RoutageEnEchec(`plus de ${ROUTAGE_POINTS_MAX} points`);
  const coordonnees = points
    .map((p) =>
      versWgs84(p)
        .map((v) => v.toFixed(6))
        .join(','),
    )
    .join(';');
  const adresse = `${url.replace(/\/+$/, '')}/table/v1/driving/${coordonnees}?annotations=distance`;
  let reponse: Response;
  try {
    reponse = await fetch(adresse, { signal: AbortSignal.timeout(DELAI_ROUTAGE_MS) });
  } catch (erreur) {
    const cause = (erreur as Error).name === 'TimeoutError' ? `pas de réponse en ${DELAI_ROUTAGE_MS / 1000} s` : 'injoignable';
    throw new RoutageEnEchec(cause);
  }
  if (!reponse.ok) throw new RoutageEnEchec(`HTTP ${reponse.status}`);
  const corps = (await reponse.json().catch(() => undefined)) as { code?: string; distances?: unknown } | undefined;
  const distances = corps?.distances;
  const complete =
    Array.isArray(distances) &&
    distances.length === points.length &&
    distances.every(
      (ligne) => Array.isArray(ligne) && ligne.length === points.length && ligne.every((d) => typeof d === 'number' && d >= 0),
    );
  if (corps?.code !== 'Ok') throw new RoutageEnEchec(`réponse ${corps?.code ?? 'illisible'}`);
  if (!complete) throw new RoutageEnEchec('matrice incomplète');
  return distances as number[][];
}
