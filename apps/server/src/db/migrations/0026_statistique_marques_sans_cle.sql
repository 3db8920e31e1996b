-- The statistics' marks without a key (docs/decisions.md « Statistiques résumées »): with the key, a save marking a month
-- waited, on `ON CONFLICT`, for the recomputation holding that month's mark to commit. Now it adds a row; the
-- triggers' `ON CONFLICT DO NOTHING` meets no key and inserts, and the recomputation takes every row of its months.
ALTER TABLE "statistique_a_recalculer" DROP CONSTRAINT "statistique_a_recalculer_pkey";--> statement-breakpoint
CREATE INDEX "statistique_a_recalculer_mois_idx" ON "statistique_a_recalculer" USING btree ("mois");
