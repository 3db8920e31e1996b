import type { Tri } from '@debarras/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Page, RequeteListe } from '../lib/liste';
import { pagesProposees } from './PaginationListe';
import { TableServeur, type ColonneServeur } from './TableServeur';

interface Ligne {
  id: number;
  nom: string;
}
const COLONNES: ColonneServeur<Ligne>[] = [{ champ: 'nom', titre: 'Nom', filtre: { type: 'texte' } }];
const TRI: Tri[] = [{ champ: 'nom', sens: 'asc' }];

function afficher(
  charger: (r: RequeteListe) => Promise<Page<Ligne>>,
  props: { cheminExport?: string; compacte?: boolean; triDefaut?: Tri[] } = {},
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={client}>
      <TableServeur<Ligne>
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

describe('TableServeur', () => {
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

  it('dit que la liste n’a pas pu être chargée, sans total ni « Aucune donnée », et la relit sur « Réessayer »', async () => {
    const charger = vi.fn<(r: RequeteListe) => Promise<Page<Ligne>>>().mockRejectedValueOnce(new Error('surcharge'));
    charger.mockResolvedValue(page(3));
    afficher(charger);
    expect(await screen.findByText('La liste n’a pas pu être chargée.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Essais' })).toBeInTheDocument();
    expect(screen.queryByText('Aucune donnée')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Essais (3)' })).toBeInTheDocument();
    expect(screen.getByText('Alpha')).toBeInTheDocument();
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
    expect(cellule).toHaveClass('cellule-coupee');
  });

  it('se parcourt au clavier : Entrée trie, le filtre s’ouvre, Échap ou Tab hors du panneau le ferme en rendant le focus à son bouton, les pages sont des boutons', async () => {
    const charger = vi.fn(async (r: RequeteListe) => ({ lignes: [{ id: r.page + 1, nom: `Ligne ${r.page + 1}` }], total: 95 }));
    afficher(charger);
    await screen.findByText('Ligne 1');
    const entete = screen.getByRole('columnheader', { name: 'Nom' });
    expect(entete).toHaveAttribute('aria-sort', 'ascending');

    within(entete).getByRole('button', { name: 'Nom' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(entete).toHaveAttribute('aria-sort', 'descending'));
    expect(charger).toHaveBeenLastCalledWith(expect.objectContaining({ tri: [{ champ: 'nom', sens: 'desc' }] }));

    const filtre = screen.getByRole('button', { name: 'Filtre Nom' });
    filtre.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Filtrer Nom')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(filtre).toHaveFocus());
    expect(filtre).toHaveAttribute('aria-expanded', 'false');
    // Shift+Tab out of the panel's first field closes it too, the focus back on the funnel
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Filtrer Nom')).toHaveFocus());
    await userEvent.tab({ shift: true });
    await waitFor(() => expect(filtre).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(filtre).toHaveFocus());

    expect(screen.getByText('1-20 sur 95')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page précédente' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('Ligne 2')).toBeInTheDocument();
    expect(screen.getByText('21-40 sur 95')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(await screen.findByText('Ligne 5')).toBeInTheDocument();
    // inactive at the last page, but still focused: Enter pressed on it to the end keeps the focus
    const suivante = screen.getByRole('button', { name: 'Page suivante' });
    expect(suivante).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(suivante);
    expect(charger).toHaveBeenLastCalledWith(expect.objectContaining({ page: 4 }));
  });
});

describe('TableServeur, cas limites', () => {
  it('revient à la dernière page quand la page gardée est au-delà de la liste (lignes supprimées entre-temps)', async () => {
    sessionStorage.setItem('liste:essai', JSON.stringify({ filtres: {}, tri: TRI, page: 5 }));
    const charger = vi.fn(async (r: RequeteListe) =>
      r.page < 3 ? { lignes: [{ id: r.page, nom: `Page ${r.page + 1}` }], total: 45 } : { lignes: [], total: 45 },
    );
    afficher(charger);
    expect(await screen.findByText('Page 3')).toBeInTheDocument();
    expect(charger).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('dit dans l’infobulle ce que fera le clic, même sur une colonne triée par défaut du plus récent au plus ancien', async () => {
    const charger = vi.fn(async () => page(1));
    afficher(charger, { triDefaut: [{ champ: 'nom', sens: 'desc' }] });
    await screen.findByText('Alpha');
    const tri = () => within(screen.getByRole('columnheader', { name: 'Nom' })).getByRole('button', { name: 'Nom' });
    expect(tri()).toHaveAttribute('title', 'Trier par ordre croissant');
    await userEvent.click(tri());
    await waitFor(() => expect(tri()).toHaveAttribute('title', 'Trier par ordre décroissant'));
    expect(charger).toHaveBeenLastCalledWith(expect.objectContaining({ tri: [{ champ: 'nom', sens: 'asc' }] }));
  });
});

describe('pagesProposees', () => {
  it('montre la première, la dernière et deux pages de part et d’autre de la page courante, « … » entre', () => {
    expect(pagesProposees(0, 1)).toEqual([0]);
    expect(pagesProposees(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(pagesProposees(9, 20)).toEqual([0, null, 7, 8, 9, 10, 11, null, 19]);
    expect(pagesProposees(0, 20)).toEqual([0, 1, 2, null, 19]);
    expect(pagesProposees(19, 20)).toEqual([0, null, 17, 18, 19]);
  });
});
