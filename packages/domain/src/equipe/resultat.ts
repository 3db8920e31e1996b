import { z } from 'zod';
import { RESULTATS } from './codes.js';

/*
 * A stop's result as the API answers it, apart from the crews' other schemas: the débarras's detail carries one, and
 * the back-office's first load reads the débarras schemas (docs/performance.md « Application web (premier chargement) »).
 */

/** A stop's standing result, as the phone and the office read it. */
export const resultatArretSchema = z.object({
  idClient: z.string(),
  code: z.enum(RESULTATS),
  remarque: z.string().nullable(),
  objetsRestants: z.array(z.object({ idObjet: z.number().int(), quantite: z.number().int() })).nullable(),
  horodatage: z.string(),
  photo: z.boolean(),
});
export type ResultatArret = z.infer<typeof resultatArretSchema>;

/** A débarras's standing result as its detail shows it (`GET /debarras/{id}`): with who recorded it and when it arrived. */
export const resultatDuDebarrasSchema = resultatArretSchema.extend({ par: z.string(), recuLe: z.string() });
export type ResultatDuDebarras = z.infer<typeof resultatDuDebarrasSchema>;
