import { z } from 'zod';

/** Who created and last changed a record, and its optimistic-locking version. */
export const auditSchema = z.object({
  createdDate: z.string().nullable(),
  createdBy: z.string().nullable(),
  lastModifiedDate: z.string().nullable(),
  lastModifiedBy: z.string().nullable(),
  version: z.number().int(),
});
export type Audit = z.infer<typeof auditSchema>;

const VERSION_INVALIDE = "La version de l'enregistrement est invalide.";
// at most PostgreSQL's integer, the column's type
export const versionSaisie = z
  .number({ error: VERSION_INVALIDE })
  .int(VERSION_INVALIDE)
  .min(0, VERSION_INVALIDE)
  .max(2_147_483_647, VERSION_INVALIDE)
  .optional();
