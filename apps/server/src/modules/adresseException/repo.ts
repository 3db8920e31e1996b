import {
  ADRESSE_EXCEPTION_MESSAGES,
  ADRESSE_EXCEPTION_TRI_DEFAUT,
  type AdresseException,
  type adresseExceptionListeSchema,
  type StatutException,
} from '@debarras/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ecrituresVersionnees, versAudit } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { preparee } from '../../db/preparees.js';
import { contient, definirListe } from '../../db/liste.js';
import { estVide as tableVide } from '../../db/remplissage.js';
import { adresseException } from '../../db/schema.js';

export type RequeteAdressesExceptions = z.output<typeof adresseExceptionListeSchema>;
export type LigneAdresseException = typeof adresseException.$inferSelect;
export type NouvelleAdresseException = Omit<typeof adresseException.$inferInsert, 'createdBy' | 'lastModifiedBy'>;

/** The table keeps the API's statut as `actif` 1/0. */
export const actifDe = (statut: StatutException) => (statut === 'ACTIF' ? 1 : 0);
const statutDe = (actif: number): StatutException => (actif === 1 ? 'ACTIF' : 'INACTIF');
/** Sorts as the codes read, ACTIF before INACTIF. */
const statutTrie = sql`case when ${adresseException.actif} = 1 then 'ACTIF' else 'INACTIF' end`;

export const versAdresseException = (l: LigneAdresseException): AdresseException => ({
  id: l.id,
  idpadr: l.idpAdr,
  adresse: l.adresse,
  remarqueInterne: l.remarqueInterne,
  remarquePublique: l.remarquePublique,
  remarqueTravaux: l.remarqueTravaux,
  dateDebutTravaux: l.dateDebutTravaux,
  dateFinTravaux: l.dateFinTravaux,
  xdepot: l.xDepot,
  ydepot: l.yDepot,
  xtravaux: l.xTravaux,
  ytravaux: l.yTravaux,
  statut: statutDe(l.actif),
  ...versAudit(l),
});

export const liste = definirListe({
  versReponse: versAdresseException,
  table: adresseException,
  cle: adresseException.id,
  triDefaut: ADRESSE_EXCEPTION_TRI_DEFAUT,
  colonnesTri: {
    idpadr: adresseException.idpAdr,
    adresse: adresseException.adresse,
    remarqueInterne: adresseException.remarqueInterne,
    remarquePublique: adresseException.remarquePublique,
    remarqueTravaux: adresseException.remarqueTravaux,
    dateDebutTravaux: adresseException.dateDebutTravaux,
    dateFinTravaux: adresseException.dateFinTravaux,
    statut: statutTrie,
  },
  filtres: (q: RequeteAdressesExceptions) =>
    and(
      contient(adresseException.idpAdr, q.idpadr),
      contient(adresseException.adresse, q.adresse),
      contient(adresseException.remarqueInterne, q.remarqueInterne),
      contient(adresseException.remarquePublique, q.remarquePublique),
      contient(adresseException.remarqueTravaux, q.remarqueTravaux),
      q.statut !== undefined ? eq(adresseException.actif, actifDe(q.statut)) : undefined,
    ),
});

/** The exceptions' one way to be written one by one (docs/architecture.md « Un seul chemin d'écriture »). */
export const ecritures = ecrituresVersionnees(adresseException, adresseException.id, ADRESSE_EXCEPTION_MESSAGES.introuvable);

export const trouver = async (tx: Tx, id: number) => (await tx.select().from(adresseException).where(eq(adresseException.id, id)))[0];

export const trouverParIdpadr = async (tx: Tx, idpAdr: string) =>
  (await tx.select().from(adresseException).where(eq(adresseException.idpAdr, idpAdr)))[0];

/** The exceptions of these addresses, active or not. */
export const deCesAdresses = async (tx: Tx, idpAdrs: readonly string[]) =>
  idpAdrs.length
    ? tx
        .select()
        .from(adresseException)
        .where(inArray(adresseException.idpAdr, [...idpAdrs]))
    : [];

const activesParmi = preparee('adresse_exception_actives_parmi', (tx) =>
  tx
    .select()
    .from(adresseException)
    .where(and(sql`${adresseException.idpAdr} = any(${sql.placeholder('idpAdrs')}::text[])`, eq(adresseException.actif, 1)))
    .orderBy(asc(adresseException.idpAdr)),
);

/** The ACTIVE exceptions of these addresses; each online booking reads its address's (prepared). */
export const activesDe = async (tx: Tx, idpAdrs: readonly string[]) =>
  idpAdrs.length ? activesParmi(tx).execute({ idpAdrs: [...idpAdrs] }) : [];

/** The addresses having an ACTIVE exception. */
export const idpadrActifs = async (tx: Tx) =>
  (
    await tx
      .select({ idpAdr: adresseException.idpAdr })
      .from(adresseException)
      .where(eq(adresseException.actif, 1))
      .orderBy(asc(adresseException.idpAdr))
  ).map((l) => l.idpAdr);

export async function insererPlusieurs(tx: Tx, exceptions: readonly NouvelleAdresseException[], par: string) {
  return tx
    .insert(adresseException)
    .values(exceptions.map((e) => ({ ...e, createdBy: par, lastModifiedBy: par })))
    .returning();
}

export const estVide = (tx: Tx) => tableVide(tx, adresseException);
