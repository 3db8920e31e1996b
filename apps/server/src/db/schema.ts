import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { colonnesAudit } from './colonnes.js';

export const utilisateur = pgTable('utilisateur', {
  idUtilisateur: serial('id_utilisateur').primaryKey(),
  username: varchar('username', { length: 100 }).notNull().unique(),
  displayName: varchar('display_name', { length: 255 }).notNull(),
  roles: text('roles').array().notNull(),
  actif: boolean('actif').notNull().default(true),
  motDePasse: text('mot_de_passe').notNull(),
  ...colonnesAudit,
});

/** A signed-in browser: the cookie carries a random token, the row only its SHA-256. */
export const session = pgTable(
  'session',
  {
    idSession: varchar('id_session', { length: 64 }).primaryKey(),
    idUtilisateur: integer('id_utilisateur')
      .notNull()
      .references(() => utilisateur.idUtilisateur, { onDelete: 'cascade' }),
    creeLe: timestamp('cree_le', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    derniereActivite: timestamp('derniere_activite', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    adresseIp: varchar('adresse_ip', { length: 64 }),
  },
  (t) => [index('session_derniere_activite_idx').on(t.derniereActivite)],
);

export const echecConnexion = pgTable(
  'echec_connexion',
  {
    idEchec: serial('id_echec').primaryKey(),
    username: varchar('username', { length: 100 }).notNull(),
    adresseIp: varchar('adresse_ip', { length: 64 }).notNull(),
    date: timestamp('date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('echec_connexion_recherche_idx').on(t.username, t.adresseIp, t.date)],
);

export const commune = pgTable('commune', {
  code: integer('code').primaryKey(),
  libelle: varchar('libelle', { length: 100 }).notNull(),
});

export const parametre = pgTable('parametre', {
  idParametre: serial('id_parametre').primaryKey(),
  cle: varchar('cle', { length: 255 }).notNull().unique(),
  valeur: varchar('valeur', { length: 255 }).notNull(),
  description: varchar('description', { length: 255 }),
  ...colonnesAudit,
});
