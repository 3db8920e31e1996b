import { SECTEUR_TRI_DEFAUT, type Secteur, type secteurListeSchema } from '@debarras/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { versAudit } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { contient, definirListe } from '../../db/liste.js';
import { secteur } from '../../db/schema.js';

export type RequeteSecteurs = z.output<typeof secteurListeSchema>;
export type LigneSecteur = typeof secteur.$inferSelect;

export const versSecteur = (l: LigneSecteur): Secteur => ({
  idSecteur: l.idSecteur,
  libelle: l.libelle,
  rive: l.rive,
  dateDebut: l.dateDebut,
  dateFin: l.dateFin,
  ...versAudit(l),
});

export const liste = definirListe({
  versReponse: versSecteur,
  table: secteur,
  cle: secteur.idSecteur,
  triDefaut: SECTEUR_TRI_DEFAUT,
  colonnesTri: {
    libelle: secteur.libelle,
    rive: secteur.rive,
    dateDebut: secteur.dateDebut,
    dateFin: secteur.dateFin,
    // the "active" column sorts by end date (spec §2)
    actif: secteur.dateFin,
  },
  filtres: (q: RequeteSecteurs) => and(contient(secteur.libelle, q.libelle), q.rive ? eq(secteur.rive, q.rive) : undefined),
});

export const trouver = async (tx: Tx, id: number) => (await tx.select().from(secteur).where(eq(secteur.idSecteur, id)))[0];

export const trouverParLibelle = async (tx: Tx, libelle: string) =>
  (await tx.select().from(secteur).where(eq(secteur.libelle, libelle)))[0];

export const libelles = async (tx: Tx) =>
  (await tx.select({ libelle: secteur.libelle }).from(secteur).orderBy(asc(secteur.libelle))).map((s) => s.libelle);
