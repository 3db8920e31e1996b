import { PARAMETRE_LIBELLES, PARAMETRE_MESSAGES, PARAMETRE_SUCCES, ROLES } from '@debarras/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';
import { attendreTexte } from '../../test/ecran';

const PARAMETRE = {
  idParametre: 7,
  cle: 'levee.max.debarras',
  valeur: '30',
  description: 'Maximum',
  version: 2,
  createdDate: '2026-01-10T08:00:00Z',
  createdBy: 'systeme',
  lastModifiedDate: '2026-02-01T09:30:00Z',
  lastModifiedBy: 'technique',
};

describe("détail d'un paramètre", () => {
  it('affiche les messages de validation de la spécification', async () => {
    simulerServeur({});
    connecterEnTantQue(ROLES.TECHNIQUE);
    allerA('/parametreDetail');
    render(<Application />);
    await userEvent.type(await screen.findByLabelText(PARAMETRE_LIBELLES.cle), '   ');
    await userEvent.click(screen.getByLabelText(PARAMETRE_LIBELLES.valeur));
    await userEvent.paste('x'.repeat(256));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await attendreTexte(PARAMETRE_MESSAGES.cleObligatoire);
    // each field's rules settle on their own: the second message may come after the first
    await attendreTexte(PARAMETRE_MESSAGES.valeurTropLongue);
  });

  it('rend la clé non modifiable, envoie la version et annonce la mise à jour', async () => {
    const { appels } = simulerServeur({
      'GET parametre/7': () => ({ corps: PARAMETRE }),
      'POST parametre': (_u, init) => ({ corps: { ...PARAMETRE, ...JSON.parse(String(init?.body)), version: 3 } }),
    });
    connecterEnTantQue(ROLES.TECHNIQUE);
    allerA('/parametreDetail/7');
    render(<Application />);
    const cle = await screen.findByLabelText(PARAMETRE_LIBELLES.cle);
    await waitFor(() => expect(cle).toHaveValue('levee.max.debarras'));
    expect(cle).toBeDisabled();
    expect(screen.getByText(/Créé le 10\.01\.2026 - 09:00:00 par systeme/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();

    const valeur = screen.getByLabelText(PARAMETRE_LIBELLES.valeur);
    await userEvent.clear(valeur);
    await userEvent.type(valeur, '35');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await attendreTexte(PARAMETRE_SUCCES.misAJour('levee.max.debarras'));
    expect(screen.getByText('Succès')).toBeInTheDocument();
    expect(appels.find((a) => a.methode === 'POST')!.corps).toMatchObject({
      idParametre: 7,
      cle: 'levee.max.debarras',
      valeur: '35',
      version: 2,
    });
  });
});
