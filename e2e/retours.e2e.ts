import { LEVEE_SUCCES, type Levee } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { creerDebarras, lire } from './lib/debarras.js';
import { dansE2e } from './lib/horloge.js';
import { animationsFinies } from './lib/accessibilite.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

describe('ce qui s’est passé, et où l’écran le dit', () => {
  it('nomme l’onglet du navigateur d’après l’écran et l’enregistrement', async () => {
    await s.connecter('gestion');
    const [debarras] = await creerDebarras(s, `Onglet ${Date.now()}`, 1);
    await s.page.goto(s.url('/leveeListe'));
    await expect.poll(() => s.page.title()).toBe('Levées · Débarras – Genève');
    await s.page.goto(s.url('/debarrasListe'));
    await expect.poll(() => s.page.title()).toBe('Débarras · Débarras – Genève');
    await s.page.goto(s.url(`/debarrasDetail/${debarras!.idDebarras}`));
    await expect.poll(() => s.page.title()).toBe(`Débarras ${debarras!.numero} · Débarras – Genève`);
  });

  it('enregistre une levée avec « Succès » dans l’en-tête, ni sur le titre ni sur les champs, et n’écrit rien quand rien ne change', async () => {
    await s.connecter('gestion');
    const [levee] = await lire<Levee[]>(s, `levee/?statut=ACTIF&supplementaire=0&dateFrom=${dansE2e(20)}&dateTo=${dansE2e(20)}&size=1`);
    await s.page.goto(s.url(`/leveeDetail/${levee!.idLevee}`));
    const titre = s.page.getByRole('heading', { level: 3, name: /^Détail de la levée/ });
    await titre.waitFor();
    await expect.poll(() => s.page.title()).toMatch(/^Levée .+ du \d{2}\.\d{2}\.\d{4} · Débarras – Genève$/);

    const km = s.page.getByLabel('Kilométrage');
    await km.fill('42');
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    const succes = s.page.locator('.ant-notification-notice').filter({ hasText: LEVEE_SUCCES.miseAJour(levee!) });
    await succes.waitFor();
    await animationsFinies(s.page);
    // « Enregistrer » is at the foot of a long page: the title and the fields are measured where they stand, at the top
    await s.page.evaluate(() => window.scrollTo(0, 0));
    await s.capture('levee-enregistree-notification');
    const boiteNotification = (await succes.boundingBox())!;
    const boiteTitre = (await titre.boundingBox())!;
    const boiteEntete = (await s.page.locator('.entete').boundingBox())!;
    const boiteKm = (await km.boundingBox())!;
    expect(boiteNotification.y + boiteNotification.height).toBeLessThanOrEqual(boiteEntete.y + boiteEntete.height);
    expect(boiteNotification.y + boiteNotification.height).toBeLessThanOrEqual(boiteTitre.y);
    expect(boiteNotification.y + boiteNotification.height).toBeLessThanOrEqual(boiteKm.y);
    // the menu under it still answers a click
    const menu = s.page.getByRole('menuitem', { name: 'Débarras' });
    await menu.click();
    await s.page.getByRole('menuitem', { name: 'Afficher les débarras' }).waitFor();
    await s.page.keyboard.press('Escape');

    const enregistree = await lire<Levee>(s, `levee/${levee!.idLevee}`);
    expect(enregistree).toMatchObject({ kilometrage: 42, version: levee!.version + 1 });
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(async () => s.page.locator('.ant-notification-notice').count()).toBeGreaterThan(0);
    expect(await lire<Levee>(s, `levee/${levee!.idLevee}`)).toMatchObject({ version: enregistree.version });
  });
});
