import { customType, integer, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Who created and last changed a row, and its optimistic-locking version (docs/regles.md « Conventions HTTP »). */
export const colonnesAudit = {
  createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdBy: varchar('created_by', { length: 100 }).notNull(),
  lastModifiedDate: timestamp('last_modified_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastModifiedBy: varchar('last_modified_by', { length: 100 }).notNull(),
  version: integer('version').notNull().default(0),
};

/**
 * Core PostgreSQL `polygon` (no PostGIS: PGlite has none), read and written as its text form
 * `((x1,y1),(x2,y2),…)`; the secteur module turns it into LV95 vertices.
 */
export const polygone = customType<{ data: string; driverData: string }>({ dataType: () => 'polygon' });

/** `bytea`, read and written as a Node Buffer (a crew's photo). */
export const octets = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (valeur) => (Buffer.isBuffer(valeur) ? valeur : Buffer.from(valeur)),
});
