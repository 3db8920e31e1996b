import { z } from 'zod';

export const CODE_COMMUNE_VILLE_DE_GENEVE = 6621;
export const COMMUNE_NON_DEFINIE = 'Commune non définie';

/** `GET /commune`: the municipality the installation serves, and whether the register knows it. */
export const communeSchema = z.object({ label: z.string(), exists: z.boolean(), code: z.number().int() });
export type Commune = z.infer<typeof communeSchema>;
