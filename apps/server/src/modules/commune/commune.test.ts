import { describe, expect, it } from 'vitest';
import { appDeTest } from '../../test/app.js';

describe('GET /commune pour un code inconnu', () => {
  const t = appDeTest({ COMMUNE_CODE: '9999' });
  it('répond « Commune non définie »', async () => {
    const r = await t.app.inject({ url: '/webdeb/rest/commune' });
    expect(r.json()).toEqual({ label: 'Commune non définie', exists: false, code: 9999 });
  });
});

describe('les 45 communes du canton', () => {
  const t = appDeTest({ COMMUNE_CODE: '6645' });
  it('sont connues, de 6601 à 6645', async () => {
    expect((await t.app.inject({ url: '/webdeb/rest/commune' })).json()).toEqual({ label: 'Veyrier', exists: true, code: 6645 });
  });
});
