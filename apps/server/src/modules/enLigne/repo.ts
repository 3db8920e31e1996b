import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { verrouConsultatif, type Transaction, type Tx } from '../../db/client.js';
import { preparee } from '../../db/preparees.js';
import { reservationEnLigne } from '../../db/schema.js';
import { attendValidation } from '../debarras/index.js';

export type LienReservation = typeof reservationEnLigne.$inferSelect;

export const inserer = (tx: Tx, lien: typeof reservationEnLigne.$inferInsert) => tx.insert(reservationEnLigne).values(lien);

export async function parJeton(tx: Tx, empreinteJeton: string): Promise<LienReservation | undefined> {
  const [ligne] = await tx.select().from(reservationEnLigne).where(eq(reservationEnLigne.empreinteJeton, empreinteJeton));
  return ligne;
}

/** The links of these débarras not reminded yet. */
export const sansRappel = async (tx: Tx, idsDebarras: number[]) =>
  idsDebarras.length
    ? tx
        .select()
        .from(reservationEnLigne)
        .where(and(inArray(reservationEnLigne.idDebarras, idsDebarras), isNull(reservationEnLigne.rappelLe)))
    : [];

/**
 * A booking validated, released or reminded. The client address's digest serves only while the booking waits: it
 * goes with the wait (an IPv4 address's digest can be found again by trying them all).
 */
export const marquer = (tx: Tx, idReservationEnLigne: number, champs: { valideLe: Date } | { libereLe: Date } | { rappelLe: Date }) =>
  tx
    .update(reservationEnLigne)
    .set('rappelLe' in champs ? champs : { ...champs, empreinteClient: null })
    .where(eq(reservationEnLigne.idReservationEnLigne, idReservationEnLigne));

/** The bookings created before `avant` still waiting for their validation. */
export const enAttenteAvant = (tx: Tx, avant: Date) =>
  tx
    .select()
    .from(reservationEnLigne)
    .where(and(isNull(reservationEnLigne.valideLe), isNull(reservationEnLigne.libereLe), lt(reservationEnLigne.creeLe, avant)));

/**
 * Confirmations from one client address, or one mailbox, wait for each other until their transaction ends: a
 * limit is never passed by confirmations sent at once.
 */
export const verrouillerLimite = (tx: Transaction, sur: 'client' | 'email', empreinteLimite: string) =>
  verrouConsultatif(tx, `enligne.${sur}:${empreinteLimite}`);

const compteEnAttente = preparee('en_ligne_en_attente_de', (tx) =>
  tx
    .select({
      client: sql<number>`count(*) filter (where ${reservationEnLigne.empreinteClient} = ${sql.placeholder('empreinteClient')})`.mapWith(
        Number,
      ),
      email: sql<number>`count(*) filter (where ${reservationEnLigne.empreinteEmail} = ${sql.placeholder('empreinteEmail')})`.mapWith(
        Number,
      ),
    })
    .from(reservationEnLigne)
    .where(
      and(
        or(
          eq(reservationEnLigne.empreinteClient, sql.placeholder('empreinteClient')),
          eq(reservationEnLigne.empreinteEmail, sql.placeholder('empreinteEmail')),
        ),
        attendValidation(reservationEnLigne.idDebarras),
      ),
    ),
);

/** The bookings still awaiting validation from one client address, and to one mailbox (prepared: every confirmation counts them). */
export async function enAttenteDe(tx: Tx, empreinteClient: string, empreinteEmail: string) {
  const [ligne] = await compteEnAttente(tx).execute({ empreinteClient, empreinteEmail });
  return { client: ligne?.client ?? 0, email: ligne?.email ?? 0 };
}

const compteConfirmations = preparee('en_ligne_confirmations_depuis', (tx) =>
  tx
    .select({ n: count() })
    .from(reservationEnLigne)
    .where(
      and(
        eq(reservationEnLigne.empreinteEmail, sql.placeholder('empreinteEmail')),
        gt(reservationEnLigne.creeLe, sql.placeholder('depuis')),
      ),
    ),
);

/** Bookings confirmed from one e-mail address since `depuis` (each confirmation counts them: prepared). */
export async function confirmationsDepuis(tx: Tx, empreinteEmail: string, depuis: Date) {
  const [ligne] = await compteConfirmations(tx).execute({ empreinteEmail, depuis: depuis.toISOString() });
  return ligne?.n ?? 0;
}

/** The language of these débarras's online bookings, for the e-mails staff send them afterwards. */
export async function languesDe(tx: Tx, idsDebarras: number[]): Promise<Map<number, string>> {
  if (!idsDebarras.length) return new Map();
  const lignes = await tx
    .select({ idDebarras: reservationEnLigne.idDebarras, langue: reservationEnLigne.langue })
    .from(reservationEnLigne)
    .where(inArray(reservationEnLigne.idDebarras, idsDebarras));
  return new Map(lignes.map((l) => [l.idDebarras, l.langue]));
}
