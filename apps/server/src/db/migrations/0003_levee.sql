CREATE TABLE "levee" (
	"id_levee" serial PRIMARY KEY NOT NULL,
	"date_levee" date NOT NULL,
	"id_secteur" integer,
	"nom" varchar(255),
	"statut" varchar(10) DEFAULT 'ACTIF' NOT NULL,
	"supplementaire" smallint DEFAULT 0 NOT NULL,
	"nb_debarras_max" integer NOT NULL,
	"indisponibilite" integer DEFAULT 0 NOT NULL,
	"kilometrage" double precision,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "levee_statut_check" CHECK ("levee"."statut" in ('ACTIF', 'ARCHIVE', 'SUPPRIME')),
	CONSTRAINT "levee_supplementaire_check" CHECK ("levee"."supplementaire" in (0, 1)),
	CONSTRAINT "levee_max_check" CHECK ("levee"."nb_debarras_max" >= 0),
	CONSTRAINT "levee_kilometrage_check" CHECK ("levee"."kilometrage" >= 0)
);
--> statement-breakpoint
ALTER TABLE "levee" ADD CONSTRAINT "levee_id_secteur_secteur_id_secteur_fk" FOREIGN KEY ("id_secteur") REFERENCES "public"."secteur"("id_secteur") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "levee_standard_secteur_date_idx" ON "levee" USING btree ("id_secteur","date_levee") WHERE "levee"."supplementaire" = 0;--> statement-breakpoint
CREATE INDEX "levee_date_idx" ON "levee" USING btree ("date_levee");