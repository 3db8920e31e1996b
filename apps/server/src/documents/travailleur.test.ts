import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ErreurApplication } from '../erreurs.js';
import { travailleur } from './travailleur.js';

type Essai = { quoi: 'double' | 'refus' | 'echec' | 'plantage' | 'fil'; valeur?: number };

describe('fil de travail des rendus (documents/travailleur.ts)', () => {
  it("rend la réponse calculée dans un autre fil, une tâche après l'autre dans leur ordre", async () => {
    const fil = travailleur<Essai, number>(import.meta.url, './fixtures/travailleurEssai');
    try {
      expect(await fil.executer({ quoi: 'fil' })).not.toBe(threadId);
      expect(await Promise.all([1, 2, 3].map((valeur) => fil.executer({ quoi: 'double', valeur })))).toEqual([2, 4, 6]);
      // its own heap, for the bench's leak check
      expect(await fil.tas()).toBeGreaterThan(1024 * 1024);
    } finally {
      await fil.fermer();
    }
  });

  it("transmet le refus du fil comme l'ErreurApplication qu'il a levée, une autre erreur comme un échec", async () => {
    const fil = travailleur<Essai, number>(import.meta.url, './fixtures/travailleurEssai');
    try {
      const refus = await fil.executer({ quoi: 'refus' }).catch((e: unknown) => e);
      expect(refus).toBeInstanceOf(ErreurApplication);
      expect(refus).toMatchObject({ code: 'SAISIE_INVALIDE', message: 'Refusé par le fil.' });
      const echec = await fil.executer({ quoi: 'echec' }).catch((e: unknown) => e);
      expect(echec).not.toBeInstanceOf(ErreurApplication);
      expect(echec).toMatchObject({ message: 'Échec du rendu.' });
    } finally {
      await fil.fermer();
    }
  });

  it('rejette la tâche d’un fil qui plante, sans arrêter le processus, et en relance un pour la suivante', async () => {
    const fil = travailleur<Essai, number>(import.meta.url, './fixtures/travailleurEssai');
    try {
      const premier = await fil.executer({ quoi: 'fil' });
      const [plantee, suivante] = await Promise.allSettled([fil.executer({ quoi: 'plantage' }), fil.executer({ quoi: 'fil' })]);
      expect(plantee).toMatchObject({ status: 'rejected', reason: { message: 'plantage' } });
      expect(suivante.status).toBe('fulfilled');
      expect((suivante as PromiseFulfilledResult<number>).value).not.toBe(premier);
    } finally {
      await fil.fermer();
    }
  });
});
