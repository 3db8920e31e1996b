CREATE TABLE "reservation_en_ligne" (
	"id_reservation_en_ligne" serial PRIMARY KEY NOT NULL,
	"id_debarras" integer NOT NULL,
	"empreinte_jeton" varchar(64) NOT NULL,
	"langue" varchar(2) NOT NULL,
	"id_session" varchar(100) NOT NULL,
	"empreinte_email" varchar(64) NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	"valide_le" timestamp with time zone,
	"libere_le" timestamp with time zone,
	"rappel_le" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reservation_en_ligne" ADD CONSTRAINT "reservation_en_ligne_id_debarras_debarras_id_debarras_fk" FOREIGN KEY ("id_debarras") REFERENCES "public"."debarras"("id_debarras") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_en_ligne_debarras_idx" ON "reservation_en_ligne" USING btree ("id_debarras");--> statement-breakpoint
CREATE INDEX "reservation_en_ligne_attente_idx" ON "reservation_en_ligne" USING btree ("cree_le") WHERE valide_le is null and libere_le is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_en_ligne_jeton_idx" ON "reservation_en_ligne" USING btree ("empreinte_jeton");--> statement-breakpoint
CREATE INDEX "reservation_en_ligne_email_idx" ON "reservation_en_ligne" USING btree ("empreinte_email","cree_le");--> statement-breakpoint
CREATE INDEX "reservation_id_session_idx" ON "reservation" USING btree ("id_session");