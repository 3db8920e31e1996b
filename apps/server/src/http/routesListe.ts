import type { Page, Permission } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Horloge } from '../horloge.js';
import { envoyerExport, TYPE_XLSX, type ColonneExport } from './export.js';
import { envoyerPage, reponsePage } from './liste.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lists' paths, without their final slash: `rewriteUrl` (app.ts) serves them as with it. */
    cheminsDeListe?: Set<string>;
  }
}

/**
 * `GET /recurrence?…` as `GET /recurrence/?…`, and the same for each list and its export: the spec writes some
 * list paths with the final slash and some without (docs/api.md « Session et général »). Other routes keep their one form.
 */
export function sansBarreFinale(cheminsDeListe: ReadonlySet<string>, methode: string | undefined, url: string) {
  if (methode !== 'GET') return url;
  const fin = url.search(/[?#]/);
  const chemin = fin < 0 ? url : url.slice(0, fin);
  return cheminsDeListe.has(chemin) ? `${chemin}/${fin < 0 ? '' : url.slice(fin)}` : url;
}

/** The export streams a workbook: described, never serialized (a stream skips the serializer). */
const reponseExport = { 200: { description: 'Classeur .xlsx', content: { [TYPE_XLSX]: { schema: z.file() } } } };

/**
 * A list's two routes: `GET {chemin}/` (a page of rows as `ligne` describes them, total in
 * x-total-elements) and `GET {chemin}/export/` (every matching row as .xlsx), with the same filters and sort.
 */
export function routesListe<S extends z.ZodType, T>(
  app: FastifyInstance,
  def: {
    chemin: string;
    permission: Permission;
    permissionExport?: Permission;
    schema: S;
    ligne: z.ZodType<T>;
    horloge: Horloge;
    /** `instantane`: the request's snapshot, for a list that remembers its pages (db/memoire.ts). */
    lister: (q: z.output<S>, instantane: string | undefined) => Promise<Page<T>>;
    exporter: { fichier: string; feuille: string; colonnes: ColonneExport<T>[]; lots: (q: z.output<S>) => AsyncIterator<T[]> };
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.cheminsDeListe?.add(`${app.prefix}${def.chemin}`).add(`${app.prefix}${def.chemin}/export`);
  r.get(
    `${def.chemin}/`,
    { config: { permission: def.permission }, schema: { querystring: def.schema, response: reponsePage(def.ligne) } },
    async (requete, reponse) => envoyerPage(reponse, await def.lister(requete.query as z.output<S>, requete.instantane)),
  );
  r.get(
    `${def.chemin}/export/`,
    { config: { permission: def.permissionExport ?? def.permission }, schema: { querystring: def.schema, response: reponseExport } },
    async (requete, reponse) => {
      const q = requete.query as z.output<S>;
      return envoyerExport(reponse, {
        fichier: def.exporter.fichier,
        feuille: def.exporter.feuille,
        colonnes: def.exporter.colonnes,
        lots: def.exporter.lots(q),
        jour: def.horloge.aujourdhui(),
      });
    },
  );
}
