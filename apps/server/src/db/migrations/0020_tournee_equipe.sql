CREATE TABLE "lien_equipe" (
	"id_lien_equipe" serial PRIMARY KEY NOT NULL,
	"id_levee" integer NOT NULL,
	"empreinte_jeton" varchar(64) NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	"cree_par" varchar(100) NOT NULL,
	"revoque_le" timestamp with time zone,
	"revoque_par" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "photo_resultat" (
	"id_client" varchar(36) PRIMARY KEY NOT NULL,
	"type" varchar(20) NOT NULL,
	"contenu" "bytea" NOT NULL,
	"recu_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resultat" (
	"id_resultat" serial PRIMARY KEY NOT NULL,
	"id_client" varchar(36) NOT NULL,
	"id_debarras" integer NOT NULL,
	"id_levee" integer NOT NULL,
	"code" varchar(12) NOT NULL,
	"remarque" varchar(500),
	"objets_restants" jsonb,
	"horodatage" timestamp with time zone NOT NULL,
	"recu_le" timestamp with time zone DEFAULT now() NOT NULL,
	"par" varchar(100) NOT NULL,
	"remplace" varchar(36),
	"etat" varchar(8) DEFAULT 'ACTUEL' NOT NULL,
	CONSTRAINT "resultat_client_unique" UNIQUE("id_client"),
	CONSTRAINT "resultat_code_check" CHECK ("resultat"."code" in ('LEVE', 'PARTIEL', 'ABSENT', 'INACCESSIBLE', 'REFUSE')),
	CONSTRAINT "resultat_etat_check" CHECK ("resultat"."etat" in ('ACTUEL', 'REMPLACE', 'CONFLIT'))
);
--> statement-breakpoint
ALTER TABLE "lien_equipe" ADD CONSTRAINT "lien_equipe_id_levee_levee_id_levee_fk" FOREIGN KEY ("id_levee") REFERENCES "public"."levee"("id_levee") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_resultat" ADD CONSTRAINT "photo_resultat_id_client_resultat_id_client_fk" FOREIGN KEY ("id_client") REFERENCES "public"."resultat"("id_client") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultat" ADD CONSTRAINT "resultat_id_debarras_debarras_id_debarras_fk" FOREIGN KEY ("id_debarras") REFERENCES "public"."debarras"("id_debarras") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultat" ADD CONSTRAINT "resultat_id_levee_levee_id_levee_fk" FOREIGN KEY ("id_levee") REFERENCES "public"."levee"("id_levee") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lien_equipe_jeton_idx" ON "lien_equipe" USING btree ("empreinte_jeton");--> statement-breakpoint
CREATE INDEX "lien_equipe_levee_idx" ON "lien_equipe" USING btree ("id_levee");--> statement-breakpoint
CREATE UNIQUE INDEX "resultat_actuel_idx" ON "resultat" USING btree ("id_debarras") WHERE "resultat"."etat" = 'ACTUEL';--> statement-breakpoint
CREATE INDEX "resultat_levee_idx" ON "resultat" USING btree ("id_levee");