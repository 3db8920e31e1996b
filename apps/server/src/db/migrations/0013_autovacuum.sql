-- docs/exploitation.md « Statistiques et autovacuum » : the débarras tables are vacuumed and analysed after 1 % of
-- new rows (plus PostgreSQL's base thresholds), not 20 % and 10 % as by default: over ten years of history the
-- defaults would wait months, and the lists' totals would read the table instead of the index, their plans
-- built on statistics that know nothing of the recent rows. PGlite accepts and ignores these settings.
ALTER TABLE "debarras" SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "debarras_objet" SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "debarras_journal" SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.01);
