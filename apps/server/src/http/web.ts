import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import { repondreRouteInconnue } from './erreurs.js';

export const DOSSIER_WEB_PAR_DEFAUT = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built web app under BASE_PATH: its files, its favicon chosen by commune code, and
 * index.html (with <base href> set to BASE_PATH) for every other path, the client routes.
 */
export async function servirApplicationWeb(app: FastifyInstance, config: Config, dossier = DOSSIER_WEB_PAR_DEFAUT) {
  const { basePath } = config;
  if (basePath !== '/') {
    app.get('/', { config: { public: true } }, (_requete, reponse) => reponse.redirect(basePath));
    // BASE_PATH typed without its trailing slash: the same page, its query kept
    app.get(basePath.slice(0, -1), { config: { public: true } }, (requete, reponse) =>
      reponse.redirect(`${basePath}${requete.url.slice(basePath.length - 1)}`),
    );
  }

  const fichierIndex = path.join(dossier, 'index.html');
  if (!existsSync(fichierIndex)) {
    app.log.warn(`Application web absente (${fichierIndex}) : seule l'API est servie. Lancer « npm run build ».`);
    app.setNotFoundHandler((_requete, reponse) => repondreRouteInconnue(reponse));
    return;
  }
  const avecBase = (fichier: string) => readFileSync(fichier, 'utf8').replace(/<base href="[^"]*"\s*\/?>/, `<base href="${basePath}" />`);
  const index = avecBase(fichierIndex);
  // The residents' pages: an entry of their own, in the asked language before any script runs (docs/architecture.md « Réservation en ligne »)
  const pagesEnLigne = `${basePath}en-ligne/`;
  const fichierEnLigne = path.join(dossier, 'en-ligne.html');
  const enFrancais = existsSync(fichierEnLigne) ? avecBase(fichierEnLigne) : undefined;
  const enAnglais = enFrancais?.replace('<html lang="fr">', '<html lang="en">');
  // The crews' page: an entry of its own, with its service worker and manifest under its folder, the worker's scope
  // (docs/architecture.md « Tournée des équipes »)
  const pageTournee = `${basePath}tournee/`;
  const fichierTournee = path.join(dossier, 'tournee.html');
  const tournee = existsSync(fichierTournee) ? avecBase(fichierTournee) : undefined;
  const travailleurTournee = path.join(dossier, 'tournee-sw.js');
  const manifesteTournee = path.join(dossier, 'tournee.webmanifest');

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

  const envoyerHtml = (reponse: FastifyReply, html: string) =>
    reponse.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  const envoyerIndex = (reponse: FastifyReply) => envoyerHtml(reponse, index);
  app.get(basePath, { config: { public: true } }, (_requete, reponse) => envoyerIndex(reponse));
  app.get(`${basePath}en-ligne`, { config: { public: true } }, (requete, reponse) =>
    reponse.redirect(`${pagesEnLigne}${requete.url.slice(pagesEnLigne.length - 1)}`),
  );
  app.get(`${basePath}tournee`, { config: { public: true } }, (requete, reponse) =>
    reponse.redirect(`${pageTournee}${requete.url.slice(pageTournee.length - 1)}`),
  );
  if (existsSync(travailleurTournee)) {
    const source = readFileSync(travailleurTournee);
    // checked again at each opening: a new release's worker takes over at once
    app.get(`${pageTournee}sw.js`, { config: { public: true } }, (_requete, reponse) =>
      reponse.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(source),
    );
  }
  if (existsSync(manifesteTournee)) {
    const manifeste = readFileSync(manifesteTournee);
    app.get(`${pageTournee}manifest.webmanifest`, { config: { public: true } }, (_requete, reponse) =>
      reponse.type('application/manifest+json').header('cache-control', 'no-cache').send(manifeste),
    );
  }
  app.setNotFoundHandler((requete, reponse) => {
    const chemin = requete.url.split('?')[0]!;
    if (requete.method === 'GET' && chemin.startsWith(pageTournee))
      return tournee ? envoyerHtml(reponse, tournee) : repondreRouteInconnue(reponse);
    // the public API's unknown paths are its own scope's (app.ts)
    if (requete.method === 'GET' && chemin.startsWith(pagesEnLigne)) {
      const html = (requete.query as { lang?: unknown }).lang === 'en' ? enAnglais : enFrancais;
      return html ? envoyerHtml(reponse, html) : repondreRouteInconnue(reponse);
    }
    // not the API's, the files', nor the operators' paths (a mistyped health check must not read a 200 page)
    const routeClient =
      requete.method === 'GET' &&
      chemin.startsWith(basePath) &&
      !['rest/', 'assets/', 'sante/', 'metrics'].some((prefixe) => chemin.startsWith(`${basePath}${prefixe}`));
    return routeClient ? envoyerIndex(reponse) : repondreRouteInconnue(reponse);
  });
}
