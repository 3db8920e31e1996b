import { RECURRENCE_LIBELLES as L, RECURRENCE_MESSAGES, RECURRENCE_SUCCES, ROLES, type Role } from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { attendreDialogue, attendreTexte } from '../../test/ecran';
import { uneAdresse, uneRecurrence } from '../../test/fabriques';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';

const SERVETTE_12 = uneRecurrence(1, uneAdresse('6621000101', 'Rue de la Servette 12'), {
  recurrence: 'lundi,jeudi',
  dateDebut: '2026-01-05',
  dateFin: '2026-12-31',
  remarque: 'Devant le garage',
  remarqueObjet: 'Cartons pliés',
  version: 3,
});
const SERVETTE_14 = uneRecurrence(2, uneAdresse('6621000102', 'Rue de la Servette 14'), { recurrence: 'mercredi', isActif: false });

const serveur = (recurrences = [SERVETTE_12, SERVETTE_14]) =>
  simulerServeur({
    'GET recurrence/': () => ({ corps: recurrences, entetes: { 'x-total-elements': String(recurrences.length) } }),
    'DELETE recurrence/1': () => ({ corps: SERVETTE_12 }),
  });

const listes = (appels: ReturnType<typeof serveur>['appels']) =>
  appels.filter((a) => a.methode === 'GET' && a.url.pathname.endsWith('/recurrence/')).map((a) => a.url.searchParams);

function ouvrir(role: Role = ROLES.GESTION) {
  connecterEnTantQue(role);
  allerA('/RecurrenceListe');
  render(<Application />);
}

const ligneDe = (adresse: string) => within(screen.getByText(adresse).closest('tr')!);

// antd renders slowly under jsdom, the more so beside the other suites.
describe('liste des récurrences', { timeout: 60_000 }, () => {
  it('demande les récurrences actives triées par jours et montre adresse, jours, dates, remarques et statut', async () => {
    const { appels } = serveur();
    ouvrir();
    expect(await screen.findByRole('heading', { name: 'Récurrences (2)' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(listes(appels).at(-1)!.get('actif')).toBe('1');
    expect(listes(appels).at(-1)!.getAll('sort')).toEqual(['recurrence,asc']);
    expect(screen.getAllByRole('columnheader').map((c) => c.getAttribute('aria-label'))).toEqual([
      '',
      L.adresse,
      L.recurrence,
      L.dateDebut,
      L.dateFin,
      L.remarque,
      L.remarqueObjet,
      L.statut,
    ]);
    for (const filtre of [L.adresse, L.recurrence, L.remarque, L.remarqueObjet, L.statut]) {
      expect(screen.getByRole('button', { name: `Filtre ${filtre}` })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: `Filtre ${L.dateDebut}` })).not.toBeInTheDocument();

    const ligne = ligneDe('Rue de la Servette 12');
    for (const texte of ['lundi, jeudi', '05.01.2026', '31.12.2026', 'Devant le garage', 'Cartons pliés', 'Actif']) {
      expect(ligne.getByText(texte)).toBeInTheDocument();
    }
    expect(ligne.getByRole('link', { name: 'Modifier Rue de la Servette 12' })).toHaveAttribute('href', '/RecurrenceDetail/1');
    expect(ligneDe('Rue de la Servette 14').getByText('Inactif')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exporter/ })).toBeEnabled();
  });

  it('filtre par statut et par jours, paramètres du serveur', async () => {
    const { appels } = serveur();
    ouvrir();
    await screen.findByRole('heading', { name: 'Récurrences (2)' }, { timeout: 15_000 });

    await userEvent.click(screen.getByRole('button', { name: `Filtre ${L.statut}` }));
    await userEvent.click(await screen.findByLabelText(`Filtrer ${L.statut}`));
    await userEvent.click(await screen.findByTitle('Inactif'));
    await waitFor(() => expect(listes(appels).at(-1)!.get('actif')).toBe('0'));

    await userEvent.click(screen.getByRole('button', { name: `Filtre ${L.recurrence}` }));
    await userEvent.type(await screen.findByLabelText(`Filtrer ${L.recurrence}`), 'jeudi{Enter}');
    await waitFor(() => expect(listes(appels).at(-1)!.get('recurrence')).toBe('jeudi'));
    expect(listes(appels).at(-1)!.get('actif')).toBe('0');
  });

  it('avertit que les débarras déjà créés restent, demande confirmation puis annonce la suppression', async () => {
    const { appels } = serveur();
    ouvrir(ROLES.TECHNIQUE);
    await screen.findByRole('heading', { name: 'Récurrences (2)' }, { timeout: 15_000 });
    const supprimer = screen.getByRole('button', { name: 'Supprimer Rue de la Servette 12' });
    await userEvent.hover(supprimer);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(L.infoSuppression);

    await userEvent.click(supprimer);
    let dialogue = await attendreDialogue(L.titreSuppression);
    expect(dialogue).toHaveTextContent(RECURRENCE_MESSAGES.confirmationSuppression('Rue de la Servette 12'));
    await userEvent.click(within(dialogue).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(appels.some((a) => a.methode === 'DELETE')).toBe(false);

    await userEvent.click(supprimer);
    dialogue = await attendreDialogue(L.titreSuppression);
    await userEvent.click(within(dialogue).getByRole('button', { name: 'Supprimer' }));
    await attendreTexte(RECURRENCE_SUCCES.supprime('Rue de la Servette 12'));
    const suppression = appels.find((a) => a.methode === 'DELETE')!;
    expect(suppression.url.pathname).toBe('/rest/recurrence/1');
    expect(suppression.url.searchParams.get('version')).toBe('3');
    await waitFor(() => expect(listes(appels)).toHaveLength(2));
  });

  it('ouvre une fiche vide par « Ajouter » et la fiche d’une récurrence par double-clic', async () => {
    simulerServeur({
      'GET recurrence/': () => ({ corps: [SERVETTE_12], entetes: { 'x-total-elements': '1' } }),
      'GET recurrence/1': () => ({ corps: SERVETTE_12 }),
      'GET objet/': () => ({ corps: [], entetes: { 'x-total-elements': '0' } }),
    });
    ouvrir();
    await userEvent.click(await screen.findByRole('button', { name: /Ajouter/ }, { timeout: 15_000 }));
    expect(await screen.findByRole('heading', { name: L.nouvelle }, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/RecurrenceDetail');

    await userEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    await userEvent.dblClick(await screen.findByText('Rue de la Servette 12', {}, { timeout: 15_000 }));
    expect(await screen.findByRole('heading', { name: L.fiche }, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/RecurrenceDetail/1');
  });

  it('refuse la page au rôle lecture, qui ne gère pas les récurrences', async () => {
    serveur();
    ouvrir(ROLES.LECTURE);
    await attendreTexte('Non autorisé', { timeout: 15_000 });
    expect(screen.queryByText(L.titre, { exact: false })).not.toBeInTheDocument();
  });
});
