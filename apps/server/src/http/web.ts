import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { repondreRouteInconnue } from './erreurs.js';

export const DOSSIER_WEB_PAR_DEFAUT = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built web app under BASE_PATH: its files, its favicon chosen by commune code, and
 * index.html (with <base href> set to BASE_PATH) for every other path, the client routes.
 */
export async function servirApplicationWeb(app: FastifyInstance, config: Config, dossier = DOSSIER_WEB_PAR_DEFAUT) {
  const { basePath } = config;
  if (basePath !== '/') app.get('/', { config: { public: true } }, (_requete, reponse) => reponse.redirect(basePath));

  const fichierIndex = path.join(dossier, 'index.html');
  if (!existsSync(fichierIndex)) {
    app.log.warn(`Application web absente (${fichierIndex}) : seule l'API est servie. Lancer « npm run build ».`);
    app.setNotFoundHandler((_requete, reponse) => repondreRouteInconnue(reponse));
    return;
  }
  const index = readFileSync(fichierIndex, 'utf8').replace(/<base href="[^"]*"\s*\/?>/, `<base href="${basePath}" />`);

  const faviconCommune = path.join(dossier, 'favicons', `${config.communeCode}.svg`);
  const favicon = readFileSync(existsSync(faviconCommune) ? faviconCommune : path.join(dossier, 'favicons', 'defaut.svg'));
  app.get(`${basePath}favicon.svg`, { config: { public: true } }, (_requete, reponse) =>
    reponse.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(favicon),
  );

  await app.register(fastifyStatic, {
    root: dossier,
    prefix: basePath,
    index: false,
    wildcard: false,
    // The build writes a Brotli and a gzip copy beside each text file (apps/web/vite.config.ts): sent
    // as they are, by the browser's Accept-Encoding; they need no route of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (res, chemin) => {
      // Vite names assets by content hash: they never change under the same name.
      if (chemin.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  const envoyerIndex = (reponse: import('fastify').FastifyReply) =>
    reponse.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  app.get(basePath, { config: { public: true } }, (_requete, reponse) => envoyerIndex(reponse));
  app.setNotFoundHandler((requete, reponse) => {
    const chemin = requete.url.split('?')[0]!;
    const routeClient =
      requete.method === 'GET' &&
      chemin.startsWith(basePath) &&
      !chemin.startsWith(`${basePath}rest/`) &&
      !chemin.startsWith(`${basePath}assets/`);
    return routeClient ? envoyerIndex(reponse) : repondreRouteInconnue(reponse);
  });
}
