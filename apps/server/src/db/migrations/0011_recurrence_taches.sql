CREATE TABLE "recurrence" (
	"id_recurrence" serial PRIMARY KEY NOT NULL,
	"idp_adr" varchar(30) NOT NULL,
	"adresse" varchar(255) NOT NULL,
	"jours" varchar(60) NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date,
	"remarque" varchar(255),
	"remarque_objet" varchar(255),
	"actif" boolean DEFAULT true NOT NULL,
	"nom_personne" varchar(255),
	"telephone" varchar(50),
	"email" varchar(255),
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recurrence_dates_check" CHECK ("recurrence"."date_fin" is null or "recurrence"."date_fin" >= "recurrence"."date_debut")
);
--> statement-breakpoint
CREATE TABLE "recurrence_levee" (
	"id_recurrence" integer NOT NULL,
	"id_levee" integer NOT NULL,
	"id_debarras" integer NOT NULL,
	CONSTRAINT "recurrence_levee_id_recurrence_id_levee_pk" PRIMARY KEY("id_recurrence","id_levee")
);
--> statement-breakpoint
CREATE TABLE "recurrence_objet" (
	"id_recurrence_objet" serial PRIMARY KEY NOT NULL,
	"id_recurrence" integer NOT NULL,
	"id_objet" integer NOT NULL,
	"quantite" integer NOT NULL,
	"remarque" varchar(255),
	CONSTRAINT "recurrence_objet_quantite_check" CHECK ("recurrence_objet"."quantite" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "tache_execution" (
	"id_execution" serial PRIMARY KEY NOT NULL,
	"tache" varchar(30) NOT NULL,
	"debut" timestamp with time zone DEFAULT now() NOT NULL,
	"fin" timestamp with time zone,
	"statut" varchar(10) DEFAULT 'EN_COURS' NOT NULL,
	"bilan" text,
	"declencheur" varchar(100) NOT NULL,
	CONSTRAINT "tache_execution_statut_check" CHECK ("tache_execution"."statut" in ('EN_COURS', 'OK', 'KO'))
);
--> statement-breakpoint
ALTER TABLE "recurrence_levee" ADD CONSTRAINT "recurrence_levee_id_recurrence_recurrence_id_recurrence_fk" FOREIGN KEY ("id_recurrence") REFERENCES "public"."recurrence"("id_recurrence") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrence_levee" ADD CONSTRAINT "recurrence_levee_id_levee_levee_id_levee_fk" FOREIGN KEY ("id_levee") REFERENCES "public"."levee"("id_levee") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrence_levee" ADD CONSTRAINT "recurrence_levee_id_debarras_debarras_id_debarras_fk" FOREIGN KEY ("id_debarras") REFERENCES "public"."debarras"("id_debarras") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrence_objet" ADD CONSTRAINT "recurrence_objet_id_recurrence_recurrence_id_recurrence_fk" FOREIGN KEY ("id_recurrence") REFERENCES "public"."recurrence"("id_recurrence") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrence_objet" ADD CONSTRAINT "recurrence_objet_id_objet_objet_id_objet_fk" FOREIGN KEY ("id_objet") REFERENCES "public"."objet"("id_objet") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurrence_actif_idx" ON "recurrence" USING btree ("actif");--> statement-breakpoint
CREATE INDEX "recurrence_idp_adr_idx" ON "recurrence" USING btree ("idp_adr");--> statement-breakpoint
CREATE INDEX "recurrence_levee_levee_idx" ON "recurrence_levee" USING btree ("id_levee");--> statement-breakpoint
CREATE UNIQUE INDEX "recurrence_objet_idx" ON "recurrence_objet" USING btree ("id_recurrence","id_objet");--> statement-breakpoint
CREATE INDEX "tache_execution_tache_debut_idx" ON "tache_execution" USING btree ("tache","debut");--> statement-breakpoint
CREATE INDEX "debarras_a_anonymiser_idx" ON "debarras" USING btree ("id_levee") WHERE "debarras"."statut" in ('ARCHIVE', 'SUPPRIME') and ("debarras"."nom_personne" is not null or "debarras"."telephone" is not null or "debarras"."email" is not null or "debarras"."remarque_generale" is not null);