-- The request limits' counters (docs/exploitation.md « Limites »), shared by every server on one PostgreSQL: one row
-- per client address and limit, its count and the end of its minute. Unlogged: a crash may lose a minute's counts,
-- never the data; written at each request, it costs no WAL. The embedded database (one process) counts in memory.
CREATE UNLOGGED TABLE "limite_requete" (
	"cle" varchar(200) PRIMARY KEY NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"n" integer NOT NULL
);
