CREATE TABLE "commune" (
	"code" integer PRIMARY KEY NOT NULL,
	"libelle" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "echec_connexion" (
	"id_echec" serial PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"adresse_ip" varchar(64) NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parametre" (
	"id_parametre" serial PRIMARY KEY NOT NULL,
	"cle" varchar(255) NOT NULL,
	"valeur" varchar(255) NOT NULL,
	"description" varchar(255),
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "parametre_cle_unique" UNIQUE("cle")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id_session" varchar(64) PRIMARY KEY NOT NULL,
	"id_utilisateur" integer NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	"derniere_activite" timestamp with time zone DEFAULT now() NOT NULL,
	"adresse_ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "utilisateur" (
	"id_utilisateur" serial PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"display_name" varchar(255) NOT NULL,
	"roles" text[] NOT NULL,
	"actif" boolean DEFAULT true NOT NULL,
	"mot_de_passe" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" varchar(100) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "utilisateur_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_id_utilisateur_utilisateur_id_utilisateur_fk" FOREIGN KEY ("id_utilisateur") REFERENCES "public"."utilisateur"("id_utilisateur") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "echec_connexion_recherche_idx" ON "echec_connexion" USING btree ("username","adresse_ip","date");--> statement-breakpoint
CREATE INDEX "session_derniere_activite_idx" ON "session" USING btree ("derniere_activite");