/*
 * The crews' page's service worker (docs/architecture.md « Tournée des équipes »): the page and its files kept on the
 * phone, so that it opens without network once loaded. The calls of the API are never kept: the page keeps its round
 * and what waits to be sent itself (IndexedDB). The build writes in the list of the page's files and its version.
 */
const FICHIERS = __FICHIERS__;
const CACHE = 'tournee-__VERSION__';
// this file is served at <BASE_PATH>tournee/sw.js: the page is its folder, the built files one level up
const PAGE = new URL('./', self.location.href).href;
const aGarder = () => [PAGE, ...FICHIERS.map((f) => new URL(`../${f}`, self.location.href).href)];

self.addEventListener('install', (evenement) => {
  evenement.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(aGarder()))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (evenement) => {
  evenement.waitUntil(
    caches
      .keys()
      .then((cles) => Promise.all(cles.filter((c) => c.startsWith('tournee-') && c !== CACHE).map((c) => caches.delete(c))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (evenement) => {
  const requete = evenement.request;
  if (requete.method !== 'GET') return;
  const url = new URL(requete.url);
  if (url.origin !== self.location.origin || url.pathname.includes('/api/') || url.pathname.includes('/rest/')) return;
  if (requete.mode === 'navigate') {
    // the page from the network when there is one (a new version), else the one kept, whatever its query (?j=…)
    evenement.respondWith(
      fetch(requete)
        .then((reponse) => {
          if (reponse.ok) {
            const copie = reponse.clone();
            void caches.open(CACHE).then((cache) => cache.put(PAGE, copie));
          }
          return reponse;
        })
        .catch(() => caches.match(PAGE).then((gardee) => gardee ?? Response.error())),
    );
    return;
  }
  // the built files are named by their content: kept ones never change
  evenement.respondWith(caches.match(requete).then((gardee) => gardee ?? fetch(requete)));
});
