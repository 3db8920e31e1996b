import { ADRESSE_EXCEPTION_LIBELLES as L, ADRESSE_EXCEPTION_MESSAGES, ADRESSE_EXCEPTION_SUCCES, ROLES, type Role } from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { attendreDialogue, attendreTexte } from '../../test/ecran';
import { uneAdresse, uneAdresseException } from '../../test/fabriques';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';

const SERVETTE_12 = uneAdresseException(1, uneAdresse('6621000101', 'Rue de la Servette 12'), {
  remarqueInterne: 'Sonner chez la concierge',
  remarquePublique: 'Déposer côté cour',
  remarqueTravaux: 'Trottoir fermé',
  dateDebutTravaux: '2026-12-01',
  dateFinTravaux: '2026-12-18',
  xtravaux: 2499080,
  ytravaux: 1118950,
  version: 3,
});
const SERVETTE_14 = uneAdresseException(2, uneAdresse('6621000102', 'Rue de la Servette 14'), { statut: 'INACTIF' });

const serveur = (exceptions = [SERVETTE_12, SERVETTE_14]) =>
  simulerServeur({
    'GET adresseexception/': () => ({ corps: exceptions, entetes: { 'x-total-elements': String(exceptions.length) } }),
    'DELETE adresseexception/1': () => ({ corps: SERVETTE_12 }),
  });

const derniereListe = (appels: ReturnType<typeof serveur>['appels']) =>
  appels.filter((a) => a.methode === 'GET' && a.url.pathname.endsWith('/adresseexception/')).at(-1)!.url.searchParams;

function ouvrir(role: Role = ROLES.ADMIN) {
  connecterEnTantQue(role);
  allerA('/adresseExceptionListe');
  render(<Application />);
}

describe('liste des adresses exceptions', { timeout: 60_000 }, () => {
  it('demande les exceptions actives triées par adresse et montre remarques, dates de travaux et statut', async () => {
    const { appels } = serveur();
    ouvrir();
    expect(await screen.findByRole('heading', { name: 'Adresses exceptions (2)' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(derniereListe(appels).get('statut')).toBe('ACTIF');
    expect(derniereListe(appels).getAll('sort')).toEqual(['adresse,asc']);
    expect(screen.getAllByRole('columnheader').map((c) => c.getAttribute('aria-label'))).toEqual([
      '',
      L.idpadr,
      L.adresse,
      L.remarqueInterne,
      L.remarquePublique,
      L.remarqueTravaux,
      L.dateDebutTravaux,
      L.dateFinTravaux,
      L.statut,
    ]);
    for (const filtre of [L.idpadr, L.adresse, L.remarqueInterne, L.remarquePublique, L.remarqueTravaux, L.statut]) {
      expect(screen.getByRole('button', { name: `Filtre ${filtre}` })).toBeInTheDocument();
    }

    const ligne = within(screen.getByText('Rue de la Servette 12').closest('tr')!);
    for (const texte of ['6621000101', 'Sonner chez la concierge', 'Déposer côté cour', 'Trottoir fermé', '01.12.2026', '18.12.2026']) {
      expect(ligne.getByText(texte)).toBeInTheDocument();
    }
    expect(ligne.getByText(L.actif)).toBeInTheDocument();
    expect(within(screen.getByText('Rue de la Servette 14').closest('tr')!).getByText(L.inactif)).toBeInTheDocument();
    expect(ligne.getByRole('link', { name: `${L.modifier} Rue de la Servette 12` })).toHaveAttribute('href', '/adresseExceptionDetail/1');
    expect(ligne.getByRole('link', { name: `${L.copier} Rue de la Servette 12` })).toHaveAttribute('href', '/adresseExceptionCopie/1');
    expect(screen.getByRole('button', { name: /Exporter/ })).toBeEnabled();
  });

  it('filtre sur le statut Inactif, et la réinitialisation revient aux exceptions actives', async () => {
    const { appels } = serveur();
    ouvrir();
    await screen.findByRole('heading', { name: 'Adresses exceptions (2)' }, { timeout: 15_000 });

    await userEvent.click(screen.getByRole('button', { name: `Filtre ${L.statut}` }));
    await userEvent.click(await screen.findByLabelText(`Filtrer ${L.statut}`));
    await userEvent.click(await screen.findByTitle(L.inactif));
    await waitFor(() => expect(derniereListe(appels).get('statut')).toBe('INACTIF'));

    await userEvent.click(screen.getByRole('button', { name: /Réinitialiser les filtres/ }));
    await waitFor(() => expect(derniereListe(appels).get('statut')).toBe('ACTIF'));
    expect(derniereListe(appels).has('actif')).toBe(false);
  });

  it("supprime après la confirmation qui nomme l'adresse, avec la version lue, puis l'annonce", async () => {
    const { appels } = serveur();
    ouvrir(ROLES.TECHNIQUE);
    await screen.findByRole('heading', { name: 'Adresses exceptions (2)' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: `${L.supprimer} Rue de la Servette 12` }));
    const dialogue = await attendreDialogue(L.titreSuppression);
    expect(dialogue).toHaveTextContent(ADRESSE_EXCEPTION_MESSAGES.confirmationSuppression('Rue de la Servette 12'));
    await userEvent.click(within(dialogue).getByRole('button', { name: L.supprimer }));
    await attendreTexte(ADRESSE_EXCEPTION_SUCCES.supprimee('Rue de la Servette 12'));
    const suppression = appels.find((a) => a.methode === 'DELETE')!;
    expect(suppression.url.searchParams.get('version')).toBe('3');
    await waitFor(() => expect(appels.filter((a) => a.url.pathname.endsWith('/adresseexception/'))).toHaveLength(2));
  });

  it("n'exporte pas une liste vide", async () => {
    serveur([]);
    ouvrir();
    await screen.findByRole('heading', { name: 'Adresses exceptions (0)' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: /Exporter/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Réinitialiser les filtres/ })).toBeInTheDocument();
  });

  it('refuse la page au rôle gestion, qui ne gère pas les exceptions', async () => {
    serveur();
    ouvrir(ROLES.GESTION);
    await attendreTexte('Non autorisé', { timeout: 15_000 });
    expect(screen.queryByText(L.titre, { exact: false })).not.toBeInTheDocument();
  });
});
