CREATE TABLE "envoi_feuilles" (
	"id_envoi_feuilles" serial PRIMARY KEY NOT NULL,
	"date_feuilles" date NOT NULL,
	"id_destinataire" integer NOT NULL,
	"email" varchar(255) NOT NULL,
	"type" varchar(10) NOT NULL,
	"statut" varchar(10) NOT NULL,
	"tentatives" integer DEFAULT 1 NOT NULL,
	"erreur" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "envoi_feuilles_statut_check" CHECK ("envoi_feuilles"."statut" in ('EN_COURS', 'ENVOYE', 'ECHEC'))
);
--> statement-breakpoint
ALTER TABLE "envoi_feuilles" ADD CONSTRAINT "envoi_feuilles_id_destinataire_destinataire_id_destinataire_fk" FOREIGN KEY ("id_destinataire") REFERENCES "public"."destinataire"("id_destinataire") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "envoi_feuilles_jour_destinataire_idx" ON "envoi_feuilles" USING btree ("date_feuilles","id_destinataire");