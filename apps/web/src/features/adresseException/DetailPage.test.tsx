import { ADRESSE_EXCEPTION_LIBELLES as L, ADRESSE_EXCEPTION_MESSAGES as M, ADRESSE_EXCEPTION_SUCCES, ROLES } from '@debarras/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Application } from '../../app/Application';
import { attendreTexte } from '../../test/ecran';
import { uneAdresse, uneAdresseException } from '../../test/fabriques';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';
import type { CartePointsException } from './DetailPageCarte';

// jsdom draws no OpenLayers map: a stand-in says which point is being placed and "clicks" the map
vi.mock('./DetailPageCarte', () => ({
  CartePointsException: ({ edition, onPlacer, points }: Parameters<typeof CartePointsException>[0]) => (
    <div>
      <p>{edition ? `placement ${edition}` : 'carte'}</p>
      <p>{points.travaux ? 'point des travaux sur la carte' : 'sans point des travaux'}</p>
      <button type="button" onClick={() => edition && onPlacer(edition, 2_500_123.456, 1_118_000.004)}>
        clic sur la carte
      </button>
    </div>
  ),
}));

const SERVETTE = uneAdresse('6621000101', 'Rue de la Servette 12');
const LISTE = () => ({ corps: [], entetes: { 'x-total-elements': '0' } });

function ouvrirNouvelle() {
  const serveur = simulerServeur({
    'GET adresse/6621000101': () => ({ corps: SERVETTE }),
    'POST adresseexception': (_u, init) => ({ corps: uneAdresseException(9, SERVETTE, JSON.parse(String(init?.body))) }),
    'GET adresseexception/': LISTE,
  });
  connecterEnTantQue(ROLES.ADMIN);
  // the add dialog hands the address over in the router state
  window.history.pushState(
    { usr: { idpadr: SERVETTE.idpAdr, adresse: SERVETTE.adresse }, key: 'ajout', idx: 0 },
    '',
    '/adresseExceptionDetail',
  );
  render(<Application />);
  return serveur;
}

// pasted at once: each key typed would check the whole entry again, every field depending on the others
const saisir = async (libelle: string, texte: string) => {
  await userEvent.click(screen.getByLabelText(libelle));
  await userEvent.paste(texte);
};
const enregistrer = () => userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe("détail d'une adresse exception", { timeout: 90_000 }, () => {
  it('crée une exception active, son point de dépôt placé sur la carte au centimètre, après les règles du domaine', async () => {
    const { appels } = ouvrirNouvelle();
    await screen.findByRole('heading', { name: 'Nouvelle exception : Rue de la Servette 12' }, { timeout: 15_000 });
    expect(screen.getByRole('radio', { name: L.actif })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Placer le point de dépôt' }));
    expect(screen.getByText('placement depot')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'clic sur la carte' }));
    expect(screen.getByLabelText(L.xdepot)).toHaveValue('2500123.46');
    expect(screen.getByLabelText(L.ydepot)).toHaveValue('1118000.00');
    expect(screen.getByText('carte')).toBeInTheDocument();

    await enregistrer();
    await attendreTexte(M.remarquePubliqueObligatoire);
    await saisir(L.remarquePublique, 'Portail');
    await enregistrer();
    await attendreTexte(M.remarqueInterneObligatoire);
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);

    await saisir(L.remarqueInterne, 'Concierge');
    await enregistrer();
    await attendreTexte(ADRESSE_EXCEPTION_SUCCES.ajoutee('Rue de la Servette 12'));
    expect(appels.find((a) => a.methode === 'POST')!.corps).toMatchObject({
      idpadr: SERVETTE.idpAdr,
      remarqueInterne: 'Concierge',
      remarquePublique: 'Portail',
      xdepot: 2_500_123.46,
      ydepot: 1_118_000,
      xtravaux: null,
      statut: 'ACTIF',
    });
    await waitFor(() => expect(window.location.pathname).toBe('/adresseExceptionListe'));
  });

  it('retourne à la liste sans adresse ni exception à montrer', async () => {
    simulerServeur({ 'GET adresseexception/': LISTE });
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/adresseExceptionDetail');
    render(<Application />);
    await waitFor(() => expect(window.location.pathname).toBe('/adresseExceptionListe'), { timeout: 15_000 });
  });

  it('efface avec le point des travaux leurs dates et leur remarque, après confirmation, puis met à jour', async () => {
    const existante = uneAdresseException(4, SERVETTE, {
      version: 2,
      remarqueInterne: 'Concierge',
      remarqueTravaux: 'Chantier devant l’entrée',
      dateDebutTravaux: '2026-12-01',
      dateFinTravaux: '2026-12-31',
      xtravaux: 2_500_100.5,
      ytravaux: 1_118_010.25,
    });
    const { appels } = simulerServeur({
      'GET adresseexception/4': () => ({ corps: existante }),
      'GET adresse/6621000101': () => ({ corps: SERVETTE }),
      'POST adresseexception': (_u, init) => ({ corps: { ...existante, ...JSON.parse(String(init?.body)), version: 3 } }),
      'GET adresseexception/': LISTE,
    });
    connecterEnTantQue(ROLES.TECHNIQUE);
    allerA('/adresseExceptionDetail/4');
    render(<Application />);
    await screen.findByRole('heading', { name: 'Exception : Rue de la Servette 12' }, { timeout: 15_000 });
    expect(screen.getByLabelText(L.xtravaux)).toHaveValue('2500100.50');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(screen.getByText(/Créé le .* par technique/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le point des travaux' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(screen.getByLabelText(L.remarqueTravaux)).toHaveValue(''));
    expect(screen.getByLabelText(L.xtravaux)).toHaveValue('');
    expect(screen.getByText('sans point des travaux')).toBeInTheDocument();

    await enregistrer();
    await attendreTexte(ADRESSE_EXCEPTION_SUCCES.miseAJour('Rue de la Servette 12'));
    expect(appels.find((a) => a.methode === 'POST')!.corps).toMatchObject({
      id: 4,
      version: 2,
      remarqueTravaux: '',
      dateDebutTravaux: null,
      dateFinTravaux: null,
      xtravaux: null,
      ytravaux: null,
    });
  });
});
