import { ENVOI_MESSAGES, formatJour, IMPRESSION_LIBELLES, IMPRESSION_MESSAGES, type LogEvenement } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { creerDebarras, lire } from './lib/debarras.js';
import { adresseOuvertePar } from './lib/documents.js';
import { dansE2e } from './lib/horloge.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();
const DEMAIN = dansE2e(1);
const SAMEDI = dansE2e(3);

async function ouvrirImpression() {
  const dialogue = s.page.getByRole('dialog', { name: IMPRESSION_LIBELLES.modaleFeuilles });
  await s.ouvrirParMenu('Levée', IMPRESSION_LIBELLES.modaleFeuilles, dialogue);
  return dialogue;
}

/**
 * Levée › Imprimer les feuilles de route, with the keyboard only: the submenu must close behind the dialog.
 * Each arrow is pressed, at a person's pace, until the focus is where it leads: the menu ignores keys while
 * a submenu is still opening.
 */
async function ouvrirImpressionAuClavier() {
  const focus = () => s.page.evaluate(() => document.activeElement?.textContent?.trim());
  const jusqua = async (touche: string, texte: string) => {
    for (let i = 0; i < 10 && (await focus()) !== texte; i++) {
      await s.page.keyboard.press(touche);
      await s.page.waitForTimeout(150);
    }
    expect(await focus()).toBe(texte);
  };
  await s.page.locator('ul.menu-principal').focus();
  await jusqua('ArrowRight', 'Levée');
  await jusqua('ArrowDown', IMPRESSION_LIBELLES.modaleFeuilles);
  await s.page.keyboard.press('Enter');
  const dialogue = s.page.getByRole('dialog', { name: IMPRESSION_LIBELLES.modaleFeuilles });
  await dialogue.waitFor();
  await s.page.getByRole('menuitem', { name: IMPRESSION_LIBELLES.modaleFeuilles }).waitFor({ state: 'hidden' });
  return dialogue;
}

async function verifierPdf(url: string) {
  const reponse = await s.page.request.get(url);
  expect(reponse.status()).toBe(200);
  expect(reponse.headers()['content-type']).toBe('application/pdf');
  expect(reponse.headers()['content-disposition']).toMatch(/^inline; filename="/);
  expect((await reponse.body()).subarray(0, 5).toString()).toBe('%PDF-');
}

describe('impressions', () => {
  it('« Imprimer les feuilles de route » (lecture seule, au clavier) : le prochain jour de levée, OK désactivé un jour sans levée, le PDF dans un nouvel onglet', async () => {
    await s.connecter('lecture');
    const dialogue = await ouvrirImpressionAuClavier();
    const date = dialogue.getByLabel(IMPRESSION_LIBELLES.date, { exact: true });
    await expect.poll(() => date.inputValue()).toBe(formatJour(DEMAIN));
    const ok = dialogue.getByRole('button', { name: 'OK' });
    await expect.poll(() => ok.isEnabled()).toBe(true);
    expect(await dialogue.getByRole('button', { name: /Envoyer aux destinataires/ }).count()).toBe(0);

    await date.fill(formatJour(SAMEDI));
    await date.press('Enter');
    await dialogue.getByText(IMPRESSION_MESSAGES.aucuneLevee).waitFor();
    expect(await ok.isDisabled()).toBe(true);
    await s.capture('feuilles-de-route-jour-sans-levee');

    await date.fill(formatJour(DEMAIN));
    await date.press('Enter');
    await expect.poll(() => ok.isEnabled()).toBe(true);
    await dialogue.getByLabel(IMPRESSION_LIBELLES.format).click();
    await s.page.locator('.ant-select-item-option', { hasText: 'Pdf' }).click();
    const adresse = await adresseOuvertePar(s, () => ok.click());
    expect(adresse).toBe(s.url(`/rest/levee/print/?date=${DEMAIN}&type=Pdf`));
    await verifierPdf(adresse);
    await dialogue.waitFor({ state: 'hidden' });
    // the keyboard's focus is back on the menu bar, not lost on the page
    await expect.poll(() => s.page.evaluate(() => !!document.activeElement?.closest('ul.menu-principal'))).toBe(true);
  });

  it('« Envoyer aux destinataires » (admin) : confirmation qui compte les destinataires, puis l’envoi inscrit dans les messages', async () => {
    await s.connecter('admin');
    const actifs = (await s.page.request.get(s.url('/rest/destinataire/?actif=1&size=1'))).headers()['x-total-elements'];
    const dialogue = await ouvrirImpression();
    const envoyer = dialogue.getByRole('button', { name: /Envoyer aux destinataires/ });
    await expect.poll(() => envoyer.isEnabled()).toBe(true);
    await envoyer.click();
    const confirmation = s.page.getByRole('dialog', { name: IMPRESSION_LIBELLES.envoyer });
    await confirmation.getByText(IMPRESSION_LIBELLES.confirmationEnvoi(Number(actifs), DEMAIN)).waitFor();
    await s.capture('feuilles-de-route-confirmation-envoi');
    await confirmation.getByRole('button', { name: 'Envoyer' }).click();
    await s.page.getByText(ENVOI_MESSAGES.bilan(Number(actifs), 0)).waitFor();
    const messages = await lire<LogEvenement[]>(s, 'logEvenement/?domaine=ENVOI&size=5');
    expect(messages[0]!.texte).toMatch(
      new RegExp(`^Feuilles de route du ${formatJour(DEMAIN).replaceAll('.', '\\.')} envoyées à ${actifs} destinataire`),
    );
    expect(messages[0]!.texte).toContain('(envoi demandé par admin)');
  });

  it('« Imprimer » sur la fiche d’un débarras ouvre son PDF dans un nouvel onglet', async () => {
    await s.connecter('gestion');
    const [debarras] = await creerDebarras(s, `Impression e2e ${Date.now()}`, 1);
    await s.page.goto(s.url(`/debarrasDetail/${debarras!.idDebarras}`));
    const imprimer = s.page.getByRole('link', { name: /Imprimer/ });
    await imprimer.waitFor();
    const adresse = await adresseOuvertePar(s, () => imprimer.click());
    expect(adresse).toBe(s.url(`/rest/debarras/print/?id=${debarras!.idDebarras}`));
    await verifierPdf(adresse);
  });
});
