import type { ObjetEnLigne, ReservationEnLigne, ServiceEnLigne } from '@debarras/domain/enLigne';
import { vi } from 'vitest';

type Reponse = { status?: number; corps?: unknown };
/** An answer, or its promise: a test holds it back to see the page while it waits. */
type Gestionnaire = (url: URL, corps: unknown) => Reponse | Promise<Reponse>;
export type Appel = { methode: string; url: URL; corps: unknown };

/**
 * The public API's stand-in: `fetch` answers from a table of `METHOD path`, paths relative to `en-ligne/api/`;
 * a path ending with `*` stands for any path it starts (a session's or a link's). The service and the
 * catalogue are answered by default. Every call is recorded.
 */
export function simulerApiEnLigne(routes: Record<string, Gestionnaire>) {
  const table: Record<string, Gestionnaire> = {
    'GET service': () => ({ corps: SERVICE }),
    'GET objets': () => ({ corps: CATALOGUE }),
    ...routes,
  };
  const appels: Appel[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entree: string | URL, init?: RequestInit) => {
      const url = new URL(String(entree));
      const methode = init?.method ?? 'GET';
      const corps = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      appels.push({ methode, url, corps });
      const appel = `${methode} ${url.pathname.replace(/^\/en-ligne\/api\//, '')}`;
      const cle = Object.keys(table).find((c) => (c.endsWith('*') ? appel.startsWith(c.slice(0, -1)) : appel === c));
      const r = cle ? await table[cle]!(url, corps) : { status: 404, corps: { errMsg: `non simulé : ${appel}`, code: 'INTROUVABLE' } };
      return new Response(r.status === 204 ? null : JSON.stringify(r.corps ?? null), {
        status: r.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { appels };
}

/** The calls made to a path of the public API. */
export const appelsA = (appels: Appel[], methode: string, chemin: string) =>
  appels.filter((a) => a.methode === methode && a.url.pathname === `/en-ligne/api/${chemin}`);

/** A refusal as the public API answers it, its message in the resident's language. */
export const refus = (status: number, code: string, errMsg: string): Reponse => ({ status, corps: { errMsg, code } });

export const SERVICE: ServiceEnLigne = {
  telephone: '022 418 50 00',
  minutesValidation: 120,
  consignes: 'Déposez vos objets sur le trottoir la veille dès 19 h.',
};

export const CATALOGUE: ObjetEnLigne[] = [
  { idObjet: 1, libelle: 'Canapé, sofa', image: 'icones/sofa.svg', type: 'Objet', lien: null, libelleEn: 'Sofa, couch', lienEn: null },
  { idObjet: 2, libelle: 'Fauteuil', image: 'icones/armchair.svg', type: 'Objet', lien: null, libelleEn: null, lienEn: null },
  {
    idObjet: 21,
    libelle: 'Réfrigérateur',
    image: 'icones/refrigerator.svg',
    type: 'Interdit',
    lien: 'https://www.erecycling.ch/fr/',
    libelleEn: 'Fridge, freezer',
    lienEn: 'https://www.bafu.admin.ch/bafu/en/home/topics/waste.html',
  },
  { idObjet: 29, libelle: 'Bonbonne de gaz', image: null, type: 'Interdit', lien: null, libelleEn: null, lienEn: null },
];

export const JETON = 'a'.repeat(43);

export const uneReservation = (valeurs: Partial<ReservationEnLigne> = {}): ReservationEnLigne => ({
  numero: '2026-00042',
  idpAdr: '6621011927',
  adresse: 'Rue du Cendrier 31',
  date: '2026-11-27',
  idLevee: 190,
  objets: [{ idObjet: 1, quantite: 2 }],
  nom: 'Jeanne Exemple',
  email: 'jeanne@example.org',
  telephone: null,
  remarque: null,
  etat: 'validee',
  modifiable: true,
  langue: 'fr',
  suivi: { etat: 'aucun', le: null, motif: null },
  signalement: { etat: 'aucun', possibleJusquAu: null },
  ...valeurs,
});
