import {
  ADRESSE_EXCEPTION_LIBELLES as L,
  ADRESSE_EXCEPTION_MESSAGES as M,
  ADRESSE_EXCEPTION_SUCCES,
  ROLES,
  type AdresseCarte,
} from '@debarras/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Application } from '../../app/Application';
import { attendreTexte } from '../../test/ecran';
import { uneAdresse, uneAdresseException } from '../../test/fabriques';
import { allerA, connecterEnTantQue, refus, simulerServeur } from '../../test/serveur';
import type { CarteCopie } from './CopiePageCarte';

const point = (idpAdr: string, adresse: string, x: number): AdresseCarte => ({
  idpAdr,
  adresse,
  x,
  y: 1_118_000,
  gestionnaire: 'VILLE DE GENEVE',
  secteur: null,
});
const SOURCE = point('6621000101', 'Rue de la Servette 12', 2_500_000);
const VOISINE = point('6621000103', 'Rue de la Servette 16', 2_500_030);
const AUTRE = point('6621000104', 'Rue de la Servette 18', 2_500_060);
const DEJA = point('6621000105', 'Rue de la Servette 20', 2_500_090);

// jsdom draws no OpenLayers map: each button stands for a click answered by these addresses
vi.mock('./CopiePageCarte', () => ({
  CarteCopie: ({ onPointees, gestionnaire }: Parameters<typeof CarteCopie>[0]) => (
    <div>
      <p>gestionnaire {gestionnaire}</p>
      {[SOURCE, VOISINE, AUTRE, DEJA].map((a) => (
        <button key={a.idpAdr} type="button" onClick={() => onPointees([a])}>
          clic sur {a.adresse}
        </button>
      ))}
      <button type="button" onClick={() => onPointees([])}>
        clic loin des adresses
      </button>
    </div>
  ),
}));

const EXCEPTION = uneAdresseException(4, uneAdresse(SOURCE.idpAdr, SOURCE.adresse), {
  remarqueInterne: 'Concierge',
  remarquePublique: 'Devant le portail',
  xdepot: 2_500_010.5,
  ydepot: 1_118_020.25,
});

function ouvrir(clone: Parameters<typeof simulerServeur>[0][string]) {
  const serveur = simulerServeur({
    'GET adresseexception/4': () => ({ corps: EXCEPTION }),
    'GET adresse/6621000101': () => ({ corps: uneAdresse(SOURCE.idpAdr, SOURCE.adresse) }),
    'GET parametre/getStringValue': (url) => ({
      corps: url.searchParams.get('cle') === 'carte.gestionnaire' ? 'VILLE DE GENEVE' : 'integre',
      entetes: { 'content-type': 'text/plain' },
    }),
    'GET adresseexception/exists/6621000103': () => ({ corps: false }),
    'GET adresseexception/exists/6621000104': () => ({ corps: false }),
    'GET adresseexception/exists/6621000105': () => ({ corps: true }),
    'POST adresseexception/clone': clone,
    'GET adresseexception/': () => ({ corps: [], entetes: { 'x-total-elements': '0' } }),
    'GET adresse/': (url) => ({
      corps: url.searchParams.get('q')?.includes('99')
        ? [{ ...uneAdresse('6621000199', 'Rue de la Servette 99'), gestionnaire: 'ETAT DE GENEVE' }]
        : [{ ...uneAdresse(VOISINE.idpAdr, VOISINE.adresse), x: VOISINE.x, y: VOISINE.y }],
    }),
  });
  connecterEnTantQue(ROLES.ADMIN);
  allerA('/adresseExceptionCopie/4');
  render(<Application />);
  return serveur;
}

const cliquer = (nom: string) => userEvent.click(screen.getByRole('button', { name: nom }));
const choisies = () => screen.getByRole('textbox', { name: /^Adresses choisies/ });

describe("copie d'une adresse exception", { timeout: 60_000 }, () => {
  it('choisit les adresses cliquées, refuse celles qui ont déjà une exception et envoie une copie par adresse', async () => {
    const { appels } = ouvrir((_u, init) => ({
      corps: (JSON.parse(String(init?.body)) as { idpadr: string }[]).map((c, i) =>
        uneAdresseException(20 + i, uneAdresse(c.idpadr, 'copie'), c),
      ),
    }));
    await screen.findByRole('heading', { name: L.copieTitre(SOURCE.adresse) }, { timeout: 15_000 });
    expect(await screen.findByText('gestionnaire VILLE DE GENEVE')).toBeInTheDocument();
    expect(screen.getByText('Devant le portail')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer les copies' })).toBeDisabled();

    await cliquer(`clic sur ${SOURCE.adresse}`);
    await attendreTexte(M.adresseExistante(SOURCE.adresse));
    await cliquer(`clic sur ${DEJA.adresse}`);
    await attendreTexte(M.adresseExistante(DEJA.adresse));
    await cliquer('clic loin des adresses');
    await attendreTexte('Aucune adresse du gestionnaire configuré à moins de 2 m de ce point.');

    await cliquer(`clic sur ${VOISINE.adresse}`);
    await cliquer(`clic sur ${AUTRE.adresse}`);
    await waitFor(() => expect(choisies()).toHaveValue(`${VOISINE.adresse}\n${AUTRE.adresse}`));
    // a second click takes an address back; so does its button, for the keyboard
    await cliquer(`clic sur ${VOISINE.adresse}`);
    await waitFor(() => expect(choisies()).toHaveValue(AUTRE.adresse));
    await cliquer(`Retirer ${AUTRE.adresse}`);
    await waitFor(() => expect(choisies()).toHaveValue(''));
    await cliquer(`clic sur ${VOISINE.adresse}`);
    await cliquer(`clic sur ${AUTRE.adresse}`);
    await waitFor(() => expect(choisies()).toHaveValue(`${VOISINE.adresse}\n${AUTRE.adresse}`));

    await cliquer('Enregistrer les copies');
    await attendreTexte(ADRESSE_EXCEPTION_SUCCES.copiee(2));
    const envoi = appels.find((a) => a.methode === 'POST')!;
    expect(JSON.parse(String(envoi.corps))).toEqual([
      expect.objectContaining({
        idpadr: VOISINE.idpAdr,
        x: VOISINE.x,
        y: VOISINE.y,
        remarqueInterne: 'Concierge',
        xdepot: 2_500_010.5,
        statut: 'ACTIF',
      }),
      expect.objectContaining({ idpadr: AUTRE.idpAdr, x: AUTRE.x, remarquePublique: 'Devant le portail', ydepot: 1_118_020.25 }),
    ]);
    await waitFor(() => expect(window.location.pathname).toBe('/adresseExceptionListe'));
  });

  it('ajoute une adresse trouvée par la recherche (le chemin du clavier), du seul gestionnaire configuré', async () => {
    ouvrir(() => ({ corps: [] }));
    await screen.findByRole('heading', { name: L.copieTitre(SOURCE.adresse) }, { timeout: 15_000 });
    await screen.findByText('gestionnaire VILLE DE GENEVE');
    const recherche = screen.getByRole('combobox', { name: 'Ajouter une adresse' });
    const choisir = async (q: string, adresse: string) => {
      await userEvent.clear(recherche);
      await userEvent.type(recherche, q);
      await userEvent.click(await screen.findByText(adresse, { selector: '.ant-select-item-option-content *' }, { timeout: 3000 }));
    };
    await choisir('servette 99', 'Rue de la Servette 99');
    await attendreTexte("L'adresse Rue de la Servette 99 n'est pas gérée par VILLE DE GENEVE : l'exception ne peut pas y être copiée.");
    await choisir('servette 16', VOISINE.adresse);
    await waitFor(() => expect(choisies()).toHaveValue(VOISINE.adresse));
  });

  it('montre le refus du serveur, qui ne copie rien, et reste sur la page', async () => {
    ouvrir(() => refus(400, 'SAISIE_INVALIDE', M.adresseExistante(VOISINE.adresse)));
    await screen.findByRole('heading', { name: L.copieTitre(SOURCE.adresse) }, { timeout: 15_000 });
    await cliquer(`clic sur ${VOISINE.adresse}`);
    await waitFor(() => expect(choisies()).toHaveValue(VOISINE.adresse));
    await cliquer('Enregistrer les copies');
    await attendreTexte(M.adresseExistante(VOISINE.adresse));
    expect(window.location.pathname).toBe('/adresseExceptionCopie/4');
  });
});
