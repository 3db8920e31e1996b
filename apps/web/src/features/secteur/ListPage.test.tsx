import { ROLES } from '@debarras/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';

describe('liste des secteurs', { timeout: 40_000 }, () => {
  it("annonce l'échec du chargement par la phrase de la spécification suivie de sa cause", async () => {
    simulerServeur({
      'GET secteur/': () => ({ status: 500, corps: { errMsg: 'Une erreur interne est survenue.' } }),
    });
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/secteurListe');
    render(<App />);
    expect(
      await screen.findByText('Impossible de récupérer la liste des secteurs. Une erreur interne est survenue.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Erreur')).toBeInTheDocument();
  });
});
