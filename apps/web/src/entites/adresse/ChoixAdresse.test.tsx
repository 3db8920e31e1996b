import { ADRESSE_MESSAGES, type Adresse } from '@debarras/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { uneAdresse } from '../../test/fabriques';
import { simulerServeur } from '../../test/serveur';
import { ChoixAdresse } from './ChoixAdresse';
import { attendreTexte } from '../../test/ecran';

const adresse = (idpAdr: string, libelle: string, secteur: string | null): Adresse => uneAdresse(idpAdr, libelle, secteur);
const SERVETTE_12 = adresse('6621000101', 'Rue de la Servette 12', 'Secteur 2 - Servette / Saint-Jean / Charmilles');
const SERVETTE_14 = adresse('6621000102', 'Rue de la Servette 14', null);

function afficher(onChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Formulaire() {
    const [valeur, setValeur] = useState<Adresse | null>(null);
    return (
      <ChoixAdresse
        aria-label="Adresse"
        value={valeur}
        onChange={(a) => {
          setValeur(a);
          onChange(a);
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={client}>
      <Formulaire />
    </QueryClientProvider>,
  );
  return onChange;
}

const recherches = (appels: ReturnType<typeof simulerServeur>['appels']) =>
  appels.filter((a) => a.url.pathname.endsWith('/adresse/')).map((a) => a.url.searchParams.get('q'));

describe('ChoixAdresse', () => {
  it('attend 3 caractères et une pause de 500 ms avant de chercher, puis montre libellé et secteur', async () => {
    const { appels } = simulerServeur({ 'GET adresse/': () => ({ corps: [SERVETTE_12, SERVETTE_14] }) });
    afficher();
    const champ = screen.getByRole('combobox', { name: 'Adresse' });
    await userEvent.type(champ, 'se');
    await attendreTexte(ADRESSE_MESSAGES.rechercheTropCourte);

    await userEvent.type(champ, 'rv 12');
    expect(recherches(appels)).toEqual([]);
    await attendreTexte('Rue de la Servette 12', { timeout: 2000 });
    expect(recherches(appels)).toEqual(['serv 12']);
    expect(screen.getByText('Secteur 2 - Servette / Saint-Jean / Charmilles')).toBeInTheDocument();
    expect(screen.getByText(ADRESSE_MESSAGES.sansSecteur)).toBeInTheDocument();
  });

  it("rend l'adresse entière choisie au clavier, et null quand on vide le champ", async () => {
    simulerServeur({ 'GET adresse/': () => ({ corps: [SERVETTE_12, SERVETTE_14] }) });
    const onChange = afficher();
    const champ = screen.getByRole('combobox', { name: 'Adresse' });
    await userEvent.type(champ, 'servette');
    await screen.findByText('Rue de la Servette 14', {}, { timeout: 2000 });
    // rc-select reads `which`, which user-event leaves at 0 in jsdom
    fireEvent.keyDown(champ, { key: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(champ, { key: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(SERVETTE_14));
    expect(champ.closest('[title]')).toHaveAttribute('title', 'Rue de la Servette 14');

    await userEvent.click(screen.getByLabelText('close-circle'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
  });

  it("Entrée avant les propositions cherche aussitôt et prend la première adresse dès qu'elle arrive, sans effacer la saisie", async () => {
    let repondre = () => {};
    const reponse = new Promise<void>((r) => (repondre = r));
    const { appels } = simulerServeur({ 'GET adresse/': async () => (await reponse, { corps: [SERVETTE_14, SERVETTE_12] }) });
    const onChange = afficher();
    const champ = screen.getByRole('combobox', { name: 'Adresse' });
    await userEvent.type(champ, 'serv{Enter}');
    // no 500 ms pause once Enter is pressed, and the text stays while the register answers
    await waitFor(() => expect(recherches(appels)).toEqual(['serv']));
    expect(champ).toHaveValue('serv');
    expect(onChange).not.toHaveBeenCalled();

    repondre();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(SERVETTE_14));
    expect(champ.closest('[title]')).toHaveAttribute('title', 'Rue de la Servette 14');
    expect(recherches(appels)).toEqual(['serv']);
  });

  it('dit « Aucune adresse trouvée » quand le registre ne connaît pas la saisie', async () => {
    simulerServeur({ 'GET adresse/': () => ({ corps: [] }) });
    afficher();
    await userEvent.type(screen.getByRole('combobox', { name: 'Adresse' }), 'rue inconnue');
    await attendreTexte(ADRESSE_MESSAGES.aucuneTrouvee, { timeout: 2000 });
  });
});
