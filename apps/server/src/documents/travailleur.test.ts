import { threadId } from 'node:worker_threads';
import { IMPRESSION_MESSAGES } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { ErreurApplication } from '../erreurs.js';
import { travailleur } from './travailleur.js';

type Essai = { quoi: 'double' | 'refus' | 'echec' | 'plantage' | 'boucle' | 'fil'; valeur?: number };

describe('fil de travail des rendus (documents/travailleur.ts)', () => {
  it("rend la réponse calculée dans un autre fil, une tâche après l'autre dans leur ordre", async () => {
    const fil = travailleur<Essai, number>(import.meta.url, './essais/travailleurEssai');
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
    const fil = travailleur<Essai, number>(import.meta.url, './essais/travailleurEssai');
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
    const fil = travailleur<Essai, number>(import.meta.url, './essais/travailleurEssai');
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

  it('refuse 503 INDISPONIBLE une tâche qui ne finit jamais, passé le délai, et rend la suivante dans un nouveau fil', async () => {
    const fil = travailleur<Essai, number>(import.meta.url, './essais/travailleurEssai', { delaiMs: 200 });
    try {
      const premier = await fil.executer({ quoi: 'fil' });
      const debut = Date.now();
      const [bloquee, suivante] = await Promise.allSettled([fil.executer({ quoi: 'boucle' }), fil.executer({ quoi: 'fil' })]);
      expect(bloquee.status).toBe('rejected');
      const refus = (bloquee as PromiseRejectedResult).reason as unknown;
      expect(refus).toBeInstanceOf(ErreurApplication);
      expect(refus).toMatchObject({ code: 'INDISPONIBLE', message: IMPRESSION_MESSAGES.compositionTropLongue });
      expect(suivante.status).toBe('fulfilled');
      expect((suivante as PromiseFulfilledResult<number>).value).not.toBe(premier);
      // the limit counts the job, not the new worker's start
      expect(Date.now() - debut).toBeGreaterThanOrEqual(200);
      expect(await fil.executer({ quoi: 'double', valeur: 21 })).toBe(42);
    } finally {
      await fil.fermer();
    }
  });

  it('refuse 503 INDISPONIBLE, sur-le-champ, la 21e tâche en attente derrière celle qui tourne', async () => {
    const fil = travailleur<Essai, number>(import.meta.url, './essais/travailleurEssai', { delaiMs: 1000 });
    try {
      const enCours = fil.executer({ quoi: 'boucle' });
      const enAttente = Array.from({ length: 20 }, (_, i) => fil.executer({ quoi: 'double', valeur: i }));
      const refus = await fil.executer({ quoi: 'double', valeur: 99 }).catch((e: unknown) => e);
      expect(refus).toBeInstanceOf(ErreurApplication);
      expect(refus).toMatchObject({ code: 'INDISPONIBLE', message: IMPRESSION_MESSAGES.tropDeDocuments });
      // the 20 waiting are served once the stuck one is ended
      await expect(enCours).rejects.toMatchObject({ code: 'INDISPONIBLE' });
      expect(await Promise.all(enAttente)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    } finally {
      await fil.fermer();
    }
  });
});
