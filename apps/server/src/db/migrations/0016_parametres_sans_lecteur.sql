-- Parameters nothing reads (docs/decisions.md « Paramètres plan.url, orthophoto.url, adresse.url et impression.url ») --
-- the maps read carte.plan.url, carte.orthophoto.url and carte.adresse.url, and the server composes map prints itself.
DELETE FROM "parametre" WHERE "cle" IN ('plan.url', 'orthophoto.url', 'adresse.url', 'impression.url');
