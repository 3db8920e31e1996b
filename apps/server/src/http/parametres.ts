import { z } from 'zod';

/** `/:id` path parameter: a positive integer, or a 400 that says so. */
export const identifiant = z.object({
  id: z.coerce
    .number({ error: "L'identifiant doit être un nombre entier." })
    .int("L'identifiant doit être un nombre entier.")
    .positive("L'identifiant doit être un nombre entier positif.")
    // beyond PostgreSQL's integer the query would fail: such an id cannot exist
    .max(2_147_483_647, "L'identifiant doit être un nombre entier positif."),
});
