CREATE TABLE "destinataire" (
	"id_destinataire" serial PRIMARY KEY NOT NULL,
	"destinataire" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"description" varchar(255) NOT NULL,
	"type" varchar(10) NOT NULL,
	"actif" smallint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "destinataire_type_check" CHECK ("destinataire"."type" in ('Word', 'Excel', 'Pdf')),
	CONSTRAINT "destinataire_actif_check" CHECK ("destinataire"."actif" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "log_evenement" (
	"id_log_evenement" serial PRIMARY KEY NOT NULL,
	"domaine" varchar(50) NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"type" smallint NOT NULL,
	"texte" text NOT NULL,
	CONSTRAINT "log_evenement_type_check" CHECK ("log_evenement"."type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "objet" (
	"id_objet" serial PRIMARY KEY NOT NULL,
	"libelle" varchar(255) NOT NULL,
	"libelle_ext" varchar(255) NOT NULL,
	"url" varchar(100) NOT NULL,
	"url_interdit" varchar(255),
	"ordre" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"actif" smallint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "objet_type_check" CHECK ("objet"."type" in ('Objet', 'Interdit')),
	CONSTRAINT "objet_actif_check" CHECK ("objet"."actif" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "reservation" (
	"id_reservation" serial PRIMARY KEY NOT NULL,
	"type" varchar(50) NOT NULL,
	"id_session" varchar(100) NOT NULL,
	"timestamp_reservation" timestamp with time zone,
	"timestamp_confirmation" timestamp with time zone,
	"timestamp_validation" timestamp with time zone,
	"rejet_email" smallint DEFAULT 0 NOT NULL,
	"langue" varchar(2)
);
--> statement-breakpoint
CREATE TABLE "secteur" (
	"id_secteur" serial PRIMARY KEY NOT NULL,
	"libelle" varchar(255) NOT NULL,
	"rive" smallint,
	"date_debut" date NOT NULL,
	"date_fin" date,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "secteur_libelle_unique" UNIQUE("libelle"),
	CONSTRAINT "secteur_rive_check" CHECK ("secteur"."rive" in (1, 2, 3))
);
--> statement-breakpoint
CREATE INDEX "log_evenement_date_idx" ON "log_evenement" USING btree ("date");--> statement-breakpoint
CREATE INDEX "reservation_timestamp_reservation_idx" ON "reservation" USING btree ("timestamp_reservation");