import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { colonnesAudit, octets, polygone } from './colonnes.js';

export const utilisateur = pgTable('utilisateur', {
  idUtilisateur: serial('id_utilisateur').primaryKey(),
  username: varchar('username', { length: 100 }).notNull().unique(),
  displayName: varchar('display_name', { length: 255 }).notNull(),
  roles: text('roles').array().notNull(),
  actif: boolean('actif').notNull().default(true),
  motDePasse: text('mot_de_passe').notNull(),
  /** A new password or a disable sets it: the sessions opened before are over for good (docs/regles.md « Sécurité »). */
  sessionsFermeesAvant: timestamp('sessions_fermees_avant', { withTimezone: true, mode: 'date' }),
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
  // by username (and address), and by address alone: the sign-in limits count both (modules/session)
  (t) => [
    index('echec_connexion_recherche_idx').on(t.username, t.adresseIp, t.date),
    index('echec_connexion_adresse_idx').on(t.adresseIp, t.date),
  ],
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

export const secteur = pgTable(
  'secteur',
  {
    idSecteur: serial('id_secteur').primaryKey(),
    libelle: varchar('libelle', { length: 255 }).notNull().unique(),
    rive: smallint('rive'),
    dateDebut: date('date_debut', { mode: 'string' }).notNull(),
    dateFin: date('date_fin', { mode: 'string' }),
    /** The area the sector serves, in LV95: it gives the addresses inside it their sector (docs/regles.md « Périmètres des secteurs »). */
    perimetre: polygone('perimetre'),
    ...colonnesAudit,
  },
  (t) => [check('secteur_rive_check', sql`${t.rive} in (1, 2, 3)`)],
);

export const objet = pgTable(
  'objet',
  {
    idObjet: serial('id_objet').primaryKey(),
    libelle: varchar('libelle', { length: 255 }).notNull(),
    libelleExt: varchar('libelle_ext', { length: 255 }).notNull(),
    url: varchar('url', { length: 100 }).notNull(),
    urlInterdit: varchar('url_interdit', { length: 255 }),
    libelleExtEn: varchar('libelle_ext_en', { length: 255 }),
    urlInterditEn: varchar('url_interdit_en', { length: 255 }),
    ordre: integer('ordre').notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    actif: smallint('actif').notNull().default(1),
    ...colonnesAudit,
  },
  (t) => [check('objet_type_check', sql`${t.type} in ('Objet', 'Interdit')`), check('objet_actif_check', sql`${t.actif} in (0, 1)`)],
);

export const destinataire = pgTable(
  'destinataire',
  {
    idDestinataire: serial('id_destinataire').primaryKey(),
    destinataire: varchar('destinataire', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    description: varchar('description', { length: 255 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    actif: smallint('actif').notNull().default(1),
    ...colonnesAudit,
  },
  (t) => [
    check('destinataire_type_check', sql`${t.type} in ('Word', 'Excel', 'Pdf')`),
    check('destinataire_actif_check', sql`${t.actif} in (0, 1)`),
  ],
);

/** The log the server's own work writes to (docs/regles.md « Messages »); append-only. */
export const logEvenement = pgTable(
  'log_evenement',
  {
    idLogEvenement: serial('id_log_evenement').primaryKey(),
    domaine: varchar('domaine', { length: 50 }).notNull(),
    date: timestamp('date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    type: smallint('type').notNull(),
    texte: text('texte').notNull(),
  },
  (t) => [index('log_evenement_date_idx').on(t.date), check('log_evenement_type_check', sql`${t.type} in (1, 2)`)],
);

/** The log of online bookings, stage by stage; append-only. */
export const reservation = pgTable(
  'reservation',
  {
    idReservation: serial('id_reservation').primaryKey(),
    type: varchar('type', { length: 50 }).notNull(),
    idSession: varchar('id_session', { length: 100 }).notNull(),
    timestampReservation: timestamp('timestamp_reservation', { withTimezone: true, mode: 'date' }),
    timestampConfirmation: timestamp('timestamp_confirmation', { withTimezone: true, mode: 'date' }),
    timestampValidation: timestamp('timestamp_validation', { withTimezone: true, mode: 'date' }),
    rejetEmail: smallint('rejet_email').notNull().default(0),
    langue: varchar('langue', { length: 2 }),
  },
  (t) => [index('reservation_timestamp_reservation_idx').on(t.timestampReservation), index('reservation_id_session_idx').on(t.idSession)],
);

/**
 * The address register (imported, or the synthetic demo set). `recherche` holds the address in
 * search form (normaliserRecherche) and carries the full-text index of the type-ahead.
 */
export const adresse = pgTable(
  'adresse',
  {
    idpAdr: varchar('idp_adr', { length: 30 }).primaryKey(),
    adresse: varchar('adresse', { length: 255 }).notNull(),
    typeVoie: varchar('type_voie', { length: 50 }),
    liant: varchar('liant', { length: 20 }),
    nomVoie: varchar('nom_voie', { length: 150 }).notNull(),
    noAdresse: varchar('no_adresse', { length: 20 }),
    commune: varchar('commune', { length: 100 }).notNull(),
    noPostal: varchar('no_postal', { length: 10 }).notNull(),
    nomNpa: varchar('nom_npa', { length: 100 }).notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    noCommune: integer('no_commune').notNull(),
    secteur: varchar('secteur', { length: 255 }),
    gestionnaire: varchar('gestionnaire', { length: 100 }),
    recherche: text('recherche').notNull(),
    /** Sort keys: the street in search form, then the house number's numeric part (2 < 10 < 10A). */
    triVoie: varchar('tri_voie', { length: 150 }).notNull(),
    triNumero: integer('tri_numero'),
    ...colonnesAudit,
  },
  (t) => [
    index('adresse_recherche_idx').using('gin', sql`to_tsvector('simple', ${t.recherche})`),
    index('adresse_tri_idx').on(t.triVoie, t.liant, t.typeVoie, t.triNumero, t.noAdresse),
    // the map's points by extent, the 2 m pick and the perimeters: core `point` + GiST (docs/decisions.md « Cartes sans PostGIS »)
    index('adresse_point_idx').using('gist', sql`point(${t.x}, ${t.y})`),
  ],
);

/**
 * An address the crews cannot serve at the door (docs/regles.md « Adresses exceptions »): a depot
 * point with its remarks, and works that block the street for a period. One per address.
 */
export const adresseException = pgTable(
  'adresse_exception',
  {
    id: serial('id').primaryKey(),
    idpAdr: varchar('idp_adr', { length: 30 }).notNull(),
    adresse: varchar('adresse', { length: 255 }).notNull(),
    remarqueInterne: text('remarque_interne'),
    remarquePublique: text('remarque_publique'),
    remarqueTravaux: text('remarque_travaux'),
    dateDebutTravaux: date('date_debut_travaux', { mode: 'string' }),
    dateFinTravaux: date('date_fin_travaux', { mode: 'string' }),
    xDepot: doublePrecision('x_depot'),
    yDepot: doublePrecision('y_depot'),
    xTravaux: doublePrecision('x_travaux'),
    yTravaux: doublePrecision('y_travaux'),
    actif: smallint('actif').notNull().default(1),
    ...colonnesAudit,
  },
  (t) => [
    uniqueIndex('adresse_exception_idp_adr_idx').on(t.idpAdr),
    index('adresse_exception_adresse_idx').on(t.adresse, t.id),
    check('adresse_exception_actif_check', sql`${t.actif} in (0, 1)`),
    check('adresse_exception_travaux_check', sql`${t.dateFinTravaux} >= ${t.dateDebutTravaux}`),
  ],
);

/**
 * Every word of the register's search form (`adresse.recherche`), once: a few thousand, among
 * which the address search finds the words closest to a mistyped one (trigram similarity) when no
 * address starts with it. Rebuilt after each write to the register.
 */
export const motAdresse = pgTable('mot_adresse', { mot: varchar('mot', { length: 150 }).primaryKey() }, (t) => [
  index('mot_adresse_trgm_idx').using('gin', t.mot.op('gin_trgm_ops')),
]);

/**
 * A collection round: standard (one per active sector and working day, planned by the job) or
 * supplementary (added by staff, with a name and possibly no sector).
 */
export const levee = pgTable(
  'levee',
  {
    idLevee: serial('id_levee').primaryKey(),
    dateLevee: date('date_levee', { mode: 'string' }).notNull(),
    idSecteur: integer('id_secteur').references(() => secteur.idSecteur),
    nom: varchar('nom', { length: 255 }),
    statut: varchar('statut', { length: 10 }).notNull().default('ACTIF'),
    supplementaire: smallint('supplementaire').notNull().default(0),
    nbDebarrasMax: integer('nb_debarras_max').notNull(),
    indisponibilite: integer('indisponibilite').notNull().default(0),
    kilometrage: doublePrecision('kilometrage'),
    /**
     * The stops' order set by hand (débarras ids), null for the computed order (docs/regles.md « Ordre de la
     * tournée »). A débarras that left the levée is skipped on reading, one that came is put at its cheapest place.
     */
    ordreManuel: integer('ordre_manuel').array(),
    ...colonnesAudit,
  },
  (t) => [
    // the planning job relies on it to never plan the same standard round twice
    uniqueIndex('levee_standard_secteur_date_idx')
      .on(t.idSecteur, t.dateLevee)
      .where(sql`${t.supplementaire} = 0`),
    index('levee_date_idx').on(t.dateLevee),
    check('levee_statut_check', sql`${t.statut} in ('ACTIF', 'ARCHIVE', 'SUPPRIME')`),
    check('levee_supplementaire_check', sql`${t.supplementaire} in (0, 1)`),
    check('levee_max_check', sql`${t.nbDebarrasMax} >= 0`),
    check('levee_kilometrage_check', sql`${t.kilometrage} >= 0`),
  ],
);

/**
 * A bulky-waste request. Its address is kept by idpAdr plus a copy of the label and sector as
 * they were when it was saved: re-importing the register must not rewrite history.
 */
export const debarras = pgTable(
  'debarras',
  {
    idDebarras: serial('id_debarras').primaryKey(),
    numero: varchar('numero', { length: 20 }).notNull(),
    statut: varchar('statut', { length: 30 }).notNull().default('ACTIF'),
    typeDemande: varchar('type_demande', { length: 10 }).notNull(),
    recurrent: boolean('recurrent').notNull().default(false),
    sauvage: boolean('sauvage').notNull().default(false),
    idpAdr: varchar('idp_adr', { length: 30 }).notNull(),
    adresse: varchar('adresse', { length: 255 }).notNull(),
    secteurAdresse: varchar('secteur_adresse', { length: 255 }),
    idLevee: integer('id_levee')
      .notNull()
      .references(() => levee.idLevee),
    nomPersonne: varchar('nom_personne', { length: 255 }),
    telephone: varchar('telephone', { length: 50 }),
    email: varchar('email', { length: 255 }),
    precisionLieu: text('precision_lieu'),
    inclurePrecisionLieu: boolean('inclure_precision_lieu').notNull().default(true),
    travaux: text('travaux'),
    remarqueLieu: text('remarque_lieu'),
    remarqueGenerale: text('remarque_generale'),
    remarqueObjet: text('remarque_objet'),
    punaises: boolean('punaises').notNull().default(false),
    punaisesDechets: boolean('punaises_dechets').notNull().default(false),
    pointDepotX: doublePrecision('point_depot_x'),
    pointDepotY: doublePrecision('point_depot_y'),
    ...colonnesAudit,
  },
  (t) => [
    uniqueIndex('debarras_numero_idx').on(t.numero),
    // the levée's counts, its débarras table and the capacity check
    index('debarras_levee_statut_idx').on(t.idLevee, t.statut),
    // the list's default: ACTIF, newest first
    index('debarras_statut_created_date_idx').on(t.statut, t.createdDate),
    index('debarras_created_date_idx').on(t.createdDate),
    index('debarras_idp_adr_idx').on(t.idpAdr),
    // The "Adresse" filter finds its labels in libelle_adresse, then its débarras here: the count and
    // the page's sort read this index alone, never the rows of a common street's thousands of requests.
    index('debarras_adresse_idx').on(t.adresse, t.statut, t.createdDate, t.idDebarras),
    // The other "contains" filters (ILIKE '%…%') cannot use a b-tree: trigram indexes (pg_trgm) serve
    // them, on the name without its accents as the filter reads it (`contient`). No b-tree on the name:
    // the planner would count a common fragment's matches by reading all of it (200 ms); sorting on it
    // is done after the statut index has narrowed the rows.
    // PGlite has no autovacuum to empty a GIN index's pending list, which every search reads through:
    // a small limit makes the writes themselves flush it.
    index('debarras_numero_trgm_idx').using('gin', t.numero.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }),
    index('debarras_nom_personne_trgm_idx')
      .using('gin', sql`sans_accents(${t.nomPersonne}) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
    index('debarras_email_trgm_idx')
      .using('gin', sql`sans_accents(${t.email}) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
    // the phone filter, on the number's digits read internationally (migration 0008)
    index('debarras_telephone_trgm_idx')
      .using('gin', sql`telephone_chiffres(${t.telephone}) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
    // the anonymisation's candidates only: once the history is done, it holds the last months' closed débarras
    index('debarras_a_anonymiser_idx')
      .on(t.idLevee)
      .where(
        sql`${t.statut} in ('ARCHIVE', 'SUPPRIME') and (${t.nomPersonne} is not null or ${t.telephone} is not null or ${t.email} is not null or ${t.remarqueGenerale} is not null)`,
      ),
    check('debarras_statut_check', sql`${t.statut} in ('ACTIF', 'ARCHIVE', 'SUPPRIME', 'EN_ATTENTE_VALIDATION')`),
    check('debarras_type_demande_check', sql`${t.typeDemande} in ('TELEPHONE', 'ORAL', 'ECRIT', 'INTERNET')`),
  ],
);

/**
 * Every address label a débarras has carried, once (about as many as the register has addresses,
 * against ten years of requests): the list's "Adresse" filter matches its fragment here, through a
 * trigram index, then reads the débarras by `debarras_adresse_idx`. Fed by triggers on `debarras`
 * (migration 0006), so every writer keeps it whole; a label no débarras carries any more matches
 * nothing and does no harm.
 */
export const libelleAdresse = pgTable('libelle_adresse', { adresse: varchar('adresse', { length: 255 }).primaryKey() }, (t) => [
  index('libelle_adresse_trgm_idx')
    .using('gin', sql`sans_accents(${t.adresse}) gin_trgm_ops`)
    .with({ gin_pending_list_limit: 64 }),
]);

/*
 * The statistics' summaries by levée month (docs/regles.md « Statistiques », docs/decisions.md « Statistiques
 * résumées ») : what the débarras of the month's levées count, recomputed from the débarras for each month that
 * triggers on `debarras`, `debarras_objet` and `levee` (migration 0023) mark in `statistique_a_recalculer`, before
 * the statistics read them. Exact: a month is read only once its mark is gone.
 */
export const statistiqueMois = pgTable(
  'statistique_mois',
  {
    mois: varchar('mois', { length: 7 }).notNull(),
    idSecteur: integer('id_secteur'),
    canal: varchar('canal', { length: 10 }).notNull(),
    statut: varchar('statut', { length: 30 }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('statistique_mois_mois_idx').on(t.mois)],
);

/** How many counted débarras of the month waited how many days: the month's median and 90th percentile. */
export const statistiqueAttente = pgTable(
  'statistique_attente',
  { mois: varchar('mois', { length: 7 }).notNull(), jours: integer('jours').notNull(), n: integer('n').notNull() },
  (t) => [primaryKey({ columns: [t.mois, t.jours] })],
);

/** The items of each object on the month's counted débarras. */
export const statistiqueObjet = pgTable(
  'statistique_objet',
  { mois: varchar('mois', { length: 7 }).notNull(), idObjet: integer('id_objet').notNull(), quantite: integer('quantite').notNull() },
  (t) => [primaryKey({ columns: [t.mois, t.idObjet] })],
);

/**
 * The months whose summaries a change has made stale, a month possibly more than once: without a key, a save that marks
 * a month never waits for a recomputation that holds that month's marks (migration 0026).
 */
export const statistiqueARecalculer = pgTable('statistique_a_recalculer', { mois: varchar('mois', { length: 7 }).notNull() }, (t) => [
  index('statistique_a_recalculer_mois_idx').on(t.mois),
]);

export const debarrasObjet = pgTable(
  'debarras_objet',
  {
    idDebarrasObjet: serial('id_debarras_objet').primaryKey(),
    idDebarras: integer('id_debarras')
      .notNull()
      .references(() => debarras.idDebarras, { onDelete: 'cascade' }),
    idObjet: integer('id_objet')
      .notNull()
      .references(() => objet.idObjet),
    quantite: smallint('quantite').notNull(),
    remarque: varchar('remarque', { length: 255 }),
    ...colonnesAudit,
  },
  (t) => [
    index('debarras_objet_debarras_idx').on(t.idDebarras),
    check('debarras_objet_quantite_check', sql`${t.quantite} between 1 and 100`),
  ],
);

/** Every change of a débarras, written in the transaction that makes it; append-only. */
export const debarrasJournal = pgTable(
  'debarras_journal',
  {
    idDebarrasJournal: serial('id_debarras_journal').primaryKey(),
    idDebarras: integer('id_debarras')
      .notNull()
      .references(() => debarras.idDebarras, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull(),
    dateJournal: timestamp('date_journal', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    utilisateur: varchar('utilisateur', { length: 100 }).notNull(),
  },
  (t) => [index('debarras_journal_debarras_idx').on(t.idDebarras, t.dateJournal)],
);

/** The last débarras number given each year; its row is locked by the creating transaction. */
export const compteurNumero = pgTable('compteur_numero', {
  annee: integer('annee').primaryKey(),
  dernier: integer('dernier').notNull(),
});

/**
 * What the evening sending of the route sheets did for each recipient and day (docs/regles.md « Envoi des feuilles
 * de route »): the unique key makes a recipient's day claimed by one run only, whatever the number of instances.
 */
export const envoiFeuilles = pgTable(
  'envoi_feuilles',
  {
    idEnvoiFeuilles: serial('id_envoi_feuilles').primaryKey(),
    dateFeuilles: date('date_feuilles', { mode: 'string' }).notNull(),
    idDestinataire: integer('id_destinataire')
      .notNull()
      .references(() => destinataire.idDestinataire, { onDelete: 'cascade' }),
    email: varchar('email', { length: 255 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    statut: varchar('statut', { length: 10 }).notNull(),
    tentatives: integer('tentatives').notNull().default(1),
    erreur: text('erreur'),
    ...colonnesAudit,
  },
  (t) => [
    uniqueIndex('envoi_feuilles_jour_destinataire_idx').on(t.dateFeuilles, t.idDestinataire),
    check('envoi_feuilles_statut_check', sql`${t.statut} in ('EN_COURS', 'ENVOYE', 'ECHEC')`),
  ],
);

/** An address's standing request on fixed weekdays (docs/regles.md « Récurrences »). */
export const recurrence = pgTable(
  'recurrence',
  {
    idRecurrence: serial('id_recurrence').primaryKey(),
    idpAdr: varchar('idp_adr', { length: 30 }).notNull(),
    adresse: varchar('adresse', { length: 255 }).notNull(),
    /** The weekdays, « lundi,jeudi », Monday to Friday in order. */
    jours: varchar('jours', { length: 60 }).notNull(),
    dateDebut: date('date_debut', { mode: 'string' }).notNull(),
    dateFin: date('date_fin', { mode: 'string' }),
    remarque: varchar('remarque', { length: 255 }),
    remarqueObjet: varchar('remarque_objet', { length: 255 }),
    actif: boolean('actif').notNull().default(true),
    nomPersonne: varchar('nom_personne', { length: 255 }),
    telephone: varchar('telephone', { length: 50 }),
    email: varchar('email', { length: 255 }),
    ...colonnesAudit,
  },
  (t) => [
    index('recurrence_actif_idx').on(t.actif),
    index('recurrence_idp_adr_idx').on(t.idpAdr),
    check('recurrence_dates_check', sql`${t.dateFin} is null or ${t.dateFin} >= ${t.dateDebut}`),
  ],
);

export const recurrenceObjet = pgTable(
  'recurrence_objet',
  {
    idRecurrenceObjet: serial('id_recurrence_objet').primaryKey(),
    idRecurrence: integer('id_recurrence')
      .notNull()
      .references(() => recurrence.idRecurrence, { onDelete: 'cascade' }),
    idObjet: integer('id_objet')
      .notNull()
      .references(() => objet.idObjet),
    quantite: integer('quantite').notNull(),
    remarque: varchar('remarque', { length: 255 }),
  },
  (t) => [
    uniqueIndex('recurrence_objet_idx').on(t.idRecurrence, t.idObjet),
    check('recurrence_objet_quantite_check', sql`${t.quantite} between 1 and 100`),
  ],
);

/**
 * The débarras a récurrence created, one per levée at most (the key): a re-run, or a second
 * instance, never creates it twice, even once staff moved the débarras to another levée.
 */
export const recurrenceLevee = pgTable(
  'recurrence_levee',
  {
    idRecurrence: integer('id_recurrence')
      .notNull()
      .references(() => recurrence.idRecurrence, { onDelete: 'cascade' }),
    idLevee: integer('id_levee')
      .notNull()
      .references(() => levee.idLevee),
    idDebarras: integer('id_debarras')
      .notNull()
      .references(() => debarras.idDebarras, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.idRecurrence, t.idLevee] }), index('recurrence_levee_levee_idx').on(t.idLevee)],
);

/** Each run of a scheduled job (docs/regles.md « Tâches planifiées »). */
export const tacheExecution = pgTable(
  'tache_execution',
  {
    idExecution: serial('id_execution').primaryKey(),
    tache: varchar('tache', { length: 30 }).notNull(),
    debut: timestamp('debut', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    fin: timestamp('fin', { withTimezone: true, mode: 'date' }),
    statut: varchar('statut', { length: 10 }).notNull().default('EN_COURS'),
    bilan: text('bilan'),
    declencheur: varchar('declencheur', { length: 100 }).notNull(),
    /**
     * The due time a scheduled run answers (`2026-11-29` for the night's, `2026-11-29T17:15` for a quarter-hour's):
     * one run per job and due time, whichever server takes it first (docs/architecture.md « Tâches planifiées »).
     * Empty for a run started by hand or at start-up.
     */
    echeance: varchar('echeance', { length: 20 }),
  },
  (t) => [
    index('tache_execution_tache_debut_idx').on(t.tache, t.debut),
    uniqueIndex('tache_execution_tache_echeance_uniq').on(t.tache, t.echeance),
    check('tache_execution_statut_check', sql`${t.statut} in ('EN_COURS', 'OK', 'KO')`),
  ],
);

/**
 * An online booking's link to its débarras (docs/regles.md « Réservation en ligne »): the resident's link
 * holds a token whose SHA-256 alone is kept here, never the débarras' id.
 */
export const reservationEnLigne = pgTable(
  'reservation_en_ligne',
  {
    idReservationEnLigne: serial('id_reservation_en_ligne').primaryKey(),
    idDebarras: integer('id_debarras')
      .notNull()
      .references(() => debarras.idDebarras, { onDelete: 'cascade' }),
    empreinteJeton: varchar('empreinte_jeton', { length: 64 }).notNull(),
    langue: varchar('langue', { length: 2 }).notNull(),
    /** The booking session that created it, whose log row the validation completes. */
    idSession: varchar('id_session', { length: 100 }).notNull(),
    /**
     * SHA-256 of the mailbox the e-mail address reaches (lower case, without `+tag`, without the dots a provider
     * ignores): the per-mailbox limits, without keeping the address twice.
     */
    empreinteEmail: varchar('empreinte_email', { length: 64 }).notNull(),
    /** SHA-256 of the client address the booking came from: its limit of bookings awaiting validation (none before 0015). */
    empreinteClient: varchar('empreinte_client', { length: 64 }),
    creeLe: timestamp('cree_le', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    valideLe: timestamp('valide_le', { withTimezone: true, mode: 'date' }),
    /** When its place was released for want of validation. */
    libereLe: timestamp('libere_le', { withTimezone: true, mode: 'date' }),
    rappelLe: timestamp('rappel_le', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('reservation_en_ligne_debarras_idx').on(t.idDebarras),
    // the bookings still waiting for validation, which the release job reads
    index('reservation_en_ligne_attente_idx')
      .on(t.creeLe)
      .where(sql`valide_le is null and libere_le is null`),
    uniqueIndex('reservation_en_ligne_jeton_idx').on(t.empreinteJeton),
    // the per-address limit of confirmations, over the last hour
    index('reservation_en_ligne_email_idx').on(t.empreinteEmail, t.creeLe),
    // the per-client-address limit of bookings awaiting validation
    index('reservation_en_ligne_client_idx').on(t.empreinteClient),
  ],
);

/**
 * A levée's crews' link (docs/regles.md « Tournée des équipes »): the SHA-256 of its token alone is kept, never the
 * token. Valid over the levée's dates (computed when read); « Nouveau lien équipe » revokes the levée's others.
 */
export const lienEquipe = pgTable(
  'lien_equipe',
  {
    idLienEquipe: serial('id_lien_equipe').primaryKey(),
    idLevee: integer('id_levee')
      .notNull()
      .references(() => levee.idLevee),
    empreinteJeton: varchar('empreinte_jeton', { length: 64 }).notNull(),
    creeLe: timestamp('cree_le', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    creePar: varchar('cree_par', { length: 100 }).notNull(),
    revoqueLe: timestamp('revoque_le', { withTimezone: true, mode: 'date' }),
    revoquePar: varchar('revoque_par', { length: 100 }),
  },
  (t) => [uniqueIndex('lien_equipe_jeton_idx').on(t.empreinteJeton), index('lien_equipe_levee_idx').on(t.idLevee)],
);

/**
 * What a crew (or staff) found at a stop: one visit is a débarras on one levée. One ACTUEL per visit at most (a
 * replanned débarras keeps what was found on its earlier levée and gets its own on the next); a correction turns the one it names
 * REMPLACE; a second result that names no standing one is kept as a CONFLIT for staff to see. `id_client` is the
 * phone's UUID: sending twice records once.
 */
export const resultat = pgTable(
  'resultat',
  {
    idResultat: serial('id_resultat').primaryKey(),
    idClient: varchar('id_client', { length: 36 }).notNull().unique('resultat_client_unique'),
    idDebarras: integer('id_debarras')
      .notNull()
      .references(() => debarras.idDebarras, { onDelete: 'cascade' }),
    /** The levée the result was recorded on (a débarras may be replanned afterwards). */
    idLevee: integer('id_levee')
      .notNull()
      .references(() => levee.idLevee),
    code: varchar('code', { length: 12 }).notNull(),
    remarque: varchar('remarque', { length: 500 }),
    objetsRestants: jsonb('objets_restants').$type<Array<{ idObjet: number; quantite: number }>>(),
    /** The phone's time of the result. */
    horodatage: timestamp('horodatage', { withTimezone: true, mode: 'date' }).notNull(),
    recuLe: timestamp('recu_le', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** « équipe (lien n) » or the staff member's user name. */
    par: varchar('par', { length: 100 }).notNull(),
    remplace: varchar('remplace', { length: 36 }),
    etat: varchar('etat', { length: 8 }).notNull().default('ACTUEL'),
  },
  (t) => [
    uniqueIndex('resultat_visite_actuel_idx')
      .on(t.idDebarras, t.idLevee)
      .where(sql`${t.etat} = 'ACTUEL'`),
    index('resultat_levee_idx').on(t.idLevee),
    check('resultat_code_check', sql`${t.code} in ('LEVE', 'PARTIEL', 'ABSENT', 'INACCESSIBLE', 'REFUSE')`),
    check('resultat_etat_check', sql`${t.etat} in ('ACTUEL', 'REMPLACE', 'CONFLIT')`),
  ],
);

/** A result's photo, resized by the phone (≤ 500 KB), its type read from its first bytes. */
export const photoResultat = pgTable('photo_resultat', {
  idClient: varchar('id_client', { length: 36 })
    .primaryKey()
    .references(() => resultat.idClient, { onDelete: 'cascade' }),
  type: varchar('type', { length: 20 }).notNull(),
  contenu: octets('contenu').notNull(),
  recuLe: timestamp('recu_le', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A resident's report « Mes objets n'ont pas été levés » (docs/regles.md « Signalements »): one per booking, on the
 * levée it names; OUVERT until staff replan the débarras or answer and close it.
 */
export const signalement = pgTable(
  'signalement',
  {
    idSignalement: serial('id_signalement').primaryKey(),
    idDebarras: integer('id_debarras')
      .notNull()
      .unique('signalement_debarras_unique')
      .references(() => debarras.idDebarras, { onDelete: 'cascade' }),
    idLevee: integer('id_levee')
      .notNull()
      .references(() => levee.idLevee),
    recuLe: timestamp('recu_le', { withTimezone: true, mode: 'date' }).notNull(),
    remarque: varchar('remarque', { length: 500 }),
    /** The page's language: the answer's e-mail is written in it. */
    langue: varchar('langue', { length: 2 }).notNull(),
    etat: varchar('etat', { length: 8 }).notNull().default('OUVERT'),
    resolution: varchar('resolution', { length: 12 }),
    /** The levée a replanning moved the débarras to. */
    idLeveeNouvelle: integer('id_levee_nouvelle').references(() => levee.idLevee),
    reponse: varchar('reponse', { length: 500 }),
    resoluLe: timestamp('resolu_le', { withTimezone: true, mode: 'date' }),
    resoluPar: varchar('resolu_par', { length: 100 }),
  },
  (t) => [
    index('signalement_etat_idx').on(t.etat, t.recuLe),
    check('signalement_etat_check', sql`${t.etat} in ('OUVERT', 'RESOLU')`),
    check('signalement_resolution_check', sql`${t.resolution} is null or ${t.resolution} in ('REPLANIFIE', 'CLOS')`),
  ],
);
