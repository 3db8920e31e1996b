import { ROLES } from '@debarras/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErreurHttp } from '../../lib/http';
import { monterPage } from '../../test/monter';
import { simulerServeur } from '../../test/serveur';
import { AdresseExceptionCartePage } from './CartePage';
import { EXCEPTION_FRIBOURG, FRIBOURG } from './coucheExceptions.exemples';
import { useExceptionsDeLaVue } from './coucheExceptions';

// jsdom draws no OpenLayers map: the map hook, the frame and the layers stand in, the search and the list are real
const carte = vi.hoisted(() => ({
  carte: {},
  cible: () => undefined,
  orthophoto: {},
  rechercher: vi.fn(),
  centrer: vi.fn(),
  pointer: vi.fn(),
}));
vi.mock('../../entites/carte/useCarte', () => ({ useCarte: () => carte }));
vi.mock('../../entites/carte/CadreCarte', () => ({
  CadreCarte: ({ libelle, commandes, children }: { libelle: string; commandes: ReactNode; children: ReactNode }) => (
    <div role="application" aria-label={libelle}>
      {commandes}
      {children}
    </div>
  ),
}));
vi.mock('../../entites/carte/useAdresseMarquee', () => ({ useAdresseMarquee: vi.fn() }));
vi.mock('./coucheExceptions', () => ({
  useExceptionsDeLaVue: vi.fn(),
  useCoucheExceptions: () => ({ bulle: null, ouvrir: vi.fn(), fermer: vi.fn() }),
}));
vi.mock('./BulleException', async (original) => ({ ...(await original<object>()), BulleException: () => null }));

const vue = (valeurs: Partial<ReturnType<typeof useExceptionsDeLaVue>> = {}) =>
  vi.mocked(useExceptionsDeLaVue).mockReturnValue({ exceptions: [], tropLoin: false, chargement: false, erreur: null, ...valeurs });
const trouvees = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ idpAdr: `66210025${i}`, libelle: `Rue de Fribourg ${i + 1}`, x: 2_499_900 + i, y: 1_118_100 }));

function ouvrir() {
  simulerServeur({});
  return monterPage([{ path: '/adresseExceptionCarte', element: <AdresseExceptionCartePage /> }], '/adresseExceptionCarte', ROLES.GESTION);
}

describe('carte des exceptions', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vue();
  });

  it("cherche dans la vue à partir de 3 caractères, une fois la saisie arrêtée, et centre la carte au 1:500 sur l'adresse choisie au clavier", async () => {
    carte.rechercher.mockResolvedValue(trouvees(12));
    ouvrir();
    const recherche = await screen.findByRole('combobox', { name: 'Rechercher une adresse' });
    await waitFor(() => expect(recherche).toHaveFocus());
    await userEvent.type(recherche, 'Fr');
    await new Promise((r) => setTimeout(r, 600));
    expect(carte.rechercher).not.toHaveBeenCalled();
    await userEvent.type(recherche, 'ibourg');
    await screen.findByText('Rue de Fribourg 1', { selector: '.ant-select-item-option-content' }, { timeout: 3000 });
    expect(carte.rechercher).toHaveBeenCalledTimes(1);
    expect(carte.rechercher).toHaveBeenCalledWith('Fribourg');
    expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(10);
    // the arrows lead to the second address (rc-select reads `which`, which user-event leaves at 0 in jsdom)
    const active = () => document.querySelector('.ant-select-item-option-active')?.textContent;
    for (let i = 0; i < 3 && active() !== 'Rue de Fribourg 2'; i++)
      fireEvent.keyDown(recherche, { key: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(recherche, { key: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(carte.centrer).toHaveBeenCalledWith(2_499_901, 1_118_100, 500));
    expect(recherche).toHaveValue('Rue de Fribourg 2');
    expect(screen.getByText('Carte centrée sur Rue de Fribourg 2')).toBeInTheDocument();
  });

  it("dit qu'aucune adresse de la vue ne répond", async () => {
    carte.rechercher.mockResolvedValue([]);
    ouvrir();
    await userEvent.type(await screen.findByRole('combobox', { name: 'Rechercher une adresse' }), 'Zzz');
    expect(await screen.findByText('Aucune adresse trouvée dans cette vue.', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("dit sous la boîte l'échec de la recherche, sans la redemander ni le notifier", async () => {
    carte.rechercher.mockRejectedValue(new ErreurHttp(0, 'Le serveur ne répond pas.'));
    ouvrir();
    await userEvent.type(await screen.findByRole('combobox', { name: 'Rechercher une adresse' }), 'Fribourg');
    expect(await screen.findByText('Le serveur ne répond pas.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(carte.rechercher).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Erreur')).not.toBeInTheDocument();
  });

  it('liste les exceptions de la vue', async () => {
    vue({
      exceptions: [
        {
          exception: EXCEPTION_FRIBOURG,
          adresse: { idpAdr: FRIBOURG.idpAdr, adresse: FRIBOURG.adresse, x: 1, y: 2, gestionnaire: null, secteur: null },
        },
      ],
    });
    ouvrir();
    expect(await screen.findByRole('navigation', { name: 'Exceptions visibles : 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rue de Fribourg 15' })).toBeInTheDocument();
  });

  it('demande de se rapprocher quand la vue est trop large', async () => {
    vue({ tropLoin: true });
    ouvrir();
    expect(await screen.findByRole('status')).toHaveTextContent('Rapprochez-vous (1:5000 ou plus près) pour afficher les exceptions.');
  });
});
