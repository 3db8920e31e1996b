import {
  texteEnLigne,
  type AdresseEnLigne,
  type DateEnLigne,
  type LangueEnLigne,
  type ObjetEnLigne,
  type ReservationEnLigne,
  type ServiceEnLigne,
} from '@debarras/domain/enLigne';
import { envoyerAvecReprise } from '../lib/reprise';

/** A refused call: `message` is the server's `errMsg`, already in the resident's language. */
export class ErreurEnLigne extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

type Options = { methode?: string; parametres?: Record<string, string>; corps?: unknown; signal?: AbortSignal };

/** A call of the public API, under `<base href>` like the page itself: BASE_PATH is the server's to choose. */
async function appeler<T>(chemin: string, langue: LangueEnLigne, { methode = 'GET', parametres, corps, signal }: Options = {}): Promise<T> {
  const url = new URL(`en-ligne/api/${chemin}`, document.baseURI);
  for (const [cle, valeur] of Object.entries(parametres ?? {})) url.searchParams.set(cle, valeur);
  let reponse: Response;
  try {
    reponse = await envoyerAvecReprise(() =>
      fetch(url, {
        method: methode,
        signal,
        ...(corps === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(corps) }),
      }),
    );
  } catch (erreur) {
    if (signal?.aborted) throw erreur;
    throw new ErreurEnLigne(texteEnLigne(langue, 'erreurServeur'));
  }
  if (!reponse.ok) {
    const refus = (await reponse.json().catch(() => ({}))) as { errMsg?: string; code?: string };
    throw new ErreurEnLigne(refus.errMsg ?? texteEnLigne(langue, 'erreurServeur'), refus.code);
  }
  return (reponse.status === 204 ? undefined : await reponse.json()) as T;
}

interface SaisieReservation {
  session: string;
  langue: LangueEnLigne;
  idpAdr: string;
  idLevee: number;
  objets: LigneObjet[];
  nom: string;
  email: string;
  telephone?: string;
  remarque?: string;
  consentement: boolean;
  site: string;
}
export type LigneObjet = { idObjet: number; quantite: number };
type TypeSession = 'creation' | 'modification';

export const api = {
  service: (langue: LangueEnLigne) => appeler<ServiceEnLigne>('service', langue, { parametres: { lang: langue } }),
  adresses: (q: string, langue: LangueEnLigne, signal: AbortSignal) =>
    appeler<AdresseEnLigne[]>('adresses', langue, { parametres: { q, lang: langue }, signal }),
  /** Both languages' labels: the pages pick (`useCatalogue`); `langue` is only that of an error's text. */
  objets: (langue: LangueEnLigne) => appeler<ObjetEnLigne[]>('objets', langue),
  dates: (idpAdr: string, langue: LangueEnLigne) => appeler<DateEnLigne[]>('dates', langue, { parametres: { idpAdr, lang: langue } }),
  noterDate: (session: string, type: TypeSession, langue: LangueEnLigne) =>
    appeler<void>(`sessions/${session}/date`, langue, { methode: 'POST', corps: { type, langue } }),
  reserver: (saisie: SaisieReservation) =>
    appeler<{ numero: string; minutes: number }>('reservations', saisie.langue, { methode: 'POST', corps: saisie }),
  valider: (jeton: string, langue: LangueEnLigne) =>
    appeler<ReservationEnLigne>(`validations/${jeton}`, langue, { methode: 'POST', parametres: { lang: langue } }),
  reservation: (jeton: string, langue: LangueEnLigne) =>
    appeler<ReservationEnLigne>(`reservations/${jeton}`, langue, { parametres: { lang: langue } }),
  modifier: (jeton: string, choix: { session: string; langue: LangueEnLigne; idLevee: number; objets: LigneObjet[] }) =>
    appeler<ReservationEnLigne>(`reservations/${jeton}`, choix.langue, { methode: 'PUT', corps: choix }),
  signaler: (jeton: string, langue: LangueEnLigne, remarque: string) =>
    appeler<ReservationEnLigne>(`reservations/${jeton}/signalement`, langue, {
      methode: 'POST',
      corps: { langue, ...(remarque.trim() ? { remarque } : {}) },
    }),
  annuler: (jeton: string, session: string, langue: LangueEnLigne) =>
    appeler<ReservationEnLigne>(`reservations/${jeton}`, langue, { methode: 'DELETE', parametres: { session, lang: langue } }),
};

/** A booking session's id (`sessionEnLigne`): 24 random bytes in base64url, 32 characters. */
export function nouvelleSession(): string {
  const octets = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...octets))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}
