import { ERREURS, type CodeErreur } from '@debarras/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErreurApplication } from '../erreurs.js';
import { installerGestionErreurs } from './erreurs.js';

const app = Fastify({ logger: false });

beforeAll(async () => {
  installerGestionErreurs(app);
  app.get<{ Params: { code: CodeErreur } }>('/refus/:code', async (requete) => {
    throw new ErreurApplication(requete.params.code, 'Refusé.');
  });
  app.get('/disque-plein', async () => {
    // what Node's fs throws when the disk is full, wrapped as a library wraps its cause
    const enospc = Object.assign(new Error("ENOSPC: no space left on device, write '/data/courriels/x.eml'"), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
    throw new Error('écriture impossible', { cause: enospc });
  });
  app.get('/panne', async () => {
    throw new Error('connexion perdue à 10.0.0.3');
  });
  await app.ready();
});
afterAll(() => app.close());

describe("réponses d'erreur", () => {
  it.each([
    ['SAISIE_INVALIDE', 400],
    ['NON_AUTHENTIFIE', 401],
    ['NON_AUTORISE', 403],
    ['INTROUVABLE', 404],
    ['CONFLIT_VERSION', 409],
    ['CAPACITE_DEPASSEE', 409],
    ['ETAT_INVALIDE', 409],
    ['DOUBLON', 409],
    ['TROP_DE_REQUETES', 429],
    ['ETENDUE_TROP_GRANDE', 400],
    ['TACHE_EN_COURS', 409],
    ['INDISPONIBLE', 503],
  ] as const)('répond %s par le statut %i, avec le message et le code', async (code, statut) => {
    const r = await app.inject({ url: `/refus/${code}` });
    expect(r.statusCode).toBe(statut);
    expect(r.json()).toEqual({ errMsg: 'Refusé.', code });
  });

  it('demande de réessayer dans 60 s (Retry-After) à chaque 503 INDISPONIBLE levé par un service, et à lui seul', async () => {
    expect((await app.inject({ url: '/refus/INDISPONIBLE' })).headers['retry-after']).toBe('60');
    expect((await app.inject({ url: '/refus/TROP_DE_REQUETES' })).headers['retry-after']).toBeUndefined();
  });

  it('répond 503 INDISPONIBLE, « réessayez plus tard », à un disque plein (ENOSPC), sans le détail de l’erreur', async () => {
    const r = await app.inject({ url: '/disque-plein' });
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('60');
    expect(r.json()).toEqual({ errMsg: ERREURS.indisponible, code: 'INDISPONIBLE' });
  });

  it("répond 500 ERREUR_INTERNE au reste, avec le message générique, l'identifiant de la requête et sans le détail de l'erreur", async () => {
    const r = await app.inject({ url: '/panne' });
    expect(r.statusCode).toBe(500);
    const { idRequete } = r.json() as { idRequete: string };
    expect(idRequete).toMatch(/\S/);
    expect(r.json()).toEqual({ errMsg: ERREURS.interneReference(idRequete), code: 'ERREUR_INTERNE', idRequete });
    expect(r.body).not.toContain('10.0.0.3');
  });
});
