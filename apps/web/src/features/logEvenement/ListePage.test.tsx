import { ROLES } from '@debarras/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';

const MESSAGES = [
  {
    idLogEvenement: 2,
    domaine: 'PLANIFICATION',
    date: '2026-03-02T01:00:00Z',
    type: 2,
    texte: 'Planification des levées en échec : base indisponible',
  },
  { idLogEvenement: 1, domaine: 'DEMARRAGE', date: '2026-03-01T06:30:00Z', type: 1, texte: 'Application démarrée' },
];

describe('liste des messages', { timeout: 40_000 }, () => {
  it("demande les plus récents d'abord et montre en rouge les messages KO", async () => {
    const { appels } = simulerServeur({
      'GET logEvenement/': () => ({ corps: MESSAGES, entetes: { 'x-total-elements': '2' } }),
    });
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/logEvenementListe');
    render(<Application />);
    expect(await screen.findByRole('heading', { name: 'Messages (2)' }, { timeout: 5000 })).toBeInTheDocument();
    expect(appels.find((a) => a.url.pathname.endsWith('/logEvenement/'))!.url.searchParams.getAll('sort')).toEqual(['date,desc']);

    const ko = screen.getByText('Planification des levées en échec : base indisponible').closest('tr')!;
    expect(ko).toHaveClass('ligne-ko');
    expect(ko).toHaveTextContent('KO');
    expect(ko).toHaveTextContent('02.03.2026 - 02:00:00');
    const ok = screen.getByText('Application démarrée').closest('tr')!;
    expect(ok).not.toHaveClass('ligne-ko');
    expect(ok).toHaveTextContent('OK');
  });
});
