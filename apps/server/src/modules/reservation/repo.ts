import { RESERVATION_TRI_DEFAUT, type Reservation, type reservationListeSchema } from '@debarras/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { contient, definirListe } from '../../db/liste.js';
import { estVide as tableVide } from '../../db/remplissage.js';
import { reservation } from '../../db/schema.js';

export type RequeteReservations = z.output<typeof reservationListeSchema>;
export type LigneReservation = typeof reservation.$inferSelect;

export const versReservation = (l: LigneReservation): Reservation => ({
  idReservation: l.idReservation,
  type: l.type,
  idSession: l.idSession,
  timestampReservation: l.timestampReservation?.toISOString() ?? null,
  timestampConfirmation: l.timestampConfirmation?.toISOString() ?? null,
  timestampValidation: l.timestampValidation?.toISOString() ?? null,
  rejetEmail: l.rejetEmail === 1 ? 1 : 0,
  langue: l.langue,
});

export const liste = definirListe({
  versReponse: versReservation,
  table: reservation,
  cle: reservation.idReservation,
  triDefaut: RESERVATION_TRI_DEFAUT,
  colonnesTri: {
    type: reservation.type,
    idSession: reservation.idSession,
    timestampReservation: reservation.timestampReservation,
    timestampConfirmation: reservation.timestampConfirmation,
    timestampValidation: reservation.timestampValidation,
    rejetEmail: reservation.rejetEmail,
    langue: reservation.langue,
  },
  filtres: (q: RequeteReservations) =>
    and(
      contient(reservation.type, q.type),
      contient(reservation.idSession, q.idSession),
      q.langue ? eq(reservation.langue, q.langue) : undefined,
    ),
});

export type NouvelleReservation = typeof reservation.$inferInsert;

export const estVide = (tx: Tx) => tableVide(tx, reservation);

export async function insererPlusieurs(tx: Tx, reservations: readonly NouvelleReservation[]) {
  await tx.insert(reservation).values([...reservations]);
}

/** A stage of an online booking session (docs/regles.md « Réservation en ligne »). */
export type EtapeReservation = 'reservation' | 'confirmation' | 'validation' | 'rejet';

/**
 * Writes a stage on the session's row of that type (the latest, if the resident went back), or starts the row:
 * the log keeps one row per booking session and type.
 */
export async function noterEtape(
  tx: Tx,
  session: { idSession: string; type: 'creation' | 'modification' | 'annulation'; langue: string },
  etape: EtapeReservation,
  instant: Date,
  /** Keeps the stage's time when the session already has one (a change of objects only, after a change of date). */
  seulementSiAbsente = false,
) {
  const [colonne, valeur] =
    etape === 'reservation'
      ? [reservation.timestampReservation, sql`${instant.toISOString()}::timestamptz`]
      : etape === 'confirmation'
        ? [reservation.timestampConfirmation, sql`${instant.toISOString()}::timestamptz`]
        : etape === 'validation'
          ? [reservation.timestampValidation, sql`${instant.toISOString()}::timestamptz`]
          : [reservation.rejetEmail, sql`1::smallint`];
  // one statement: a confirmation runs it while its levée is locked
  await tx.execute(sql`
    with derniere as (
      select ${reservation.idReservation} as id from ${reservation}
      where ${reservation.idSession} = ${session.idSession} and ${reservation.type} = ${session.type}
      order by ${reservation.idReservation} desc limit 1
    ), ecrite as (
      update ${reservation} set ${sql.identifier(colonne.name)} = ${seulementSiAbsente ? sql`coalesce(${sql.identifier(colonne.name)}, ${valeur})` : valeur}
      from derniere where ${reservation.idReservation} = derniere.id
    )
    insert into ${reservation} (type, id_session, langue, ${sql.identifier(colonne.name)})
    select ${session.type}::varchar, ${session.idSession}::varchar, ${session.langue}::varchar, ${valeur}
    where not exists (select 1 from derniere)`);
}
