import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repondreRouteInconnue } from './erreurs.js';

// lucide-static (ISC licence): the object catalogue's images are its icons, served as they ship.
const DOSSIER_ICONES = path.join(path.dirname(createRequire(import.meta.url).resolve('lucide-static/package.json')), 'icons');
const NOM_ICONE = /^[a-z0-9-]+\.svg$/;

/** `{BASE_PATH}icones/{nom}.svg`: the icon set's images, for the object catalogue. */
export function servirIcones(app: FastifyInstance, basePath: string) {
  app.get<{ Params: { fichier: string } }>(`${basePath}icones/:fichier`, { config: { public: true } }, async (requete, reponse) => {
    const { fichier } = requete.params;
    if (!NOM_ICONE.test(fichier)) return repondreRouteInconnue(reponse);
    const contenu = await readFile(path.join(DOSSIER_ICONES, fichier)).catch(() => undefined);
    if (!contenu) return repondreRouteInconnue(reponse);
    return reponse.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(contenu);
  });
}
