CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "debarras_adresse_idx";--> statement-breakpoint
DROP INDEX "debarras_nom_personne_idx";--> statement-breakpoint
CREATE INDEX "debarras_numero_trgm_idx" ON "debarras" USING gin ("numero" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "debarras_adresse_trgm_idx" ON "debarras" USING gin ("adresse" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "debarras_nom_personne_trgm_idx" ON "debarras" USING gin ("nom_personne" gin_trgm_ops) WITH (gin_pending_list_limit=64);