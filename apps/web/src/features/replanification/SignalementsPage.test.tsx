import {
  FORMULAIRE_MESSAGES,
  ROLES,
  SIGNALEMENT_LIBELLES as L,
  SIGNALEMENT_MESSAGES as M,
  type Role,
  type Signalement,
} from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';
import { attendreDialogue } from '../../test/ecran';

const signalement = (n: number, valeurs: Partial<Signalement> = {}): Signalement => ({
  idSignalement: n,
  idDebarras: 100 + n,
  numero: `2026-0010${n}`,
  adresse: `Rue du Cendrier ${n}`,
  dateLevee: '2026-11-26',
  resultat: null,
  recuLe: '2026-11-26T17:30:00Z',
  remarque: 'Le canapé est encore là',
  etat: 'OUVERT',
  resolution: null,
  nouvelleDate: null,
  reponse: null,
  resoluLe: null,
  resoluPar: null,
  ...valeurs,
});

function ouvrir(role: Role = ROLES.GESTION) {
  const serveur = simulerServeur({
    'GET signalement': (url) => ({
      corps:
        url.searchParams.get('etat') === 'RESOLU'
          ? [signalement(3, { etat: 'RESOLU', resolution: 'REPLANIFIE', nouvelleDate: '2026-12-01' })]
          : [signalement(1, { resultat: 'ABSENT' }), signalement(2)],
    }),
    'GET signalement/compte': () => ({ corps: { ouverts: 2 } }),
    'POST signalement/2/clore': (_u, init) => ({
      corps: {
        signalement: signalement(2, { etat: 'RESOLU', resolution: 'CLOS', reponse: JSON.parse(String(init?.body)).reponse }),
        courriel: 'envoye',
      },
    }),
  });
  connecterEnTantQue(role);
  allerA('/signalements');
  render(<Application />);
  return serveur;
}

describe('« Signalements »', { timeout: 40_000 }, () => {
  it('compte les signalements à traiter dans le menu et montre chacun, puis ceux traités', async () => {
    ouvrir(ROLES.LECTURE);
    const premier = (await screen.findByText('2026-00101')).closest('tr')!;
    expect(premier).toHaveTextContent('Rien à lever');
    expect(premier).toHaveTextContent('Le canapé est encore là');
    expect(screen.getByText('2026-00102').closest('tr')).toHaveTextContent(L.sansResultat);
    expect(screen.queryByRole('button', { name: new RegExp(L.replanifier) })).not.toBeInTheDocument();
    await userEvent.hover(screen.getByRole('menuitem', { name: 'Débarras' }));
    expect(await screen.findByRole('link', { name: 'Signalements (2)' })).toBeInTheDocument();
    await userEvent.click(screen.getByText(L.resolus));
    expect(await screen.findByText(L.replanifie('01.12.2026'))).toBeInTheDocument();
  });

  it('clôt un signalement avec la réponse à l’habitant, obligatoire', async () => {
    const { appels } = ouvrir();
    await userEvent.click(await screen.findByRole('button', { name: `${L.clore} 2026-00102` }));
    const dialogue = await attendreDialogue(L.modaleClore('2026-00102'));
    await userEvent.click(within(dialogue).getByRole('button', { name: L.clore }));
    expect(await within(dialogue).findByText(M.reponseObligatoire)).toBeInTheDocument();
    await userEvent.type(within(dialogue).getByLabelText(L.reponse), 'L’équipe repasse vendredi.');
    await userEvent.click(within(dialogue).getByRole('button', { name: L.clore }));
    await waitFor(() => expect(appels.some((a) => a.methode === 'POST')).toBe(true));
    expect(appels.find((a) => a.methode === 'POST')!.corps).toEqual({ reponse: 'L’équipe repasse vendredi.' });
    expect(await screen.findByText(M.clos('2026-00102'))).toBeInTheDocument();
  });

  it('demande avant de fermer la fenêtre sur une réponse écrite, et la garde si on reste', async () => {
    const { appels } = ouvrir();
    await userEvent.click(await screen.findByRole('button', { name: `${L.clore} 2026-00102` }));
    const dialogue = await attendreDialogue(L.modaleClore('2026-00102'));
    await userEvent.type(within(dialogue).getByLabelText(L.reponse), 'Réponse en cours');
    await userEvent.click(within(dialogue).getByRole('button', { name: 'Annuler' }));
    await userEvent.click(await screen.findByRole('button', { name: FORMULAIRE_MESSAGES.rester }));
    expect(within(dialogue).getByLabelText(L.reponse)).toHaveValue('Réponse en cours');
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);
  });
});
