CREATE TABLE "compteur_numero" (
	"annee" integer PRIMARY KEY NOT NULL,
	"dernier" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debarras" (
	"id_debarras" serial PRIMARY KEY NOT NULL,
	"numero" varchar(20) NOT NULL,
	"statut" varchar(30) DEFAULT 'ACTIF' NOT NULL,
	"type_demande" varchar(10) NOT NULL,
	"recurrent" boolean DEFAULT false NOT NULL,
	"sauvage" boolean DEFAULT false NOT NULL,
	"idp_adr" varchar(30) NOT NULL,
	"adresse" varchar(255) NOT NULL,
	"secteur_adresse" varchar(255),
	"id_levee" integer NOT NULL,
	"nom_personne" varchar(255),
	"telephone" varchar(50),
	"email" varchar(255),
	"precision_lieu" text,
	"inclure_precision_lieu" boolean DEFAULT true NOT NULL,
	"travaux" text,
	"remarque_lieu" text,
	"remarque_generale" text,
	"remarque_objet" text,
	"punaises" boolean DEFAULT false NOT NULL,
	"punaises_dechets" boolean DEFAULT false NOT NULL,
	"point_depot_x" double precision,
	"point_depot_y" double precision,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "debarras_statut_check" CHECK ("debarras"."statut" in ('ACTIF', 'ARCHIVE', 'SUPPRIME', 'EN_ATTENTE_VALIDATION')),
	CONSTRAINT "debarras_type_demande_check" CHECK ("debarras"."type_demande" in ('TELEPHONE', 'ORAL', 'ECRIT', 'INTERNET'))
);
--> statement-breakpoint
CREATE TABLE "debarras_journal" (
	"id_debarras_journal" serial PRIMARY KEY NOT NULL,
	"id_debarras" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"date_journal" timestamp with time zone DEFAULT now() NOT NULL,
	"utilisateur" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debarras_objet" (
	"id_debarras_objet" serial PRIMARY KEY NOT NULL,
	"id_debarras" integer NOT NULL,
	"id_objet" integer NOT NULL,
	"quantite" smallint NOT NULL,
	"remarque" varchar(255),
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "debarras_objet_quantite_check" CHECK ("debarras_objet"."quantite" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "debarras" ADD CONSTRAINT "debarras_id_levee_levee_id_levee_fk" FOREIGN KEY ("id_levee") REFERENCES "public"."levee"("id_levee") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debarras_journal" ADD CONSTRAINT "debarras_journal_id_debarras_debarras_id_debarras_fk" FOREIGN KEY ("id_debarras") REFERENCES "public"."debarras"("id_debarras") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debarras_objet" ADD CONSTRAINT "debarras_objet_id_debarras_debarras_id_debarras_fk" FOREIGN KEY ("id_debarras") REFERENCES "public"."debarras"("id_debarras") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debarras_objet" ADD CONSTRAINT "debarras_objet_id_objet_objet_id_objet_fk" FOREIGN KEY ("id_objet") REFERENCES "public"."objet"("id_objet") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "debarras_numero_idx" ON "debarras" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "debarras_levee_statut_idx" ON "debarras" USING btree ("id_levee","statut");--> statement-breakpoint
CREATE INDEX "debarras_statut_created_date_idx" ON "debarras" USING btree ("statut","created_date");--> statement-breakpoint
CREATE INDEX "debarras_created_date_idx" ON "debarras" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "debarras_idp_adr_idx" ON "debarras" USING btree ("idp_adr");--> statement-breakpoint
CREATE INDEX "debarras_adresse_idx" ON "debarras" USING btree ("adresse");--> statement-breakpoint
CREATE INDEX "debarras_nom_personne_idx" ON "debarras" USING btree ("nom_personne");--> statement-breakpoint
CREATE INDEX "debarras_journal_debarras_idx" ON "debarras_journal" USING btree ("id_debarras","date_journal");--> statement-breakpoint
CREATE INDEX "debarras_objet_debarras_idx" ON "debarras_objet" USING btree ("id_debarras");