import { PARAMETRE_MESSAGES, PARAMETRE_TRI_DEFAUT, type Parametre, type parametreListeSchema } from '@debarras/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ecrituresVersionnees, versAudit } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { preparee } from '../../db/preparees.js';
import { contient, definirListe } from '../../db/liste.js';
import { parametre } from '../../db/schema.js';

export type RequeteParametres = z.output<typeof parametreListeSchema>;
export type LigneParametre = typeof parametre.$inferSelect;

export const versParametre = (l: LigneParametre): Parametre => ({
  idParametre: l.idParametre,
  cle: l.cle,
  valeur: l.valeur,
  description: l.description,
  ...versAudit(l),
});

export const liste = definirListe({
  versReponse: versParametre,
  table: parametre,
  cle: parametre.idParametre,
  triDefaut: PARAMETRE_TRI_DEFAUT,
  colonnesTri: {
    cle: parametre.cle,
    valeur: parametre.valeur,
    description: parametre.description,
    lastModifiedDate: parametre.lastModifiedDate,
    lastModifiedBy: parametre.lastModifiedBy,
  },
  filtres: (q: RequeteParametres) =>
    and(
      contient(parametre.cle, q.cle),
      contient(parametre.valeur, q.valeur),
      contient(parametre.description, q.description),
      contient(parametre.lastModifiedBy, q.lastModifiedBy),
    ),
});

/** The parameters' one way to be written (docs/architecture.md « Un seul chemin d'écriture »). */
export const ecritures = ecrituresVersionnees(parametre, parametre.idParametre, PARAMETRE_MESSAGES.introuvable);

export const trouver = async (tx: Tx, id: number) => (await tx.select().from(parametre).where(eq(parametre.idParametre, id)))[0];

export const trouverParCle = async (tx: Tx, cle: string) => (await tx.select().from(parametre).where(eq(parametre.cle, cle)))[0];

/** Several values at once, by key ('' for a missing one). */
const valeursParmi = preparee('parametre_valeurs_parmi', (tx) =>
  tx
    .select({ cle: parametre.cle, valeur: parametre.valeur })
    .from(parametre)
    .where(sql`${parametre.cle} = any(${sql.placeholder('cles')}::text[])`),
);

/** The values of these keys, '' for a missing one; each online booking reads its settings (prepared). */
export async function valeursParCle<K extends string>(tx: Tx, cles: readonly K[]): Promise<Record<K, string>> {
  const lignes = await valeursParmi(tx).execute({ cles: [...cles] });
  const parCle = new Map(lignes.map((l) => [l.cle, l.valeur.trim()]));
  return Object.fromEntries(cles.map((c) => [c, parCle.get(c) ?? ''])) as Record<K, string>;
}

/** Adds the parameters not there yet; the known ones keep the value the staff gave them. */
export async function insererManquants(
  tx: Tx,
  parametres: ReadonlyArray<{ cle: string; valeur: string; description: string }>,
  par: string,
) {
  await tx
    .insert(parametre)
    .values(parametres.map((p) => ({ ...p, createdBy: par, lastModifiedBy: par })))
    .onConflictDoNothing();
}
