import { DESTINATAIRE_LIBELLES, DESTINATAIRE_MESSAGES, DESTINATAIRE_SUCCES, ROLES } from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';
import { attendreTexte } from '../../test/ecran';

const DESTINATAIRE = {
  idDestinataire: 3,
  destinataire: "Centrale d'appels",
  email: 'centrale@example.org',
  description: 'Planning complet',
  type: 'Excel',
  actif: 1,
  version: 2,
  createdDate: '2026-01-10T08:00:00Z',
  createdBy: 'systeme',
  lastModifiedDate: '2026-02-01T09:30:00Z',
  lastModifiedBy: 'admin',
};

/** The PDF parameter as the server answers it; every other key keeps the default answer. */
const parametrePdf = (valeur: 'true' | 'false') => ({
  'GET parametre/getStringValue': (url: URL) => ({
    corps: url.searchParams.get('cle') === 'impression.pdf.actif' ? valeur : 'Service de la voirie',
    entetes: { 'content-type': 'text/plain' },
  }),
});

const choisirType = async (format: string) => {
  await userEvent.click(screen.getByLabelText(DESTINATAIRE_LIBELLES.type));
  await userEvent.click(await screen.findByTitle(format));
};

// antd forms and tables are slow to render under jsdom, the more so beside the other suites.
describe("détail d'un destinataire planning", { timeout: 40_000 }, () => {
  it('affiche sous leur champ les messages de validation de la spécification', async () => {
    const { appels } = simulerServeur(parametrePdf('false'));
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/destinataireDetail');
    render(<Application />);
    expect(await screen.findByRole('heading', { name: DESTINATAIRE_LIBELLES.nouveau })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(DESTINATAIRE_LIBELLES.destinataire), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await attendreTexte(DESTINATAIRE_MESSAGES.nomObligatoire);
    await attendreTexte(DESTINATAIRE_MESSAGES.emailObligatoire);
    await attendreTexte(DESTINATAIRE_MESSAGES.descriptionObligatoire);

    await userEvent.click(screen.getByLabelText(DESTINATAIRE_LIBELLES.destinataire));
    await userEvent.paste('n'.repeat(256));
    await userEvent.click(screen.getByLabelText(DESTINATAIRE_LIBELLES.email));
    await userEvent.paste('centrale.voirie');
    await userEvent.click(screen.getByLabelText(DESTINATAIRE_LIBELLES.description));
    await userEvent.paste('d'.repeat(256));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await attendreTexte(DESTINATAIRE_MESSAGES.nomTropLong);
    await attendreTexte(DESTINATAIRE_MESSAGES.emailInvalide);
    await attendreTexte(DESTINATAIRE_MESSAGES.descriptionTropLongue);
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);
  });

  it("ne propose le format Pdf que si le paramètre l'active", async () => {
    simulerServeur(parametrePdf('false'));
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/destinataireDetail');
    const { unmount } = render(<Application />);
    await userEvent.click(await screen.findByLabelText(DESTINATAIRE_LIBELLES.type));
    expect(await screen.findByTitle('Word')).toBeInTheDocument();
    expect(screen.getByTitle('Excel')).toBeInTheDocument();
    expect(screen.queryByTitle('Pdf')).not.toBeInTheDocument();
    unmount();

    simulerServeur(parametrePdf('true'));
    render(<Application />);
    await userEvent.click(await screen.findByLabelText(DESTINATAIRE_LIBELLES.type));
    expect(await screen.findByTitle('Pdf')).toBeInTheDocument();
  });

  it("crée le destinataire, actif par défaut, l'annonce et ouvre sa fiche", async () => {
    const { appels } = simulerServeur({
      ...parametrePdf('true'),
      'POST destinataire': (_u, init) => ({ corps: { ...DESTINATAIRE, ...JSON.parse(String(init?.body)), idDestinataire: 9, version: 0 } }),
      'GET destinataire/9': () => ({ corps: { ...DESTINATAIRE, idDestinataire: 9, destinataire: 'Chef rive droite', type: 'Pdf' } }),
    });
    connecterEnTantQue(ROLES.TECHNIQUE);
    allerA('/destinataireDetail');
    render(<Application />);
    await userEvent.type(await screen.findByLabelText(DESTINATAIRE_LIBELLES.destinataire), ' Chef rive droite ');
    await userEvent.click(screen.getByLabelText(DESTINATAIRE_LIBELLES.email));
    await userEvent.paste('chef@example.org');
    await userEvent.click(screen.getByLabelText(DESTINATAIRE_LIBELLES.description));
    await userEvent.paste('Feuilles de route');
    await choisirType('Pdf');
    expect(screen.getByRole('checkbox', { name: 'Actif' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await attendreTexte(DESTINATAIRE_SUCCES.ajoute('Chef rive droite'));
    const corps = appels.find((a) => a.methode === 'POST')!.corps as Record<string, unknown>;
    expect(corps).toEqual({
      destinataire: 'Chef rive droite',
      email: 'chef@example.org',
      description: 'Feuilles de route',
      type: 'Pdf',
      actif: 1,
    });
    expect(
      await screen.findByRole('heading', { name: DESTINATAIRE_LIBELLES.fiche('Chef rive droite') }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/destinataireDetail/9');
  });

  it('désactive un destinataire existant, envoie sa version et annonce la mise à jour', async () => {
    const { appels } = simulerServeur({
      ...parametrePdf('false'),
      'GET destinataire/3': () => ({ corps: DESTINATAIRE }),
      'POST destinataire': (_u, init) => ({ corps: { ...DESTINATAIRE, ...JSON.parse(String(init?.body)), version: 3 } }),
    });
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/destinataireDetail/3');
    render(<Application />);
    await waitFor(() => expect(screen.getByLabelText(DESTINATAIRE_LIBELLES.destinataire)).toHaveValue("Centrale d'appels"));
    expect(
      screen.getByText(/Créé le 10\.01\.2026 - 09:00:00 par systeme — Modifié le 01\.02\.2026 - 10:30:00 par admin/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Actif' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await attendreTexte(DESTINATAIRE_SUCCES.misAJour("Centrale d'appels"));
    expect(appels.find((a) => a.methode === 'POST')!.corps).toMatchObject({ idDestinataire: 3, actif: 0, type: 'Excel', version: 2 });
  });
});

describe('liste des destinataires planning', { timeout: 40_000 }, () => {
  const listeAvec = (lignes: unknown[]) => ({
    ...parametrePdf('true'),
    'GET destinataire/': () => ({ corps: lignes, entetes: { 'x-total-elements': String(lignes.length) } }),
  });

  it('demande les actifs triés par nom et propose les formats et les statuts en filtre', async () => {
    const { appels } = simulerServeur(listeAvec([DESTINATAIRE]));
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/destinataireListe');
    render(<Application />);
    expect(await screen.findByRole('heading', { name: 'Destinataires (1)' })).toBeInTheDocument();
    const liste = appels.find((a) => a.url.pathname.endsWith('/destinataire/'))!.url.searchParams;
    expect(liste.get('actif')).toBe('1');
    expect(liste.getAll('sort')).toEqual(['destinataire,asc']);
    expect(screen.getByText('centrale@example.org')).toBeInTheDocument();
    expect(screen.getByText('Actif')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Filtre Type'));
    await userEvent.click(await screen.findByLabelText('Filtrer Type'));
    expect(await screen.findByTitle('Pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('Word'));
    await waitFor(() => expect(appels.at(-1)!.url.searchParams.get('type')).toBe('Word'));
  });

  it('demande confirmation avant de supprimer, puis annonce la suppression', async () => {
    const { appels } = simulerServeur({
      ...listeAvec([DESTINATAIRE]),
      'DELETE destinataire/3': () => ({ corps: DESTINATAIRE }),
    });
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/destinataireListe');
    render(<Application />);
    await userEvent.click(await screen.findByLabelText("Supprimer Centrale d'appels", {}, { timeout: 5000 }));
    const dialogue = await screen.findByRole('dialog');
    expect(within(dialogue).getByText(DESTINATAIRE_MESSAGES.confirmationSuppression("Centrale d'appels"))).toBeInTheDocument();
    await userEvent.click(within(dialogue).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(appels.some((a) => a.methode === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByLabelText("Supprimer Centrale d'appels"));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    await attendreTexte(DESTINATAIRE_SUCCES.supprime("Centrale d'appels"));
    expect(appels.filter((a) => a.methode === 'DELETE').map((a) => a.url.pathname)).toEqual(['/rest/destinataire/3']);
  });
});
