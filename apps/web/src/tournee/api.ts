import { EQUIPE_PAGE, type ResultatEquipeSaisie, type StatutResultat, type TourneeEquipe } from '@debarras/domain/equipe';
import { envoyerAvecReprise } from '../lib/reprise';
import type { Acces } from './stockage';

/** A refused call (`statut`, the server's `code` and message) or, without `statut`, no answer at all: no network. */
export class ErreurTournee extends Error {
  constructor(
    message: string,
    readonly statut?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * A call of the crews' API (`tournee/api/…`, the link's token in `Authorization`), or of the same calls for staff
 * signed in (`rest/levee/{id}/equipe…`, the session's cookie): under `<base href>`, BASE_PATH is the server's.
 */
async function appeler<T>(acces: Acces, chemin: '' | 'resultats' | 'photos', init: RequestInit = {}): Promise<T> {
  const relative =
    acces.mode === 'jeton' ? `tournee/api/${chemin || 'tournee'}` : `rest/levee/${acces.idLevee}/equipe${chemin ? `/${chemin}` : ''}`;
  const entetes = new Headers(init.headers);
  if (acces.mode === 'jeton') entetes.set('authorization', `Bearer ${acces.jeton}`);
  let reponse: Response;
  try {
    reponse = await envoyerAvecReprise(() => fetch(new URL(relative, document.baseURI), { ...init, headers: entetes, cache: 'no-store' }));
  } catch {
    throw new ErreurTournee(EQUIPE_PAGE.erreurReseau);
  }
  if (!reponse.ok) {
    const refus = (await reponse.json().catch(() => ({}))) as { errMsg?: string; code?: string };
    throw new ErreurTournee(refus.errMsg ?? EQUIPE_PAGE.erreurReseau, reponse.status, refus.code);
  }
  return (await reponse.json()) as T;
}

export const api = {
  tournee: (acces: Acces) => appeler<TourneeEquipe>(acces, ''),
  resultats: (acces: Acces, resultats: ResultatEquipeSaisie[]) =>
    appeler<StatutResultat[]>(acces, 'resultats', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(resultats),
    }),
  photo: (acces: Acces, envoi: { idClient: string; idDebarras: number; photo: Blob }) => {
    // the fields before the file: the server reads them first
    const formulaire = new FormData();
    formulaire.append('idClient', envoi.idClient);
    formulaire.append('idDebarras', String(envoi.idDebarras));
    formulaire.append('photo', envoi.photo, 'photo.jpg');
    return appeler<{ idClient: string; statut: string }>(acces, 'photos', { method: 'POST', body: formulaire });
  },
};
