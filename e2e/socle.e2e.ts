import { ERREURS } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

describe('connexion et coquille', () => {
  it("refuse une identification invalide avec l'alerte de la spécification", async () => {
    await s.page.goto(s.url('/login'));
    await s.page.getByLabel('Utilisateur').fill('gestion');
    await s.page.getByLabel('Mot de passe').fill('mauvais');
    await s.page.getByRole('button', { name: 'Continuer' }).click();
    const alerte = s.page.getByRole('alert');
    await alerte.waitFor();
    expect(await alerte.textContent()).toContain('Identification invalide! Merci de vous identifier à nouveau.');
    expect(new URL(s.page.url()).pathname).toBe('/webdeb/login');
  });

  it.each([
    ['lecture', ['Débarras', 'Levée']],
    ['gestion', ['Débarras', 'Levée', 'Exceptions']],
    ['admin', ['Débarras', 'Levée', 'Exceptions', 'Administration']],
    ['technique', ['Débarras', 'Levée', 'Exceptions', 'Administration', 'Technique']],
  ] as const)("mène %s à son écran d'arrivée et ne lui montre que ses menus", async (compte, menus) => {
    await s.connecterParEcran(compte);
    await s.page.waitForURL(compte === 'lecture' ? /\/webdeb\/debarrasListe$/ : /\/webdeb\/debarrasDetail$/);
    const menu = s.page.getByRole('menu', { name: 'Menu principal' });
    const titres = (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim()).filter(Boolean);
    expect(titres).toEqual(menus);
    await expect.poll(() => s.page.title()).toMatch(/ · Débarras – Genève$/);
    expect(await s.page.locator('footer').textContent()).toMatch(
      /© \d{4} · Département de l'environnement urbain et de la sécurité - Voirie · version 4\.4\.3/,
    );
  });

  it('montre le sous-menu « Gérer les paramètres » au rôle technique', async () => {
    await s.connecter('technique');
    await s.ouvrirParMenu('Technique', 'Gérer les paramètres');
    await s.page.getByRole('heading', { name: /^Paramètres \(\d+\)$/ }).waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/webdeb/ParametreListe');
  });

  it('montre la page 403 à un gestionnaire qui tape /parametreListe', async () => {
    await s.connecter('gestion', '/parametreListe');
    await s.page.getByText('Non autorisé').waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/webdeb/403');
  });

  it('montre la page 404 pour un chemin inconnu', async () => {
    await s.connecter('lecture', '/cette/page/nexiste/pas');
    await s.page.getByText('Page introuvable').waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/webdeb/404');
  });

  it('ramène à la connexion après la déconnexion, et la session est close côté serveur', async () => {
    await s.connecter('admin');
    await s.page.getByRole('button', { name: 'Déconnexion' }).click();
    await s.page.getByText("Identification de l'utilisateur").waitFor();
    const moi = await s.page.request.get(s.url('/rest/user'));
    expect({ statut: moi.status(), ...(await moi.json()) }).toEqual({
      statut: 401,
      errMsg: ERREURS.nonAuthentifie,
      code: 'NON_AUTHENTIFIE',
    });
    await s.page.goto(s.url('/accueil'));
    await s.page.getByText("Identification de l'utilisateur").waitFor();
  });
});
