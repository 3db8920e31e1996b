import { ROLES, type CodeErreur, type Role, type Utilisateur } from '@debarras/domain';
import { vi } from 'vitest';

type Reponse = { status?: number; corps?: unknown; entetes?: Record<string, string> };
type Gestionnaire = (url: URL, init: RequestInit | undefined) => Reponse | Promise<Reponse>;

/** A refusal as the API answers it: the status, and `{ errMsg, code }`. */
export const refus = (status: number, code: CodeErreur, errMsg: string): Reponse => ({ status, corps: { errMsg, code } });

/**
 * A stand-in for the server: `fetch` answers from a table of `METHOD path` → handler, paths
 * relative to `/rest/`. Every call is recorded for assertions.
 */
export function simulerServeur(routes: Record<string, Gestionnaire>) {
  const appels: Array<{ methode: string; url: URL; corps: unknown }> = [];
  const defaut: Record<string, Gestionnaire> = {
    'GET commune': () => ({ corps: { label: 'Genève', exists: true, code: 6621 } }),
    'GET parametre/getStringValue': () => ({ corps: 'Service de la voirie', entetes: { 'content-type': 'text/plain' } }),
    // the header's count of the residents' reports, on every screen
    'GET signalement/compte': () => ({ corps: { ouverts: 0 } }),
  };
  const table = { ...defaut, ...routes };
  const fetchSimule = vi.fn(async (entree: string | URL, init?: RequestInit) => {
    const url = new URL(String(entree), 'http://localhost/');
    const methode = init?.method ?? 'GET';
    const chemin = url.pathname.replace(/^.*\/rest\//, '');
    appels.push({ methode, url, corps: typeof init?.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : init?.body });
    const gestionnaire = table[`${methode} ${chemin}`];
    const r = gestionnaire ? await gestionnaire(url, init) : { status: 404, corps: { errMsg: `non simulé : ${methode} ${chemin}` } };
    const texte = typeof r.corps === 'string' ? r.corps : JSON.stringify(r.corps ?? null);
    // a 204 (No Content) answer may carry no body at all
    return new Response(r.status === 204 ? null : texte, {
      status: r.status ?? 200,
      headers: { 'content-type': 'application/json', ...r.entetes },
    });
  });
  vi.stubGlobal('fetch', fetchSimule);
  return { appels };
}

export function utilisateurDeTest(role: Role = ROLES.TECHNIQUE, displayName = 'Théo Test'): Utilisateur {
  return { username: 'test', displayName, authorities: [{ authority: role }] };
}

/** Signs a user in the way the app remembers them (in localStorage, docs/regles.md « Comportement général »). */
export function connecterEnTantQue(role: Role) {
  localStorage.setItem('utilisateur', JSON.stringify(utilisateurDeTest(role)));
}

/** Opens the app at a client route (the router reads the browser's location). */
export function allerA(chemin: string) {
  window.history.pushState({}, '', chemin);
}
