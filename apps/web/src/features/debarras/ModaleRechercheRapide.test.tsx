import { RECHERCHE_RAPIDE_LIBELLES as L, RECHERCHE_RAPIDE_MESSAGES, ROLES } from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { attendreDialogue } from '../../test/ecran';
import { uneLigneDebarras } from '../../test/fabriques';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';

const DUPONT = [
  uneLigneDebarras(7, 'ACTIF', { nomPersonne: 'Jean Dupont' }),
  uneLigneDebarras(8, 'ARCHIVE', { nomPersonne: 'Anne Dupont' }),
];

function demarrer() {
  const serveur = simulerServeur({
    'GET debarras/': () => ({ corps: [], entetes: { 'x-total-elements': '0' } }),
    'GET debarras/recherche': (url) => ({
      corps: url.searchParams.get('q') === 'Dupont' ? DUPONT : url.searchParams.get('q') === '2026-00009' ? [uneLigneDebarras(9)] : [],
    }),
  });
  connecterEnTantQue(ROLES.LECTURE);
  allerA('/debarrasListe');
  render(<Application />);
  return serveur;
}

const champ = () => screen.getByRole('combobox', { name: L.champ });

describe('recherche rapide', { timeout: 60_000 }, () => {
  it('s’ouvre par « / » hors d’un champ, choisit aux flèches et ouvre la fiche par Entrée', async () => {
    demarrer();
    await screen.findByRole('button', { name: new RegExp(L.bouton) });
    await userEvent.keyboard('/');
    const dialogue = await attendreDialogue(L.titre);
    await waitFor(() => expect(champ()).toHaveFocus());
    await userEvent.type(champ(), 'Du');
    expect(within(dialogue).getByText(RECHERCHE_RAPIDE_MESSAGES.tropCourte)).toBeInTheDocument();
    await userEvent.type(champ(), 'pont');
    await waitFor(() => expect(within(dialogue).getAllByRole('option')).toHaveLength(2));
    expect(within(dialogue).getByRole('status')).toHaveTextContent(L.resultats(2));
    expect(within(dialogue).getAllByRole('option')[1]).toHaveTextContent('Anne Dupont');
    expect(within(dialogue).getAllByRole('option')[1]).toHaveTextContent('Archivé');
    await userEvent.keyboard('{ArrowDown}');
    expect(champ()).toHaveAttribute('aria-activedescendant', within(dialogue).getAllByRole('option')[1]!.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/debarrasDetail/8'));
  });

  it('s’ouvre par Ctrl+K, et Entrée tapée avant les réponses ouvre la première dès qu’elle arrive', async () => {
    const { appels } = demarrer();
    await screen.findByRole('button', { name: new RegExp(L.bouton) });
    await userEvent.keyboard('{Control>}k{/Control}');
    await attendreDialogue(L.titre);
    await waitFor(() => expect(champ()).toHaveFocus());
    await userEvent.type(champ(), '2026-00009{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/debarrasDetail/9'));
    expect(appels.filter((a) => a.url.pathname.endsWith('/debarras/recherche'))).toHaveLength(1);
  });

  it('dit qu’aucun débarras ne correspond', async () => {
    demarrer();
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(L.bouton) }));
    const dialogue = await attendreDialogue(L.titre);
    await userEvent.type(champ(), 'Personne');
    await waitFor(() => expect(within(dialogue).getByRole('status')).toHaveTextContent(L.aucun));
    expect(within(dialogue).queryAllByRole('option')).toHaveLength(0);
  });
});
