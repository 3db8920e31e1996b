import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { libellesParCode } from '../commune/index.js';
import { lireFond } from './fond.js';

export { carteEnPdf } from './impression.js';

export interface FondServi {
  fond: Awaited<ReturnType<typeof lireFond>>;
  /** A strong validator of the answer: the base map changes only with the swiss-maps package. */
  etag: string;
}

let fondServi: Promise<FondServi> | undefined;

/** The embedded base map, read from the shapefiles once per process (a few hundred milliseconds) and kept. */
export function fondDeCarte(db: Db): Promise<FondServi> {
  fondServi ??= (async () => {
    const fond = await lireFond(await libellesParCode(db));
    return { fond, etag: `"${createHash('sha256').update(JSON.stringify(fond)).digest('base64url').slice(0, 27)}"` };
  })().catch((erreur: unknown) => {
    fondServi = undefined;
    throw erreur;
  });
  return fondServi;
}
