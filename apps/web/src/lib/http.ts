import { reponseErreurSchema, type CodeErreur } from '@debarras/domain';
import { ENTETE_TOTAL_ELEMENTS, type Page } from './liste';
import { urlApi } from './base';
import { envoyerAvecReprise } from './reprise';
import type { z } from 'zod';

/**
 * A refused call: its status, the French message the server gave (`errMsg`) and its `code`, on
 * which screens decide (never on the text). No code when the server could not be reached or did
 * not answer in the API's error shape.
 */
export class ErreurHttp extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: CodeErreur,
  ) {
    super(message);
  }
}

/** The same refusal, its message prefixed by the screen's own sentence (docs/regles.md « Secteurs »). */
export const avecPrefixe = (e: ErreurHttp, prefixe: string) => new ErreurHttp(e.status, `${prefixe} ${e.message}`, e.code);

const MESSAGE_RESEAU = 'Le serveur ne répond pas. Vérifiez votre connexion puis réessayez.';
const MESSAGE_INCONNU = (status: number) => `Le serveur a répondu une erreur inattendue (${status}).`;

type Redirection = (vers: '/login' | '/403') => void;
let rediriger: Redirection = () => undefined;
let oublierUtilisateur: () => void = () => undefined;
let sessionExpiree: () => boolean = () => false;

/**
 * What a 401 or a 403 does wherever it comes from (docs/regles.md « Connexion, menus et pages d'erreur »): the app shell registers how to
 * forget the stored user and how to navigate, and how to have a signed-in user sign in again in place (true when it does: the screen
 * and what was typed on it stay).
 */
export function configurerHttp(options: { rediriger: Redirection; oublierUtilisateur: () => void; sessionExpiree?: () => boolean }) {
  rediriger = options.rediriger;
  oublierUtilisateur = options.oublierUtilisateur;
  sessionExpiree = options.sessionExpiree ?? (() => false);
}

async function erreurDe(reponse: Response): Promise<ErreurHttp> {
  const corps = reponseErreurSchema.safeParse(await reponse.json().catch(() => null));
  return corps.success
    ? new ErreurHttp(reponse.status, corps.data.errMsg, corps.data.code)
    : new ErreurHttp(reponse.status, MESSAGE_INCONNU(reponse.status));
}

interface Options {
  methode?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  corps?: unknown;
  formulaire?: Record<string, string>;
  /** The login call handles its own 401 (a failed sign-in is not an expired session). */
  sans401?: boolean;
}

/** Every call of the app goes through here. */
export async function appeler(chemin: string, options: Options = {}): Promise<Response> {
  const entetes: Record<string, string> = { accept: 'application/json' };
  let corps: BodyInit | undefined;
  if (options.formulaire) {
    entetes['content-type'] = 'application/x-www-form-urlencoded';
    corps = new URLSearchParams(options.formulaire).toString();
  } else if (options.corps !== undefined) {
    entetes['content-type'] = 'application/json';
    corps = JSON.stringify(options.corps);
  }
  let reponse: Response;
  try {
    reponse = await envoyerAvecReprise(() =>
      fetch(urlApi(chemin), { method: options.methode ?? 'GET', headers: entetes, body: corps, credentials: 'same-origin' }),
    );
  } catch {
    throw new ErreurHttp(0, MESSAGE_RESEAU);
  }
  if (reponse.ok) return reponse;
  const erreur = await erreurDe(reponse);
  if (reponse.status === 401 && !options.sans401) {
    if (!sessionExpiree()) {
      oublierUtilisateur();
      rediriger('/login');
    }
  } else if (reponse.status === 403) {
    rediriger('/403');
  }
  throw erreur;
}

export async function lireJson<S extends z.ZodType>(chemin: string, schema: S, options?: Options): Promise<z.output<S>> {
  return schema.parse(await (await appeler(chemin, options)).json());
}

export async function lireTexte(chemin: string): Promise<string> {
  return (await appeler(chemin)).text();
}

/** A list page: the rows, and the total from `x-total-elements`. */
export async function lirePage<S extends z.ZodType>(chemin: string, recherche: URLSearchParams, schema: S): Promise<Page<z.output<S>>> {
  const reponse = await appeler(`${chemin}?${recherche.toString()}`);
  const lignes = (await reponse.json()) as unknown[];
  return { lignes: lignes.map((l) => schema.parse(l)), total: Number(reponse.headers.get(ENTETE_TOTAL_ELEMENTS) ?? lignes.length) };
}

/** The file name of an attachment: RFC 5987 `filename*` (accents) first, then the plain `filename`. */
function nomPieceJointe(disposition: string): string | undefined {
  const encode = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encode) return decodeURIComponent(encode);
  return /filename="([^"]+)"/.exec(disposition)?.[1];
}

/** Downloads a file the server sends as an attachment (exports, the map's PDF), keeping its name. */
export async function telecharger(chemin: string, options?: Options): Promise<void> {
  const reponse = await appeler(chemin, options);
  const nom = nomPieceJointe(reponse.headers.get('content-disposition') ?? '') ?? 'export.xlsx';
  const url = URL.createObjectURL(await reponse.blob());
  const lien = document.createElement('a');
  lien.href = url;
  lien.download = nom;
  document.body.append(lien);
  lien.click();
  lien.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
