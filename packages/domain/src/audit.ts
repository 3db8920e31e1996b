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

export const versionSaisie = z.number({ error: 'La version de l\'enregistrement est invalide.' }).int().min(0).optional();
