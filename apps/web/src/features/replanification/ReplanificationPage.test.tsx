import { REPLANIFICATION_LIBELLES as L, REPLANIFICATION_MESSAGES as M, ROLES, type AReplanifier, type Role } from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';

const ligne = (n: number, valeurs: Partial<AReplanifier> = {}): AReplanifier => ({
  idDebarras: n,
  numero: `2026-0000${n}`,
  idLevee: 31,
  dateLevee: '2026-11-27',
  secteur: 'Secteur 2 - Servette / Saint-Jean / Charmilles',
  adresse: `Rue de la Servette ${n}`,
  motif: 'ABSENT',
  remarque: null,
  email: true,
  ...valeurs,
});

const LIGNES = [
  ligne(1, { remarque: 'Rien devant l’immeuble' }),
  ligne(2, { motif: 'INACCESSIBLE', email: false }),
  ligne(3, { motif: 'AUCUN' }),
];

function ouvrir(role: Role = ROLES.GESTION) {
  const serveur = simulerServeur({
    'GET replanification': () => ({ corps: { lignes: LIGNES, total: 3 } }),
    'POST replanification': () => ({
      corps: {
        deplaces: [{ idDebarras: 1, numero: '2026-00001', idLevee: 40, dateLevee: '2026-12-01', courriel: 'envoye' }],
        nonDeplaces: [{ idDebarras: 3, numero: '2026-00003', message: M.aucunePlace('2026-00003') }],
      },
    }),
  });
  connecterEnTantQue(role);
  allerA('/aReplanifier');
  render(<Application />);
  return serveur;
}

describe('« À replanifier »', { timeout: 40_000 }, () => {
  it('montre chaque débarras non levé avec son motif et sa remarque, sans action pour le rôle lecture', async () => {
    ouvrir(ROLES.LECTURE);
    const premiere = (await screen.findByText('2026-00001')).closest('tr')!;
    expect(premiere).toHaveTextContent('Rien à lever');
    expect(premiere).toHaveTextContent('Rien devant l’immeuble');
    expect(screen.getByText('2026-00002').closest('tr')).toHaveTextContent('Accès impossible');
    expect(screen.getByText('2026-00003').closest('tr')).toHaveTextContent(L.sansResultat);
    expect(screen.queryByRole('button', { name: /Replanifier/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('replanifie la sélection vers la prochaine levée de chaque secteur, prévient par e-mail et dit ceux restés en place', async () => {
    const { appels } = ouvrir();
    await userEvent.click(await screen.findByRole('checkbox', { name: '2026-00001' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '2026-00003' }));
    await userEvent.click(screen.getByRole('button', { name: L.replanifier(2) }));
    const dialogue = await screen.findByRole('dialog');
    expect(within(dialogue).getByRole('radio', { name: L.prochaine })).toBeChecked();
    expect(within(dialogue).getByRole('checkbox', { name: L.courriel })).toBeChecked();
    await userEvent.click(within(dialogue).getByRole('button', { name: L.replanifier(2) }));
    await waitFor(() => expect(appels.some((a) => a.methode === 'POST')).toBe(true));
    expect(appels.find((a) => a.methode === 'POST')!.corps).toEqual({ idDebarras: [1, 3], courriel: true });
    expect(await screen.findByText(`${M.deplaces(1)} ${M.courriels(1)}`)).toBeInTheDocument();
    expect(await screen.findByText(M.aucunePlace('2026-00003'))).toBeInTheDocument();
  });
});
