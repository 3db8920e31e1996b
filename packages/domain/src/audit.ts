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

export const VERSION_MESSAGES = {
  invalide: "La version de l'enregistrement est invalide.",
  obligatoire: "La version de l'enregistrement est obligatoire pour le modifier : rechargez-le puis recommencez.",
} as const;

/**
 * The version of the record the user read: every command that changes a record the user has on
 * screen names it (docs/decisions.md "Verrouillage optimiste et audit"). At most PostgreSQL's
 * integer, the column's type.
 */
export const versionObligatoire = z
  .number({ error: (probleme) => (probleme.input === undefined ? VERSION_MESSAGES.obligatoire : VERSION_MESSAGES.invalide) })
  .int(VERSION_MESSAGES.invalide)
  .min(0, VERSION_MESSAGES.invalide)
  .max(2_147_483_647, VERSION_MESSAGES.invalide);
export const versionSaisie = versionObligatoire.optional();

/** `?version=n` in a query string (a DELETE has no body). */
export const versionParametre = z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), versionObligatoire);

/** A saisie once it passed `versionALaModification`: without its id it is a creation, with it an update that has a version. */
export type AvecVersionALaModification<T, K extends keyof T> =
  (T & { [P in K]?: undefined }) | (T & { [P in K]-?: NonNullable<T[P]> } & { version: number });

/**
 * One schema serves both the creation (no id, no version) and the update of a record (its id):
 * an update without the version it read is refused rather than saved over someone else's change.
 */
export function versionALaModification<S extends z.ZodType<{ version?: number | undefined }>, K extends keyof z.output<S>>(
  schema: S,
  cle: K,
) {
  return schema.refine((s): s is AvecVersionALaModification<z.output<S>, K> => s[cle] === undefined || s.version !== undefined, {
    error: VERSION_MESSAGES.obligatoire,
    path: ['version'],
  });
}
