import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { creerCourrier } from '../courriel.js';
import { appDeTest } from '../test/app.js';

const JETON = 'jeton-de-test-prometheus-0123';
const t = appDeTest({ METRICS_TOKEN: JETON });
const sansJeton = appDeTest();
const METRICS = '/webdeb/metrics';

const lire = async () => {
  const r = await t.app.inject({ url: METRICS, headers: { authorization: `Bearer ${JETON}` } });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return r.body;
};

describe('métriques', () => {
  it('donnent chaque famille avec le jeton : requêtes par modèle de route, pool, tâches, courriels, réservations en ligne, processus', async () => {
    await t.en('lecture', { url: '/webdeb/rest/debarras/987654' });
    await t.taches().executer('planification');
    await creerCourrier({
      smtpUrl: undefined,
      mailFrom: 'test@test.local',
      dataDir: await mkdtemp(path.join(tmpdir(), 'metriques-')),
    }).envoyer({
      a: 'personne@test.local',
      sujet: 'Essai',
      texte: 'Essai',
    });
    // the registry is the process's: other test files of this worker may have counted before
    const texte = await lire();
    for (const famille of [
      '# TYPE debarras_http_requetes_duree_secondes histogram',
      '# TYPE debarras_base_connexions gauge',
      '# TYPE debarras_taches_executions_total counter',
      '# TYPE debarras_taches_duree_secondes histogram',
      '# TYPE debarras_courriels_total counter',
      '# TYPE debarras_reservations_en_ligne_total counter',
      '# TYPE process_cpu_user_seconds_total counter',
      '# TYPE nodejs_eventloop_lag_seconds gauge',
    ]) {
      expect(texte).toContain(famille);
    }
    expect(texte).toMatch(
      /debarras_http_requetes_duree_secondes_count\{route="\/webdeb\/rest\/debarras\/:id",methode="GET",statut="404"\} [1-9]\d*$/m,
    );
    expect(texte).toMatch(/debarras_taches_executions_total\{tache="planification",resultat="ok"\} [1-9]\d*$/m);
    expect(texte).toMatch(/debarras_courriels_total\{resultat="envoye"\} [1-9]/);
    expect(texte).toMatch(/debarras_base_connexions\{etat="en_attente"\} 0/);
    // never a path asked, an id, a name: only route patterns
    expect(texte).not.toContain('debarras/987654');
    expect(texte).not.toContain('personne@');
  });

  it('répondent 404 sans le jeton, avec un autre, et sans METRICS_TOKEN', async () => {
    for (const headers of [{}, { authorization: 'Bearer autre-jeton-de-test-0000' }, { authorization: JETON }]) {
      const r = await t.app.inject({ url: METRICS, headers });
      expect([r.statusCode, r.json().code]).toEqual([404, 'INTROUVABLE']);
    }
    const r = await sansJeton.app.inject({ url: METRICS, headers: { authorization: `Bearer ${JETON}` } });
    expect(r.statusCode).toBe(404);
  });
});
