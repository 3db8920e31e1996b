import { OBJET_LIBELLES, ROLES } from '@debarras/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { unObjet } from '../../test/fabriques';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';

const FRIGO = unObjet(21, 'Réfrigérateur', {
  type: 'Interdit',
  urlInterdit: 'https://www.erecycling.ch/fr/',
  libelleExtEn: 'Fridge, freezer',
  urlInterditEn: null,
  version: 3,
});

// antd forms are slow to render under jsdom, the more so beside the other suites.
describe("fiche d'un objet", { timeout: 40_000 }, () => {
  it('montre le libellé et le lien en anglais ; l’admin change le lien, le libellé reste au rôle technique', async () => {
    const { appels } = simulerServeur({
      'GET objet/21': () => ({ corps: FRIGO }),
      'POST objet': () => ({ corps: { ...FRIGO, urlInterditEn: 'https://exemple.ch/en', version: 4 } }),
    });
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/objetDetail/21');
    render(<Application />);
    const libelleEn = await screen.findByLabelText(OBJET_LIBELLES.libelleExtEn);
    expect(libelleEn).toHaveValue('Fridge, freezer');
    expect(libelleEn).toBeDisabled();
    const lienEn = screen.getByLabelText(OBJET_LIBELLES.urlInterditEn);
    expect(lienEn).toBeEnabled();
    await userEvent.type(lienEn, 'https://exemple.ch/en');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(appels.find((a) => a.methode === 'POST')?.corps).toMatchObject({
        idObjet: 21,
        libelleExtEn: 'Fridge, freezer',
        urlInterditEn: 'https://exemple.ch/en',
        version: 3,
      }),
    );
  });
});
