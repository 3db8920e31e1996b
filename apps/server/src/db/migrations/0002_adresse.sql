CREATE TABLE "adresse" (
	"idp_adr" varchar(30) PRIMARY KEY NOT NULL,
	"adresse" varchar(255) NOT NULL,
	"type_voie" varchar(50),
	"liant" varchar(20),
	"nom_voie" varchar(150) NOT NULL,
	"no_adresse" varchar(20),
	"commune" varchar(100) NOT NULL,
	"no_postal" varchar(10) NOT NULL,
	"nom_npa" varchar(100) NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"no_commune" integer NOT NULL,
	"secteur" varchar(255),
	"gestionnaire" varchar(100),
	"recherche" text NOT NULL,
	"tri_voie" varchar(150) NOT NULL,
	"tri_numero" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "adresse_recherche_idx" ON "adresse" USING gin (to_tsvector('simple', "recherche"));--> statement-breakpoint
CREATE INDEX "adresse_tri_idx" ON "adresse" USING btree ("tri_voie","liant","type_voie","tri_numero","no_adresse");