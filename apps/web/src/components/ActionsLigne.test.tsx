import { EyeOutlined, UndoOutlined } from '@ant-design/icons';
import { ROLES } from '@debarras/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { monterPage } from '../test/monter';
import { actionModifier, actionSupprimer, ActionsLigne, type ActionLigne } from './ActionsLigne';

interface Ligne {
  id: number;
  nom: string;
  actif: boolean;
}

const LIGNES: Ligne[] = [
  { id: 1, nom: 'Alpha', actif: true },
  { id: 2, nom: 'Beta', actif: false },
];

function monter(actions: ActionLigne<Ligne>[], compacte = false) {
  monterPage(
    [
      {
        path: '/',
        element: (
          <ul>
            {LIGNES.map((l) => (
              <li key={l.id} aria-label={l.nom}>
                <ActionsLigne ligne={l} actions={actions} compacte={compacte} />
              </li>
            ))}
          </ul>
        ),
      },
    ],
    '/',
    ROLES.GESTION,
  );
}

/** The row's links and buttons in the keyboard's order. */
const noms = (ligne: string) =>
  [...screen.getByRole('listitem', { name: ligne }).querySelectorAll('a, button')].map((e) => e.getAttribute('aria-label'));

describe('ActionsLigne', () => {
  it("offre, dans l'ordre donné, les actions que le rôle permet et que le statut de la ligne autorise", async () => {
    const supprimer = vi.fn();
    monter([
      actionModifier(
        (l) => `/detail/${l.id}`,
        (l) => l.nom,
      ),
      actionSupprimer((l) => l.nom, { si: (l) => l.actif, faire: supprimer }),
      { nom: (l) => `Réactiver ${l.nom}`, icone: <UndoOutlined />, si: (l) => !l.actif, faire: vi.fn() },
      { nom: (l) => `Voir ${l.nom}`, icone: <EyeOutlined />, permis: false, chemin: (l) => `/voir/${l.id}` },
    ]);
    expect(noms('Alpha')).toEqual(['Modifier Alpha', 'Supprimer Alpha']);
    expect(noms('Beta')).toEqual(['Modifier Beta', 'Réactiver Beta']);
    expect(screen.getByRole('link', { name: 'Modifier Beta' })).toHaveAttribute('href', '/detail/2');
    await userEvent.hover(screen.getByRole('button', { name: 'Supprimer Alpha' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Supprimer');
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Alpha' }));
    expect(supprimer).toHaveBeenCalledWith(LIGNES[0]);
  });

  it("ne fait rien tant que la confirmation n'est pas acceptée", async () => {
    const supprimer = vi.fn();
    monter(
      [actionSupprimer((l) => l.nom, { confirmation: (l) => ({ titre: `Supprimer ${l.nom} ?`, danger: true }), faire: supprimer })],
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Beta' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Supprimer Beta ?');
    await userEvent.click(screen.getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(supprimer).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Beta' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(supprimer).toHaveBeenCalledWith(LIGNES[1]));
  });
});
