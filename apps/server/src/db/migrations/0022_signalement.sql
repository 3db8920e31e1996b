CREATE TABLE "signalement" (
	"id_signalement" serial PRIMARY KEY NOT NULL,
	"id_debarras" integer NOT NULL,
	"id_levee" integer NOT NULL,
	"recu_le" timestamp with time zone NOT NULL,
	"remarque" varchar(500),
	"langue" varchar(2) NOT NULL,
	"etat" varchar(8) DEFAULT 'OUVERT' NOT NULL,
	"resolution" varchar(12),
	"id_levee_nouvelle" integer,
	"reponse" varchar(500),
	"resolu_le" timestamp with time zone,
	"resolu_par" varchar(100),
	CONSTRAINT "signalement_debarras_unique" UNIQUE("id_debarras"),
	CONSTRAINT "signalement_etat_check" CHECK ("signalement"."etat" in ('OUVERT', 'RESOLU')),
	CONSTRAINT "signalement_resolution_check" CHECK ("signalement"."resolution" is null or "signalement"."resolution" in ('REPLANIFIE', 'CLOS'))
);
--> statement-breakpoint
ALTER TABLE "signalement" ADD CONSTRAINT "signalement_id_debarras_debarras_id_debarras_fk" FOREIGN KEY ("id_debarras") REFERENCES "public"."debarras"("id_debarras") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signalement" ADD CONSTRAINT "signalement_id_levee_levee_id_levee_fk" FOREIGN KEY ("id_levee") REFERENCES "public"."levee"("id_levee") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signalement" ADD CONSTRAINT "signalement_id_levee_nouvelle_levee_id_levee_fk" FOREIGN KEY ("id_levee_nouvelle") REFERENCES "public"."levee"("id_levee") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signalement_etat_idx" ON "signalement" USING btree ("etat","recu_le");