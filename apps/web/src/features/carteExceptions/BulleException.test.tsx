import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { uneAdresse, uneAdresseException } from '../../test/fabriques';
import { ContenuException, ListeExceptionsVisibles } from './BulleException';
import { EXCEPTION_FRIBOURG } from './coucheExceptions.exemples';

const FRIBOURG = EXCEPTION_FRIBOURG;
const FRANCE = uneAdresseException(8, uneAdresse('6621000001', 'Avenue de France 1'), { remarqueInterne: 'Concierge' });

describe("bulle d'une exception", () => {
  it("dit l'adresse, les remarques et la période des travaux ; « Modifier » mène à la fiche", () => {
    render(
      <MemoryRouter>
        <ContenuException exception={FRIBOURG} modifier />
      </MemoryRouter>,
    );
    const bulle = screen.getByRole('region', { name: 'Rue de Fribourg 15' });
    const termes = within(bulle)
      .getAllByRole('term')
      .map((t) => [t.textContent, t.nextElementSibling?.textContent]);
    expect(termes).toEqual([
      ['Remarque publique', 'Déposer au coin de la rue'],
      ['Remarque interne', 'Rue piétonne le samedi'],
      ['Remarque travaux', 'Trottoir fermé'],
      ['Travaux', 'Du 11.11.2026 au 02.12.2026'],
    ]);
    expect(within(bulle).getByRole('link', { name: 'Modifier' })).toHaveAttribute('href', '/adresseExceptionDetail/7');
  });

  it("tait ce que l'exception ne dit pas, et « Modifier » à qui ne gère pas les exceptions", () => {
    render(
      <MemoryRouter>
        <ContenuException exception={FRANCE} modifier={false} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Remarque interne']);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('liste des exceptions visibles', () => {
  it('compte les exceptions de la vue et ouvre la bulle de celle choisie', async () => {
    const ouvrir = vi.fn();
    render(<ListeExceptionsVisibles exceptions={[FRANCE, FRIBOURG]} onOuvrir={ouvrir} />);
    const liste = screen.getByRole('navigation', { name: 'Exceptions visibles : 2' });
    expect(
      within(liste)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Avenue de France 1', 'Rue de Fribourg 15']);
    within(liste).getByRole('button', { name: 'Rue de Fribourg 15' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(ouvrir).toHaveBeenCalledWith(FRIBOURG);
  });

  it('dit pourquoi elle est vide', () => {
    render(<ListeExceptionsVisibles exceptions={[]} remarque="La couche « Exceptions » est masquée." onOuvrir={vi.fn()} />);
    expect(screen.getByText('Exceptions visibles : 0 — La couche « Exceptions » est masquée.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
