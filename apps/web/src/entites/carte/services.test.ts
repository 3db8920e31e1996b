import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifierService } from './services';

const URL_ADRESSES = 'https://geo.example.ch/MapServer/7106';

function repondre(corps: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(corps)))),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("contrôle d'un service de carte configuré (messages d'erreur des cartes)", () => {
  it("dit « Impossible d'atteindre l'url » quand le service ne répond pas", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await verifierService(URL_ADRESSES)).toBe(`Impossible d'atteindre l'url : ${URL_ADRESSES}`);
  });

  it('le dit aussi quand ses métadonnées portent une erreur', async () => {
    repondre({ error: { code: 500, message: 'Service not started' } });
    expect(await verifierService(URL_ADRESSES, ['IDPADR'])).toBe(`Impossible d'atteindre l'url : ${URL_ADRESSES}`);
  });

  it('demande ses métadonnées en pjson', async () => {
    repondre({ currentVersion: 10.9 });
    await verifierService(URL_ADRESSES);
    expect(vi.mocked(fetch)).toHaveBeenCalledWith(`${URL_ADRESSES}?f=pjson`);
  });

  it("dit « Impossible de contrôler les attributs » quand une couche d'adresses ne liste aucun attribut", async () => {
    repondre({ name: 'Adresses' });
    expect(await verifierService(URL_ADRESSES, ['IDPADR'])).toBe(`Impossible de contrôler les attributs de l'url : ${URL_ADRESSES}`);
  });

  it('nomme le premier attribut attendu qui manque, sans égard à la casse des autres', async () => {
    repondre({ fields: [{ name: 'idpadr' }, { name: 'ADRESSE' }] });
    expect(await verifierService(URL_ADRESSES, ['IDPADR', 'ADRESSE', 'GESTIONNAIRE'])).toBe(
      `le service : ${URL_ADRESSES} doit contenir l'attribut GESTIONNAIRE`,
    );
  });

  it('accepte un service qui répond avec les attributs attendus, et un fond sans attribut', async () => {
    repondre({ fields: [{ name: 'IDPADR' }, { name: 'ADRESSE' }, { name: 'GESTIONNAIRE' }] });
    expect(await verifierService(URL_ADRESSES, ['IDPADR', 'ADRESSE', 'GESTIONNAIRE'])).toBeNull();
    repondre({ mapName: 'Plan' });
    expect(await verifierService('https://geo.example.ch/PLAN/MapServer')).toBeNull();
  });
});
