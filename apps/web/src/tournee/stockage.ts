import type { ResultatEquipeSaisie, TourneeEquipe } from '@debarras/domain/equipe';

/**
 * What the phone keeps between two openings of the page, network or not (IndexedDB): how it opens the round, the
 * round as last read, and what waits to be sent, in the order it was recorded.
 */

/** How the page reaches its round: a crews' link's token, or staff signed in, by the levée's id. */
export type Acces = { mode: 'jeton'; jeton: string } | { mode: 'personnel'; idLevee: number };
export const cleAcces = (a: Acces) => (a.mode === 'jeton' ? `jeton:${a.jeton}` : `levee:${a.idLevee}`);

export interface TourneeGardee {
  cle: string;
  tournee: TourneeEquipe;
  /** When it was read from the server (ISO). */
  lueLe: string;
}

/** A result or a photo waiting for the network, or refused by the server (kept to be shown, never resent). */
export type Envoi = {
  rang?: number;
  cle: string;
  etat: 'attente' | 'refuse';
  message?: string;
} & ({ type: 'resultat'; resultat: ResultatEquipeSaisie } | { type: 'photo'; idClient: string; idDebarras: number; photo: Blob });

const NOM = 'debarras-tournee';
const REGLAGES = 'reglages';
const TOURNEES = 'tournees';
const ENVOIS = 'envois';

let ouverture: Promise<IDBDatabase> | undefined;

function base(): Promise<IDBDatabase> {
  ouverture ??= new Promise((resolve, reject) => {
    const demande = indexedDB.open(NOM, 1);
    demande.onupgradeneeded = () => {
      const db = demande.result;
      db.createObjectStore(REGLAGES);
      db.createObjectStore(TOURNEES, { keyPath: 'cle' });
      db.createObjectStore(ENVOIS, { keyPath: 'rang', autoIncrement: true });
    };
    demande.onsuccess = () => resolve(demande.result);
    demande.onerror = () => reject(demande.error);
  });
  return ouverture;
}

async function operation<T>(magasin: string, mode: IDBTransactionMode, agir: (m: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await base();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(magasin, mode);
    const demande = agir(transaction.objectStore(magasin));
    // resolved once written for good: a page closed right after loses nothing
    transaction.oncomplete = () => resolve(demande.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export const stockage = {
  acces: () => operation<Acces | undefined>(REGLAGES, 'readonly', (m) => m.get('acces')),
  retenirAcces: (a: Acces) => operation(REGLAGES, 'readwrite', (m) => m.put(a, 'acces')),
  tournee: (cle: string) => operation<TourneeGardee | undefined>(TOURNEES, 'readonly', (m) => m.get(cle)),
  retenirTournee: (t: TourneeGardee) => operation(TOURNEES, 'readwrite', (m) => m.put(t)),
  /** Every sending of this round, in the order recorded. */
  envois: async (cle: string) => (await operation<Envoi[]>(ENVOIS, 'readonly', (m) => m.getAll())).filter((e) => e.cle === cle),
  ajouterEnvoi: (e: Envoi) => operation(ENVOIS, 'readwrite', (m) => m.add(e)),
  remplacerEnvoi: (e: Envoi) => operation(ENVOIS, 'readwrite', (m) => m.put(e)),
  retirerEnvoi: (rang: number) => operation(ENVOIS, 'readwrite', (m) => m.delete(rang)),
};
