CREATE TABLE "statistique_a_recalculer" (
	"mois" varchar(7) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statistique_attente" (
	"mois" varchar(7) NOT NULL,
	"jours" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "statistique_attente_mois_jours_pk" PRIMARY KEY("mois","jours")
);
--> statement-breakpoint
CREATE TABLE "statistique_mois" (
	"mois" varchar(7) NOT NULL,
	"id_secteur" integer,
	"canal" varchar(10) NOT NULL,
	"statut" varchar(30) NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statistique_objet" (
	"mois" varchar(7) NOT NULL,
	"id_objet" integer NOT NULL,
	"quantite" integer NOT NULL,
	CONSTRAINT "statistique_objet_mois_id_objet_pk" PRIMARY KEY("mois","id_objet")
);
--> statement-breakpoint
CREATE INDEX "statistique_mois_mois_idx" ON "statistique_mois" USING btree ("mois");--> statement-breakpoint
-- The months a change makes stale (docs/decisions.md « Statistiques résumées »): those of the levées of the débarras
-- written, once per statement, whatever wrote them.
CREATE FUNCTION "statistique_marquer_debarras_ecrits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "statistique_a_recalculer" ("mois")
    SELECT DISTINCT to_char(l."date_levee", 'YYYY-MM') FROM "debarras_ecrits" d JOIN "levee" l ON l."id_levee" = d."id_levee"
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "debarras_statistique_insert" AFTER INSERT ON "debarras" REFERENCING NEW TABLE AS "debarras_ecrits"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistique_marquer_debarras_ecrits"();--> statement-breakpoint
CREATE TRIGGER "debarras_statistique_delete" AFTER DELETE ON "debarras" REFERENCING OLD TABLE AS "debarras_ecrits"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistique_marquer_debarras_ecrits"();--> statement-breakpoint
-- An update marks the old and the new levée's months, only when what the statistics count changed (not a name, nor
-- the anonymisation's blanks).
CREATE FUNCTION "statistique_marquer_debarras_modifies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "statistique_a_recalculer" ("mois")
    SELECT DISTINCT to_char(l."date_levee", 'YYYY-MM')
    FROM "debarras_avant" a JOIN "debarras_apres" n ON n."id_debarras" = a."id_debarras"
    JOIN "levee" l ON l."id_levee" IN (a."id_levee", n."id_levee")
    WHERE (a."id_levee", a."statut", a."type_demande", a."recurrent", a."created_date")
      IS DISTINCT FROM (n."id_levee", n."statut", n."type_demande", n."recurrent", n."created_date")
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "debarras_statistique_update" AFTER UPDATE ON "debarras" REFERENCING OLD TABLE AS "debarras_avant" NEW TABLE AS "debarras_apres"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistique_marquer_debarras_modifies"();--> statement-breakpoint
-- A débarras's objects: its levée's month.
CREATE FUNCTION "statistique_marquer_objets_ecrits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "statistique_a_recalculer" ("mois")
    SELECT DISTINCT to_char(l."date_levee", 'YYYY-MM')
    FROM "objets_ecrits" o JOIN "debarras" d ON d."id_debarras" = o."id_debarras" JOIN "levee" l ON l."id_levee" = d."id_levee"
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "debarras_objet_statistique_insert" AFTER INSERT ON "debarras_objet" REFERENCING NEW TABLE AS "objets_ecrits"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistique_marquer_objets_ecrits"();--> statement-breakpoint
CREATE TRIGGER "debarras_objet_statistique_update" AFTER UPDATE ON "debarras_objet" REFERENCING NEW TABLE AS "objets_ecrits"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistique_marquer_objets_ecrits"();--> statement-breakpoint
-- Deleted with their débarras (cascade), they are found no more: the débarras's own trigger marks the month.
CREATE TRIGGER "debarras_objet_statistique_delete" AFTER DELETE ON "debarras_objet" REFERENCING OLD TABLE AS "objets_ecrits"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistique_marquer_objets_ecrits"();--> statement-breakpoint
-- A levée moved to another day or sector: both months.
CREATE FUNCTION "statistique_marquer_levees_modifiees"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "statistique_a_recalculer" ("mois")
    SELECT DISTINCT to_char(j, 'YYYY-MM')
    FROM "levees_avant" a JOIN "levees_apres" n ON n."id_levee" = a."id_levee", unnest(ARRAY[a."date_levee", n."date_levee"]) j
    WHERE (a."date_levee", a."id_secteur") IS DISTINCT FROM (n."date_levee", n."id_secteur")
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "levee_statistique_update" AFTER UPDATE ON "levee" REFERENCING OLD TABLE AS "levees_avant" NEW TABLE AS "levees_apres"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistique_marquer_levees_modifiees"();--> statement-breakpoint
-- Every month with levées is computed on its first reading.
INSERT INTO "statistique_a_recalculer" ("mois") SELECT DISTINCT to_char("date_levee", 'YYYY-MM') FROM "levee";
