import { DEBARRAS_DETAIL_LIBELLES as L } from '@debarras/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SECTEUR_SERVETTE, uneLevee } from '../../test/fabriques';
import { monterPage } from '../../test/monter';
import { simulerServeur } from '../../test/serveur';
import { ModaleLevees } from './ModaleLevees';

const LEVEES = [
  uneLevee({ idLevee: 31, dateLevee: '2026-12-07', nbDebarras: 30, nbDebarrasMax: 30 }),
  uneLevee({ idLevee: 32, dateLevee: '2026-12-14', nbDebarras: 4 }),
  uneLevee({ idLevee: 33, dateLevee: '2026-12-21', nbDebarras: 28, nbReservationsEnCours: 2 }),
  uneLevee({ idLevee: 34, dateLevee: '2026-12-28', nbDebarras: 1 }),
];

function ouvrir() {
  simulerServeur({ 'GET levee/next': () => ({ corps: LEVEES }) });
  const onChoisir = vi.fn();
  monterPage(
    [
      {
        path: '/',
        element: (
          <ModaleLevees
            ouvert
            secteur={SECTEUR_SERVETTE.libelle}
            sauvage={false}
            idLeveeActuelle={32}
            onChoisir={onChoisir}
            onFermer={vi.fn()}
          />
        ),
      },
    ],
    '/',
  );
  return onChoisir;
}

const rangee = (date: string) => screen.getByRole('cell', { name: date }).closest('tr')!;

describe('« Levées disponibles »', { timeout: 30_000 }, () => {
  it('met en évidence la levée actuelle du débarras, sans bouton pour la choisir à nouveau', async () => {
    ouvrir();
    await screen.findByRole('cell', { name: '14.12.2026' });
    expect(rangee('14.12.2026')).toHaveAttribute('aria-current', 'true');
    expect(rangee('14.12.2026')).toHaveClass('ligne-levee-actuelle');
    expect(within(rangee('14.12.2026')).getByText(L.leveeActuelle)).toBeInTheDocument();
    expect(within(rangee('14.12.2026')).queryByRole('button')).not.toBeInTheDocument();
    expect(rangee('07.12.2026')).not.toHaveAttribute('aria-current');
    expect(screen.getAllByText(L.leveeActuelle)).toHaveLength(1);
  });

  it('marque « complet » les levées pleines, qui restent choisissables ; les réservations en attente ne la remplissent pas', async () => {
    const onChoisir = ouvrir();
    await screen.findByRole('cell', { name: '07.12.2026' });
    expect(within(rangee('07.12.2026')).getByText(L.complet)).toBeInTheDocument();
    expect(within(rangee('21.12.2026')).queryByText(L.complet)).not.toBeInTheDocument();
    expect(within(rangee('28.12.2026')).queryByText(L.complet)).not.toBeInTheDocument();
    await userEvent.click(within(rangee('07.12.2026')).getByRole('button', { name: `${L.choisir} la levée du 07.12.2026` }));
    expect(onChoisir).toHaveBeenCalledWith(LEVEES[0]);
  });

  it('tient chaque levée sur une ligne, le secteur coupé mais entier au survol, et en montre au moins douze sans défiler', async () => {
    ouvrir();
    const secteur = (await screen.findAllByRole('cell', { name: SECTEUR_SERVETTE.libelle }))[0]!;
    expect(secteur).toHaveClass('ant-table-cell-ellipsis');
    expect(secteur).toHaveAttribute('title', SECTEUR_SERVETTE.libelle);
    const corps = document.querySelector<HTMLElement>('.table-levees-disponibles .ant-table-body')!;
    // a row is 33 px high (styles.css: 4 px above and below a small button of 24 px, 1 px border); the
    // Chromium journey measures it (e2e/liste-ecran.e2e.ts)
    expect(parseInt(corps.style.maxHeight, 10)).toBeGreaterThanOrEqual(12 * 33);
  });
});
