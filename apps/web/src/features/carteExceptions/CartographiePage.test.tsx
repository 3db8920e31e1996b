import { ROLES } from '@debarras/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { imprimerCarte } from '../../entites/carte/api';
import { ErreurHttp } from '../../lib/http';
import { monterPage } from '../../test/monter';
import { refus, simulerServeur } from '../../test/serveur';
import { DebarrasCartographiePage } from './CartographiePage';
import { EXCEPTION_FRIBOURG, FRIBOURG } from './coucheExceptions.exemples';
import { useCoucheExceptions } from './coucheExceptions';
import type { Marqueur } from './coucheExceptionsDonnees';

// jsdom draws no OpenLayers map: the map, its frame and its layers stand in, the screen around them is real
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
vi.mock('../../entites/carte/useCarte', () => ({
  useCarte: () => ({ carte: {}, cible: () => undefined, orthophoto: {}, rechercher: vi.fn(), centrer: vi.fn(), pointer: vi.fn() }),
}));
vi.mock('../../entites/carte/CadreCarte', () => ({
  CadreCarte: ({ libelle, children }: { libelle: string; children: ReactNode }) => (
    <div role="application" aria-label={libelle}>
      {children}
    </div>
  ),
}));
vi.mock('../../entites/carte/image', () => ({ imageDeLaCarte: vi.fn(async () => IMAGE) }));
vi.mock('../../entites/carte/api', () => ({ imprimerCarte: vi.fn() }));
vi.mock('../../entites/carte/useAdresseMarquee', () => ({ useAdresseMarquee: vi.fn() }));
vi.mock('./coucheExceptions', () => ({
  useCoucheExceptions: vi.fn(() => ({ bulle: null, ouvrir: vi.fn(), fermer: vi.fn() })),
}));
vi.mock('./BulleException', async (original) => ({ ...(await original<object>()), BulleException: () => null }));

const EXCEPTION = EXCEPTION_FRIBOURG;

function ouvrir(chemin: string, exception = EXCEPTION) {
  simulerServeur({
    [`GET adresse/${FRIBOURG.idpAdr}`]: () => ({ corps: FRIBOURG }),
    [`GET adresseexception/byidpadr/${FRIBOURG.idpAdr}`]: () => ({ corps: exception }),
  });
  return monterPage(
    [
      { path: '/DebarrasCartographie/:idpAdr?/:dateLevee?', element: <DebarrasCartographiePage /> },
      { path: '/DebarrasListe', element: <p>Liste des débarras</p> },
    ],
    chemin,
    ROLES.GESTION,
  );
}

/** The markers the screen hands to the exceptions layer, at its last render. */
const marqueursDessines = () => (vi.mocked(useCoucheExceptions).mock.lastCall?.[1] ?? []).map((m: Marqueur) => m.genre);

describe("carte d'une adresse", { timeout: 20_000 }, () => {
  beforeEach(() => vi.clearAllMocks());

  it('sans adresse, le dit et mène à la liste des débarras', async () => {
    ouvrir('/DebarrasCartographie');
    expect(await screen.findByText("Aucune adresse n'est indiquée : ouvrez la carte depuis la fiche d'un débarras.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Afficher les débarras' })).toHaveAttribute('href', '/DebarrasListe');
  });

  it("titre la carte de l'adresse et du jour de la levée ; les travaux en cours ce jour-là sont dessinés", async () => {
    ouvrir(`/DebarrasCartographie/${FRIBOURG.idpAdr}/2026-11-18`);
    expect(await screen.findByRole('heading', { name: 'Rue de Fribourg 15' })).toBeInTheDocument();
    expect(screen.getByText('Levée du 18.11.2026')).toBeInTheDocument();
    expect(screen.getByRole('application', { name: "Carte de l'adresse Rue de Fribourg 15" })).toBeInTheDocument();
    expect(marqueursDessines()).toEqual(['depot', 'travaux']);
    const liste = screen.getByRole('navigation', { name: 'Exceptions visibles : 1' });
    expect(within(liste).getByRole('button', { name: 'Rue de Fribourg 15' })).toBeInTheDocument();
  });

  it('ne dessine pas les travaux qui ne sont pas en cours le jour de la levée, mais tous sans jour', async () => {
    ouvrir(`/DebarrasCartographie/${FRIBOURG.idpAdr}/2026-12-10`);
    await screen.findByRole('heading', { name: 'Rue de Fribourg 15' });
    expect(marqueursDessines()).toEqual(['depot']);
    cleanup();
    ouvrir(`/DebarrasCartographie/${FRIBOURG.idpAdr}`);
    await screen.findByRole('heading', { name: 'Rue de Fribourg 15' });
    expect(marqueursDessines()).toEqual(['depot', 'travaux']);
  });

  it("dit qu'une adresse est inconnue du registre, avec « Retour »", async () => {
    simulerServeur({
      'GET adresse/6621999999': () => refus(404, 'INTROUVABLE', "L'adresse est introuvable."),
      'GET adresseexception/byidpadr/6621999999': () => ({ corps: null }),
    });
    monterPage(
      [{ path: '/DebarrasCartographie/:idpAdr?/:dateLevee?', element: <DebarrasCartographiePage /> }],
      '/DebarrasCartographie/6621999999',
    );
    expect(await screen.findByText("L'adresse est introuvable.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retour/ })).toBeInTheDocument();
    expect(useCoucheExceptions).not.toHaveBeenCalled();
  });

  it('ne montre pas une exception inactive', async () => {
    ouvrir(`/DebarrasCartographie/${FRIBOURG.idpAdr}`, { ...EXCEPTION, statut: 'INACTIF' });
    await screen.findByRole('heading', { name: 'Rue de Fribourg 15' });
    expect(marqueursDessines()).toEqual([]);
    expect(screen.getByText("Exceptions visibles : 0 — Cette adresse n'a pas d'exception active.")).toBeInTheDocument();
  });

  it("« Imprimer » envoie l'image de la carte titrée de l'adresse, le bouton en chargement jusqu'au PDF", async () => {
    let finir: () => void = () => undefined;
    vi.mocked(imprimerCarte).mockImplementation(() => new Promise<void>((r) => (finir = r)));
    ouvrir(`/DebarrasCartographie/${FRIBOURG.idpAdr}`);
    await userEvent.click(await screen.findByRole('button', { name: /Imprimer/ }));
    await waitFor(() => expect(imprimerCarte).toHaveBeenCalledWith('Rue de Fribourg 15', IMAGE));
    expect(screen.getByRole('button', { name: /Imprimer/ })).toHaveClass('ant-btn-loading');
    finir();
    await waitFor(() => expect(screen.getByRole('button', { name: /Imprimer/ })).not.toHaveClass('ant-btn-loading'));
  });

  it("dit l'échec de l'impression dans une notification « Erreur »", async () => {
    vi.mocked(imprimerCarte).mockRejectedValue(new ErreurHttp(400, "L'image de la carte dépasse 8 Mo : imprimez une vue plus petite."));
    ouvrir(`/DebarrasCartographie/${FRIBOURG.idpAdr}`);
    await userEvent.click(await screen.findByRole('button', { name: /Imprimer/ }));
    expect(await screen.findByText("L'image de la carte dépasse 8 Mo : imprimez une vue plus petite.")).toBeInTheDocument();
    expect(screen.getByText('Erreur')).toBeInTheDocument();
  });

  it("« Retour » sans écran d'où revenir ferme l'onglet ouvert par la fiche, ou, le navigateur le gardant, mène à la liste des débarras", async () => {
    // jsdom would really close its window
    const fermer = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const routeur = ouvrir(`/DebarrasCartographie/${FRIBOURG.idpAdr}`);
    await userEvent.click(await screen.findByRole('button', { name: /Retour/ }));
    expect(fermer).toHaveBeenCalled();
    await waitFor(() => expect(routeur.state.location.pathname).toBe('/DebarrasListe'));
  });

  it('« Retour » revient à l’écran d’où la carte a été ouverte', async () => {
    const routeur = ouvrir('/DebarrasListe');
    await routeur.navigate(`/DebarrasCartographie/${FRIBOURG.idpAdr}`);
    await userEvent.click(await screen.findByRole('button', { name: /Retour/ }));
    await waitFor(() => expect(routeur.state.location.pathname).toBe('/DebarrasListe'));
    expect(routeur.state.historyAction).toBe('POP');
  });
});
