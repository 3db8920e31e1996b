import { and, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { preparee } from '../../db/preparees.js';
import { reservationEnLigne } from '../../db/schema.js';

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

export const marquer = (tx: Tx, idReservationEnLigne: number, champs: { valideLe: Date } | { libereLe: Date } | { rappelLe: Date }) =>
  tx.update(reservationEnLigne).set(champs).where(eq(reservationEnLigne.idReservationEnLigne, idReservationEnLigne));

/** The bookings created before `avant` still waiting for their validation. */
export const enAttenteAvant = (tx: Tx, avant: Date) =>
  tx
    .select()
    .from(reservationEnLigne)
    .where(and(isNull(reservationEnLigne.valideLe), isNull(reservationEnLigne.libereLe), lt(reservationEnLigne.creeLe, avant)));

/** Confirmations from one e-mail address wait for each other until their transaction ends: the limit is never passed. */
export async function verrouillerEmail(tx: Tx, empreinteEmail: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`enligne.email:${empreinteEmail}`}))`);
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
