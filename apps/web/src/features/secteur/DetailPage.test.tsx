import { ROLES, SECTEUR_LIBELLES, SECTEUR_MESSAGES, SECTEUR_SUCCES } from '@debarras/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';
import { attendreTexte } from '../../test/ecran';

const SECTEUR = {
  idSecteur: 6,
  libelle: 'Secteur 6 - Petit-Saconnex',
  rive: 2,
  dateDebut: '2010-01-01',
  dateFin: '2019-12-31',
  version: 4,
  createdDate: '2026-01-10T08:00:00Z',
  createdBy: 'systeme',
  lastModifiedDate: '2026-02-01T09:30:00Z',
  lastModifiedBy: 'admin',
};

// Typed then left with Tab: Enter would also submit the form.
const saisirDate = async (libelle: string, jour: string) => {
  await userEvent.type(screen.getByLabelText(libelle), jour);
  await userEvent.tab();
};

// antd forms are slow to render under jsdom, the more so beside the other suites.
describe("détail d'un secteur", { timeout: 40_000 }, () => {
  it('affiche sous leur champ les messages de validation de la spécification', async () => {
    simulerServeur({});
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/secteurDetail');
    render(<Application />);
    expect(await screen.findByRole('heading', { name: SECTEUR_LIBELLES.nouveau })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(SECTEUR_LIBELLES.libelle), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await attendreTexte(SECTEUR_MESSAGES.libelleObligatoire);
    await attendreTexte(SECTEUR_MESSAGES.dateDebutObligatoire);
  });

  it("refuse une fin d'activité antérieure au début", async () => {
    const { appels } = simulerServeur({});
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/secteurDetail');
    render(<Application />);
    await userEvent.type(await screen.findByLabelText(SECTEUR_LIBELLES.libelle), 'Secteur 9');
    await saisirDate(SECTEUR_LIBELLES.dateDebut, '10.03.2026');
    await saisirDate(SECTEUR_LIBELLES.dateFin, '01.03.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await attendreTexte(SECTEUR_MESSAGES.dateFinAvantDebut);
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);
  });

  it("crée le secteur, l'annonce et ouvre sa fiche", async () => {
    const { appels } = simulerServeur({
      'POST secteur': (_u, init) => ({ corps: { ...SECTEUR, ...JSON.parse(String(init?.body)), idSecteur: 12, version: 0 } }),
      'GET secteur/12': () => ({
        corps: { ...SECTEUR, idSecteur: 12, libelle: 'Secteur 9', rive: 3, dateDebut: '2026-03-10', dateFin: null },
      }),
    });
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/secteurDetail');
    render(<Application />);
    await userEvent.type(await screen.findByLabelText(SECTEUR_LIBELLES.libelle), 'Secteur 9');
    await userEvent.click(screen.getByLabelText(SECTEUR_LIBELLES.rive));
    await userEvent.click(await screen.findByTitle('Mixte'));
    await saisirDate(SECTEUR_LIBELLES.dateDebut, '10.03.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await attendreTexte(SECTEUR_SUCCES.ajoute('Secteur 9'));
    const corps = appels.find((a) => a.methode === 'POST')!.corps as Record<string, unknown>;
    expect(corps).toMatchObject({ libelle: 'Secteur 9', rive: 3, dateDebut: '2026-03-10', dateFin: null });
    expect(corps).not.toHaveProperty('idSecteur');
    expect(await screen.findByRole('heading', { name: 'Secteur Secteur 9' }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/secteurDetail/12');
  });

  it("montre « (Inactif) », fige libellé et début, et efface vraiment la fin d'activité", async () => {
    const { appels } = simulerServeur({
      'GET secteur/6': () => ({ corps: SECTEUR }),
      'POST secteur': (_u, init) => ({ corps: { ...SECTEUR, ...JSON.parse(String(init?.body)), version: 5 } }),
    });
    connecterEnTantQue(ROLES.TECHNIQUE);
    allerA('/secteurDetail/6');
    render(<Application />);
    expect(await screen.findByRole('heading', { name: 'Secteur Secteur 6 - Petit-Saconnex (Inactif)' })).toBeInTheDocument();
    expect(screen.getByLabelText(SECTEUR_LIBELLES.libelle)).toBeDisabled();
    expect(screen.getByLabelText(SECTEUR_LIBELLES.dateDebut)).toBeDisabled();
    expect(screen.getByLabelText(SECTEUR_LIBELLES.dateFin)).toHaveValue('31.12.2019');
    expect(screen.getByText(/Créé le 10\.01\.2026 - 09:00:00 par systeme/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();

    // antd's French label for a date picker's clear button, which only takes the pointer on hover
    fireEvent.click(screen.getByRole('button', { name: 'Rétablir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await attendreTexte(SECTEUR_SUCCES.misAJour('Secteur 6 - Petit-Saconnex'));
    expect(appels.find((a) => a.methode === 'POST')!.corps).toMatchObject({
      idSecteur: 6,
      libelle: 'Secteur 6 - Petit-Saconnex',
      dateDebut: '2010-01-01',
      dateFin: null,
      rive: 2,
      version: 4,
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(/^Secteur Secteur 6 - Petit-Saconnex$/));
  });
});
