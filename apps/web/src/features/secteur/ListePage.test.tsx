import { ROLES, SECTEUR_MESSAGES } from '@debarras/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, refus, simulerServeur } from '../../test/serveur';

describe('liste des secteurs', { timeout: 40_000 }, () => {
  it("annonce l'échec du chargement par la phrase de la spécification suivie de sa cause", async () => {
    simulerServeur({
      'GET secteur/': () => refus(500, 'ERREUR_INTERNE', 'Une erreur interne est survenue.'),
    });
    connecterEnTantQue(ROLES.ADMIN);
    allerA('/secteurListe');
    render(<Application />);
    expect(
      await screen.findByText(`${SECTEUR_MESSAGES.listeImpossible} Une erreur interne est survenue.`, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Erreur')).toBeInTheDocument();
  });
});
