DROP INDEX "resultat_actuel_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "resultat_visite_actuel_idx" ON "resultat" USING btree ("id_debarras","id_levee") WHERE "resultat"."etat" = 'ACTUEL';