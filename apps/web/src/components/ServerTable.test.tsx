import type { Tri } from '@debarras/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Page, RequeteListe } from '../lib/liste';
import { ServerTable, type ColonneServeur } from './ServerTable';

interface Ligne {
  id: number;
  nom: string;
}
const COLONNES: ColonneServeur<Ligne>[] = [{ champ: 'nom', titre: 'Nom', filtre: { type: 'texte' } }];
const TRI: Tri[] = [{ champ: 'nom', sens: 'asc' }];

function afficher(
  charger: (r: RequeteListe) => Promise<Page<Ligne>>,
  props: { cheminExport?: string; compacte?: boolean } = {},
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={client}>
      <ServerTable<Ligne>
        cleEtat="essai"
        cleRequete={['essai', 'liste']}
        titre="Essais"
        colonnes={COLONNES}
        charger={charger}
        triDefaut={TRI}
        cleLigne={(l) => l.id}
        {...props}
      />
    </QueryClientProvider>,
  );
}

const page = (total: number): Page<Ligne> => ({ lignes: total ? [{ id: 1, nom: 'Alpha' }] : [], total });

describe('ServerTable', () => {
  it('demande la page zéro avec le tri par défaut et affiche le total dans le titre', async () => {
    const charger = vi.fn(async () => page(57));
    afficher(charger);
    expect(await screen.findByRole('heading', { name: 'Essais (57)' })).toBeInTheDocument();
    expect(charger).toHaveBeenCalledWith({ page: 0, size: 20, tri: TRI, filtres: {} });
    expect(screen.getByText('Alpha')).toBeInTheDocument();
  });

  it("filtre par l'en-tête, garde le filtre en sessionStorage et le retrouve au retour sur la liste", async () => {
    const charger = vi.fn(async () => page(1));
    const { unmount } = afficher(charger);
    await screen.findByText('Alpha');
    await userEvent.click(screen.getByLabelText('Filtre Nom'));
    await userEvent.type(await screen.findByLabelText('Filtrer Nom'), 'alp{Enter}');
    await waitFor(() => expect(charger).toHaveBeenLastCalledWith({ page: 0, size: 20, tri: TRI, filtres: { nom: 'alp' } }));
    expect(JSON.parse(sessionStorage.getItem('liste:essai')!).filtres).toEqual({ nom: 'alp' });

    unmount();
    charger.mockClear();
    afficher(charger);
    await waitFor(() => expect(charger).toHaveBeenCalledWith({ page: 0, size: 20, tri: TRI, filtres: { nom: 'alp' } }));
  });

  it('trie au clic sur un en-tête et revient aux valeurs par défaut avec « Réinitialiser les filtres »', async () => {
    sessionStorage.setItem('liste:essai', JSON.stringify({ filtres: { nom: 'x' }, tri: TRI, page: 0 }));
    const charger = vi.fn(async () => page(1));
    afficher(charger);
    await screen.findByText('Alpha');
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Nom/ })).getByText('Nom'));
    await waitFor(() => expect(charger).toHaveBeenLastCalledWith(expect.objectContaining({ tri: [{ champ: 'nom', sens: 'desc' }] })));
    await userEvent.click(screen.getByRole('button', { name: /Réinitialiser les filtres/ }));
    await waitFor(() => expect(charger).toHaveBeenLastCalledWith({ page: 0, size: 20, tri: TRI, filtres: {} }));
  });

  it('désactive « Exporter » quand la liste est vide', async () => {
    afficher(async () => page(0), { cheminExport: 'essai/export/' });
    expect(await screen.findByRole('heading', { name: 'Essais (0)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exporter/ })).toBeDisabled();
  });

  it("se relit quand une écriture invalide les listes de l'entité, sans rien changer aux filtres gardés", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    sessionStorage.setItem('liste:essai', JSON.stringify({ filtres: { nom: 'alp' }, tri: TRI, page: 0 }));
    const charger = vi.fn(async () => page(1));
    afficher(charger, {}, client);
    await screen.findByRole('heading', { name: 'Essais (1)' });

    await client.invalidateQueries({ queryKey: ['essai', 'liste'] });

    await waitFor(() => expect(charger).toHaveBeenCalledTimes(2));
    expect(charger).toHaveBeenLastCalledWith({ page: 0, size: 20, tri: TRI, filtres: { nom: 'alp' } });
    expect(JSON.parse(sessionStorage.getItem('liste:essai')!).filtres).toEqual({ nom: 'alp' });
  });

  it('compacte, tient chaque cellule sur une ligne et en montre le texte entier au survol', async () => {
    const long = 'Rue de la Servette 12, au fond de la cour, deuxième porte à gauche';
    afficher(async () => ({ lignes: [{ id: 1, nom: long }], total: 1 }), { compacte: true });
    const cellule = await screen.findByRole('cell', { name: long });
    expect(cellule).toHaveAttribute('title', long);
    expect(cellule).toHaveClass('ant-table-cell-ellipsis');
  });
});
