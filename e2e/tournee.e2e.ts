import { formatJour, IMPRESSION_LIBELLES, TOURNEE_LIBELLES, TOURNEE_MESSAGES, type Levee, type Tournee } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { adresseOuvertePar, textePdf } from './lib/documents.js';
import { dansE2e } from './lib/horloge.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

async function lire<T>(chemin: string): Promise<T> {
  const reponse = await s.page.request.get(s.url(`/rest/${chemin}`));
  expect(reponse.status(), chemin).toBe(200);
  return reponse.json() as Promise<T>;
}

describe('tournée d’une levée (rôle gestion)', () => {
  it('descend un arrêt au clavier, enregistre l’ordre, l’imprime en PDF, puis revient à l’ordre calculé', async () => {
    await s.connecter('gestion');
    const jour = dansE2e(2);
    const levees = await lire<Levee[]>(`levee/?statut=ACTIF&dateFrom=${jour}&dateTo=${jour}&size=50`);
    const levee = levees.find((l) => l.nbDebarras >= 5)!;
    const avant = await lire<Tournee>(`levee/${levee.idLevee}/tournee`);
    expect(avant.manuel).toBe(false);
    const [premier, second] = avant.arrets;

    await s.page.goto(s.url(`/leveeDetail/${levee.idLevee}`));
    const liste = s.page.getByRole('list', { name: TOURNEE_LIBELLES.liste });
    await liste.getByRole('listitem').first().waitFor();
    await s.page.getByRole('button', { name: TOURNEE_LIBELLES.descendre(premier!.numero) }).focus();
    await s.page.keyboard.press('Enter');
    await expect.poll(() => liste.getByRole('listitem').first().textContent()).toContain(second!.numero);
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      TOURNEE_LIBELLES.descendre(premier!.numero),
    );
    await s.page.getByText(TOURNEE_LIBELLES.nonEnregistre).waitFor();
    await s.capture('tournee-modifiee');

    await s.page.getByRole('button', { name: TOURNEE_LIBELLES.enregistrer }).focus();
    await s.page.keyboard.press('Enter');
    await s.page.getByText(TOURNEE_MESSAGES.enregistree).waitFor();
    const apres = await lire<Tournee>(`levee/${levee.idLevee}/tournee`);
    expect(apres.manuel).toBe(true);
    expect(apres.arrets.map((a) => a.idDebarras)).toEqual([
      second!.idDebarras,
      premier!.idDebarras,
      ...avant.arrets.slice(2).map((a) => a.idDebarras),
    ]);
    expect((await lire<Levee>(`levee/${levee.idLevee}`)).version).toBe(levee.version + 1);

    // the day's route sheets, printed from the menu: the levée's stops in the order saved
    const dialogue = s.page.getByRole('dialog', { name: IMPRESSION_LIBELLES.modaleFeuilles });
    await s.ouvrirParMenu('Levée', IMPRESSION_LIBELLES.modaleFeuilles, dialogue);
    const date = dialogue.getByLabel(IMPRESSION_LIBELLES.date, { exact: true });
    // the dialog proposes the next levée day once it has looked it up: the day typed must not be replaced by it
    await expect.poll(() => date.inputValue()).not.toBe('');
    await date.fill(formatJour(jour));
    await date.press('Enter');
    await expect.poll(() => date.inputValue()).toBe(formatJour(jour));
    await dialogue.getByLabel(IMPRESSION_LIBELLES.format).click();
    await s.page.locator('.ant-select-item-option', { hasText: 'Pdf' }).click();
    const ok = dialogue.getByRole('button', { name: 'OK' });
    await expect.poll(() => ok.isEnabled()).toBe(true);
    expect(await date.inputValue()).toBe(formatJour(jour));
    const adresse = await adresseOuvertePar(s, () => ok.click());
    expect(adresse).toBe(s.url(`/rest/levee/print/?date=${jour}&type=Pdf`));
    const texte = await textePdf(s, adresse);
    const positions = apres.arrets.map((a) => texte.indexOf(a.numero));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // each stop's « Ordre » begins its line of the list
    for (const a of apres.arrets.slice(0, 3))
      expect(texte).toMatch(new RegExp(`^\\s*${a.ordre}\\s+${a.numero.replaceAll('.', '\\.')}`, 'm'));
    await dialogue.waitFor({ state: 'hidden' });

    await s.page.getByRole('button', { name: TOURNEE_LIBELLES.reoptimiser }).click();
    await s.page.getByText(TOURNEE_MESSAGES.reoptimisee).waitFor();
    const calculee = await lire<Tournee>(`levee/${levee.idLevee}/tournee`);
    expect(calculee).toMatchObject({ manuel: false, distanceMetres: avant.distanceMetres });
    expect(calculee.arrets.map((a) => a.idDebarras)).toEqual(avant.arrets.map((a) => a.idDebarras));
  });
});
