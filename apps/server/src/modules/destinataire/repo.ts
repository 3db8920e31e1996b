import {
  DESTINATAIRE_MESSAGES,
  DESTINATAIRE_TRI_DEFAUT,
  type Destinataire,
  type destinataireListeSchema,
  type FormatImpression,
} from '@debarras/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ecrituresVersionnees, versAudit } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { contient, definirListe } from '../../db/liste.js';
import { estVide as tableVide } from '../../db/remplissage.js';
import { destinataire } from '../../db/schema.js';

export type RequeteDestinataires = z.output<typeof destinataireListeSchema>;
export type LigneDestinataire = typeof destinataire.$inferSelect;

export const versDestinataire = (l: LigneDestinataire): Destinataire => ({
  idDestinataire: l.idDestinataire,
  destinataire: l.destinataire,
  email: l.email,
  description: l.description,
  type: l.type as FormatImpression,
  actif: l.actif === 1 ? 1 : 0,
  ...versAudit(l),
});

export const liste = definirListe({
  versReponse: versDestinataire,
  table: destinataire,
  cle: destinataire.idDestinataire,
  triDefaut: DESTINATAIRE_TRI_DEFAUT,
  colonnesTri: {
    destinataire: destinataire.destinataire,
    email: destinataire.email,
    description: destinataire.description,
    type: destinataire.type,
    actif: destinataire.actif,
  },
  filtres: (q: RequeteDestinataires) =>
    and(
      contient(destinataire.destinataire, q.destinataire),
      contient(destinataire.email, q.email),
      contient(destinataire.description, q.description),
      q.type ? eq(destinataire.type, q.type) : undefined,
      q.actif !== undefined ? eq(destinataire.actif, q.actif) : undefined,
    ),
});

/** The recipients' one way to be written (docs/architecture.md « Un seul chemin d'écriture »). */
export const ecritures = ecrituresVersionnees(destinataire, destinataire.idDestinataire, DESTINATAIRE_MESSAGES.introuvable);

export const trouver = async (tx: Tx, id: number) => (await tx.select().from(destinataire).where(eq(destinataire.idDestinataire, id)))[0];

/** The active recipients, by name: who gets the route sheets. */
export const actifs = async (tx: Tx) =>
  (
    await tx
      .select()
      .from(destinataire)
      .where(eq(destinataire.actif, 1))
      .orderBy(asc(destinataire.destinataire), asc(destinataire.idDestinataire))
  ).map(versDestinataire);

export type NouveauDestinataire = Omit<typeof destinataire.$inferInsert, 'createdBy' | 'lastModifiedBy'>;

export const estVide = (tx: Tx) => tableVide(tx, destinataire);

export async function insererPlusieurs(tx: Tx, destinataires: readonly NouveauDestinataire[], par: string) {
  await tx.insert(destinataire).values(destinataires.map((d) => ({ ...d, createdBy: par, lastModifiedBy: par })));
}
