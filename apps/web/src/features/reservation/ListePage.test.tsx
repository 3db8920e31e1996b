import { ROLES } from '@debarras/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';

const reservation = (id: number, valeurs: Record<string, unknown>) => ({
  idReservation: id,
  type: 'creation',
  idSession: `session-${id}`,
  timestampReservation: '2026-03-02T08:00:00Z',
  timestampConfirmation: null,
  timestampValidation: null,
  rejetEmail: 0,
  langue: 'fr',
  ...valeurs,
});

const RESERVATIONS = [
  reservation(1, { timestampConfirmation: '2026-03-02T08:03:07Z', timestampValidation: '2026-03-02T08:15:07Z' }),
  reservation(2, { type: 'modification', timestampConfirmation: '2026-03-02T08:01:00Z', langue: 'en' }),
  reservation(3, { timestampConfirmation: '2026-03-02T08:00:45Z', rejetEmail: 1 }),
  reservation(4, { type: 'annulation' }),
];

const ligne = (session: string) => screen.getByText(session).closest('tr')!;

describe('liste des réservations en ligne', { timeout: 40_000 }, () => {
  it('montre les durées entre étapes, le rejet, la langue, et en vert les réservations abouties', async () => {
    const { appels } = simulerServeur({
      'GET reservation/': () => ({ corps: RESERVATIONS, entetes: { 'x-total-elements': '4' } }),
    });
    connecterEnTantQue(ROLES.TECHNIQUE);
    allerA('/reservationListe');
    render(<Application />);
    expect(await screen.findByRole('heading', { name: 'Réservations en ligne (4)' }, { timeout: 5000 })).toBeInTheDocument();
    expect(appels.find((a) => a.url.pathname.endsWith('/reservation/'))!.url.searchParams.getAll('sort')).toEqual([
      'timestampReservation,desc',
    ]);

    const validee = ligne('session-1');
    expect(validee).toHaveClass('ligne-aboutie');
    expect(validee).toHaveTextContent('02.03.2026 - 09:03:07');
    expect(validee).toHaveTextContent('3 min 07 s');
    expect(validee).toHaveTextContent('12 min 00 s');
    expect(validee).toHaveTextContent('Français');
    // the session's kind in French, never its stored value
    expect(within(validee).getByRole('cell', { name: 'Création' })).toBeInTheDocument();
    expect(validee).not.toHaveTextContent('creation');

    const modification = ligne('session-2');
    expect(modification).toHaveClass('ligne-aboutie');
    expect(modification).toHaveTextContent('Anglais');
    expect(modification).toHaveTextContent('Modification');
    expect(ligne('session-4')).toHaveTextContent('Annulation');

    const rejetee = ligne('session-3');
    expect(rejetee).not.toHaveClass('ligne-aboutie');
    expect(rejetee.querySelector('[aria-label="Rejetée par e-mail"]')).not.toBeNull();
    expect(rejetee).toHaveTextContent('0 min 45 s');
    expect(ligne('session-1').querySelector('[aria-label="Rejetée par e-mail"]')).toBeNull();

    expect(ligne('session-4')).not.toHaveClass('ligne-aboutie');
  });
});
