import { ADRESSE_EXCEPTION_LIBELLES as L, ADRESSE_EXCEPTION_MESSAGES, ADRESSE_MESSAGES, ROLES } from '@debarras/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { attendreDialogue, attendreTexte } from '../../test/ecran';
import { uneAdresse } from '../../test/fabriques';
import { monterPage } from '../../test/monter';
import { simulerServeur } from '../../test/serveur';
import { AdresseExceptionListePage } from './ListePage';

const SERVETTE_12 = uneAdresse('6621000101', 'Rue de la Servette 12');
const SERVETTE_14 = uneAdresse('6621000102', 'Rue de la Servette 14');

function ouvrir() {
  const { appels } = simulerServeur({
    'GET adresseexception/': () => ({ corps: [], entetes: { 'x-total-elements': '0' } }),
    'GET adresse/': () => ({ corps: [SERVETTE_12, SERVETTE_14] }),
    'GET adresseexception/exists/6621000101': () => ({ corps: true }),
    'GET adresseexception/exists/6621000102': () => ({ corps: false }),
  });
  const routeur = monterPage(
    [
      { path: '/adresseExceptionListe', element: <AdresseExceptionListePage /> },
      { path: '/adresseExceptionDetail', element: <p>Détail</p> },
    ],
    '/adresseExceptionListe',
    ROLES.ADMIN,
  );
  return { appels, routeur };
}

async function ouvrirAjout() {
  await userEvent.click(await screen.findByRole('button', { name: /Ajouter/ }));
  return attendreDialogue(L.ajouter);
}

/** Types in the search, waits for its 500 ms pause, then takes the address with the keyboard. */
async function choisirAuClavier(dialogue: HTMLElement, rang: number) {
  const recherche = within(dialogue).getByRole('combobox', { name: ADRESSE_MESSAGES.placeholder });
  await userEvent.type(recherche, 'servette');
  await within(document.body).findByText('Rue de la Servette 14', { selector: '.ant-select-item-option-content *' }, { timeout: 3000 });
  // rc-select reads `which`, which user-event leaves at 0 in jsdom
  for (let i = 0; i < rang; i++) fireEvent.keyDown(recherche, { key: 'ArrowDown', keyCode: 40, which: 40 });
  fireEvent.keyDown(recherche, { key: 'Enter', keyCode: 13, which: 13 });
}

describe("ajout d'une adresse exception", { timeout: 60_000 }, () => {
  it("choisit l'adresse par Entrée, puis Entrée sur OK ouvre le détail avec l'adresse choisie", async () => {
    const { routeur } = ouvrir();
    const dialogue = await ouvrirAjout();
    await choisirAuClavier(dialogue, 1);
    await waitFor(() => expect(within(dialogue).getByLabelText(L.adresse)).toHaveValue('Rue de la Servette 14'));
    const ok = within(dialogue).getByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(routeur.state.location.pathname).toBe('/adresseExceptionDetail'));
    expect(routeur.state.location.state).toEqual({ idpadr: '6621000102', adresse: 'Rue de la Servette 14' });
  });

  it('refuse sur place une adresse qui a déjà son exception, avec le message de la règle', async () => {
    const { appels, routeur } = ouvrir();
    const dialogue = await ouvrirAjout();
    await choisirAuClavier(dialogue, 0);
    await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
    await attendreTexte(ADRESSE_EXCEPTION_MESSAGES.adresseExistante('Rue de la Servette 12'));
    expect(appels.some((a) => a.url.pathname.endsWith('/adresseexception/exists/6621000101'))).toBe(true);
    expect(routeur.state.location.pathname).toBe('/adresseExceptionListe');
  });

  it("demande une adresse avant d'aller plus loin, et se ferme par Échap", async () => {
    const { appels } = ouvrir();
    const dialogue = await ouvrirAjout();
    await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
    await attendreTexte(ADRESSE_EXCEPTION_MESSAGES.adresseObligatoire);
    expect(appels.some((a) => a.url.pathname.includes('/exists/'))).toBe(false);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
