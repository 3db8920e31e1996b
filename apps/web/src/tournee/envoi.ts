import { api, ErreurTournee } from './api';
import { stockage, type Acces, type Envoi } from './stockage';

/** How a sending pass ended: all sent, stopped by the network (to try again), or by a link no longer good. */
export type FinEnvoi =
  { fin: 'fini'; conflits: number[] } | { fin: 'reseau'; conflits: number[] } | { fin: 'lien'; message: string; conflits: number[] };

/** A refusal that sending again would not change (the result itself, its débarras): the others wait for the next pass. */
const refusDefinitif = (e: unknown) =>
  e instanceof ErreurTournee && e.statut !== undefined && e.statut < 500 && e.statut !== 401 && e.statut !== 429;

/**
 * Sends what waits on the phone for this round, in the order it was recorded, one at a time, each kept until the server
 * answers (docs/regles.md « Tournée des équipes »): a result sent twice is recorded once, by its `idClient`.
 */
export async function envoyerEnAttente(acces: Acces, cle: string): Promise<FinEnvoi> {
  const conflits: number[] = [];
  for (const e of await stockage.envois(cle)) {
    if (e.etat !== 'attente') continue;
    try {
      if (e.type === 'resultat') {
        const [statut] = await api.resultats(acces, [e.resultat]);
        if (statut?.statut === 'refuse') await refuser(e, statut.message ?? '');
        else {
          if (statut?.statut === 'conflit') conflits.push(e.resultat.idDebarras);
          await stockage.retirerEnvoi(e.rang!);
        }
      } else {
        await api.photo(acces, e);
        await stockage.retirerEnvoi(e.rang!);
      }
    } catch (erreur) {
      if (refusDefinitif(erreur)) {
        await refuser(e, (erreur as Error).message);
        continue;
      }
      if (erreur instanceof ErreurTournee && erreur.statut === 401) return { fin: 'lien', message: erreur.message, conflits };
      return { fin: 'reseau', conflits };
    }
  }
  return { fin: 'fini', conflits };
}

const refuser = (e: Envoi, message: string) => stockage.remplacerEnvoi({ ...e, etat: 'refuse', message });
