import { describe, expect, it } from 'vitest';
import { appDeTest } from '../test/app.js';
import { sansBarreFinale } from './routesListe.js';

const t = appDeTest();
const REST = '/webdeb/rest';
const LISTES = [
  'debarras',
  'levee',
  'recurrence',
  'adresseexception',
  'secteur',
  'objet',
  'destinataire',
  'parametre',
  'logEvenement',
  'reservation',
];

describe('chemins des listes, avec ou sans barre finale (docs/api.md « Session et général »)', () => {
  it.each(LISTES)('GET /%s répond comme GET /%s/, filtres compris, et son export de même', async (liste) => {
    const avec = await t.en('technique', { url: `${REST}/${liste}/?size=2` });
    const sans = await t.en('technique', { url: `${REST}/${liste}?size=2` });
    expect(avec.statusCode, avec.body).toBe(200);
    expect(sans.statusCode, sans.body).toBe(200);
    expect(sans.json()).toEqual(avec.json());
    expect(sans.headers['x-total-elements']).toBe(avec.headers['x-total-elements']);
    const exporte = await t.en('technique', { url: `${REST}/${liste}/export` });
    expect(exporte.statusCode).toBe(200);
    expect(exporte.headers['content-type']).toContain('spreadsheetml');
  });

  it('ne touche qu’aux lectures des listes', () => {
    const listes = new Set(['/webdeb/rest/recurrence', '/webdeb/rest/recurrence/export']);
    expect(sansBarreFinale(listes, 'GET', '/webdeb/rest/recurrence?actif=1')).toBe('/webdeb/rest/recurrence/?actif=1');
    expect(sansBarreFinale(listes, 'GET', '/webdeb/rest/recurrence/export')).toBe('/webdeb/rest/recurrence/export/');
    expect(sansBarreFinale(listes, 'POST', '/webdeb/rest/recurrence')).toBe('/webdeb/rest/recurrence');
    expect(sansBarreFinale(listes, 'GET', '/webdeb/rest/recurrence/5')).toBe('/webdeb/rest/recurrence/5');
    expect(sansBarreFinale(listes, 'GET', '/webdeb/rest/recurrence/')).toBe('/webdeb/rest/recurrence/');
  });
});
