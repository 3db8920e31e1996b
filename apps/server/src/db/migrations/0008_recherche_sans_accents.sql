CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its rules could change), and an index may only use IMMUTABLE functions: this
-- wrapper names its dictionary and promises IMMUTABLE, the usual way to index text without accents. Its body
-- is bound when it is created (BEGIN ATOMIC), whatever the search_path of whoever calls it later.
CREATE FUNCTION "sans_accents"(texte text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
BEGIN ATOMIC
  SELECT unaccent('unaccent'::regdictionary, texte);
END;--> statement-breakpoint
-- The digits that tell a phone number apart, whatever its form: a Swiss number's national digits without the 0
-- ("079 123 45 67", "+41 79 123 45 67" and "0041 (0)79 123 45 67" all read "791234567"), any other number "00" and
-- its international digits ("+33 1 23 45 67 89" reads "0033123456789"). Every Swiss number shares "41", and a
-- trigram index is slow on trigrams that every row has.
CREATE FUNCTION "telephone_chiffres"(telephone text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
BEGIN ATOMIC
  SELECT CASE
    WHEN international IS NULL THEN ltrim(chiffres, '0')
    WHEN international ~ '^41' THEN ltrim(substr(international, 3), '0')
    ELSE '00' || international
  END
  FROM (
    SELECT chiffres, CASE
      WHEN telephone ~ '^\s*\+' THEN chiffres
      WHEN chiffres ~ '^00' THEN substr(chiffres, 3)
    END AS international
    FROM (SELECT regexp_replace(telephone, '\D', '', 'g') AS chiffres) AS c
  ) AS t;
END;--> statement-breakpoint
CREATE TABLE "mot_adresse" (
	"mot" varchar(150) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "debarras_nom_personne_trgm_idx";--> statement-breakpoint
DROP INDEX "libelle_adresse_trgm_idx";--> statement-breakpoint
CREATE INDEX "mot_adresse_trgm_idx" ON "mot_adresse" USING gin ("mot" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "debarras_telephone_trgm_idx" ON "debarras" USING gin (telephone_chiffres("telephone") gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "debarras_nom_personne_trgm_idx" ON "debarras" USING gin (sans_accents("nom_personne") gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "libelle_adresse_trgm_idx" ON "libelle_adresse" USING gin (sans_accents("adresse") gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
-- the words of the register already imported
INSERT INTO "mot_adresse" ("mot")
  SELECT word FROM ts_stat('SELECT to_tsvector(''simple'', recherche) FROM adresse') WHERE word ~ '^[a-z]+$';
