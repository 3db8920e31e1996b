import { OBJET_TRI_DEFAUT, type Objet, type objetListeSchema, type TypeObjet } from '@debarras/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { versAudit } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { contient, definirListe } from '../../db/liste.js';
import { objet } from '../../db/schema.js';

export type RequeteObjets = z.output<typeof objetListeSchema>;
export type LigneObjet = typeof objet.$inferSelect;

export const versObjet = (l: LigneObjet): Objet => ({
  idObjet: l.idObjet,
  libelle: l.libelle,
  libelleExt: l.libelleExt,
  url: l.url,
  urlInterdit: l.urlInterdit,
  ordre: l.ordre,
  type: l.type as TypeObjet,
  actif: l.actif === 1 ? 1 : 0,
  ...versAudit(l),
});

export const liste = definirListe({
  versReponse: versObjet,
  table: objet,
  cle: objet.idObjet,
  triDefaut: OBJET_TRI_DEFAUT,
  colonnesTri: {
    libelle: objet.libelle,
    libelleExt: objet.libelleExt,
    type: objet.type,
    url: objet.url,
    urlInterdit: objet.urlInterdit,
    ordre: objet.ordre,
    actif: objet.actif,
  },
  filtres: (q: RequeteObjets) =>
    and(
      contient(objet.libelle, q.libelle),
      q.type ? eq(objet.type, q.type) : undefined,
      q.actif !== undefined ? eq(objet.actif, q.actif) : undefined,
    ),
});

export const trouver = async (tx: Tx, id: number) => (await tx.select().from(objet).where(eq(objet.idObjet, id)))[0];
