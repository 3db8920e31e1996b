CREATE TABLE "libelle_adresse" (
	"adresse" varchar(255) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "debarras_adresse_trgm_idx";--> statement-breakpoint
CREATE INDEX "libelle_adresse_trgm_idx" ON "libelle_adresse" USING gin ("adresse" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "debarras_adresse_idx" ON "debarras" USING btree ("adresse","statut","created_date","id_debarras");--> statement-breakpoint
-- Inserts, once per statement: a bulk load (demo data, bench) adds its labels in one INSERT … SELECT.
CREATE FUNCTION "libelle_adresse_ajouter"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "libelle_adresse" ("adresse") SELECT DISTINCT "adresse" FROM "debarras_ecrits" ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "debarras_libelle_adresse_insert" AFTER INSERT ON "debarras" REFERENCING NEW TABLE AS "debarras_ecrits"
  FOR EACH STATEMENT EXECUTE FUNCTION "libelle_adresse_ajouter"();--> statement-breakpoint
-- Updates, only for a row whose address changed: a save, a link or an archiving that keeps it costs nothing.
CREATE FUNCTION "libelle_adresse_ajouter_nouvelle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "libelle_adresse" ("adresse") VALUES (NEW."adresse") ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "debarras_libelle_adresse_update" AFTER UPDATE OF "adresse" ON "debarras"
  FOR EACH ROW WHEN (OLD."adresse" IS DISTINCT FROM NEW."adresse") EXECUTE FUNCTION "libelle_adresse_ajouter_nouvelle"();--> statement-breakpoint
INSERT INTO "libelle_adresse" ("adresse") SELECT DISTINCT "adresse" FROM "debarras" ON CONFLICT DO NOTHING;
