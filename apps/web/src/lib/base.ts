/**
 * The path the app is served under (BASE_PATH), read from the <base href> the server writes into
 * index.html: one build serves under any path.
 */
export function cheminDeBase(): string {
  const chemin = new URL(document.baseURI).pathname;
  return chemin.endsWith('/') ? chemin : `${chemin}/`;
}

/** An API URL: `${BASE_PATH}rest/…`. */
export const urlApi = (chemin: string) => `${cheminDeBase()}rest/${chemin.replace(/^\//, '')}`;
