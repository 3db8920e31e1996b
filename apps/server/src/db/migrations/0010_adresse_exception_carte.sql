CREATE TABLE "adresse_exception" (
	"id" serial PRIMARY KEY NOT NULL,
	"idp_adr" varchar(30) NOT NULL,
	"adresse" varchar(255) NOT NULL,
	"remarque_interne" text,
	"remarque_publique" text,
	"remarque_travaux" text,
	"date_debut_travaux" date,
	"date_fin_travaux" date,
	"x_depot" double precision,
	"y_depot" double precision,
	"x_travaux" double precision,
	"y_travaux" double precision,
	"actif" smallint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "adresse_exception_actif_check" CHECK ("adresse_exception"."actif" in (0, 1)),
	CONSTRAINT "adresse_exception_travaux_check" CHECK ("adresse_exception"."date_fin_travaux" >= "adresse_exception"."date_debut_travaux")
);
--> statement-breakpoint
ALTER TABLE "secteur" ADD COLUMN "perimetre" "polygon";--> statement-breakpoint
CREATE UNIQUE INDEX "adresse_exception_idp_adr_idx" ON "adresse_exception" USING btree ("idp_adr");--> statement-breakpoint
CREATE INDEX "adresse_exception_adresse_idx" ON "adresse_exception" USING btree ("adresse","id");--> statement-breakpoint
CREATE INDEX "adresse_point_idx" ON "adresse" USING gist (point("x", "y"));