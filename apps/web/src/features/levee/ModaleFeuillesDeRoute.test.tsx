import {
  ajouterJours,
  aujourdhui,
  ENVOI_MESSAGES,
  formatJour,
  IMPRESSION_LIBELLES,
  IMPRESSION_MESSAGES,
  PARAMETRE_CLES,
  ROLES,
  type Role,
} from '@debarras/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { monterPage } from '../../test/monter';
import { simulerServeur } from '../../test/serveur';
import { attendreTexte } from '../../test/ecran';
import { ModaleFeuillesDeRoute } from './ModaleFeuillesDeRoute';

const dans = (jours: number) => ajouterJours(aujourdhui(), jours);
const PROCHAINE = dans(3);

/** The server: the next day with a levée is in three days; `levees` per day, 0 otherwise. */
function serveur(options: { pdf?: boolean; levees?: Record<string, number>; destinataires?: number } = {}) {
  const levees = options.levees ?? { [PROCHAINE]: 2 };
  return simulerServeur({
    'GET parametre/getStringValue': (url) => ({
      corps: url.searchParams.get('cle') === PARAMETRE_CLES.impressionPdfActif ? String(options.pdf ?? true) : '',
      entetes: { 'content-type': 'text/plain' },
    }),
    [`GET levee/next/${dans(1)}`]: () => ({ corps: JSON.stringify(PROCHAINE) }),
    ...Object.fromEntries([PROCHAINE, dans(5), dans(6)].map((jour) => [`GET levee/count/${jour}`, () => ({ corps: levees[jour] ?? 0 })])),
    'GET destinataire/': () => ({ corps: [], entetes: { 'x-total-elements': String(options.destinataires ?? 3) } }),
    'POST levee/print/envoi': () => ({ corps: { envoyes: 3, echecs: 0, message: ENVOI_MESSAGES.bilan(3, 0) } }),
  });
}

function ouvrir(role: Role = ROLES.LECTURE) {
  const fermer = vi.fn();
  monterPage([{ path: '*', element: <ModaleFeuillesDeRoute ouvert onFermer={fermer} /> }], '/', role);
  return fermer;
}

const dialogue = () => screen.getByRole('dialog');
const bouton = (nom: string) => within(dialogue()).getByRole('button', { name: new RegExp(`${nom}$`) });
/** The dropdown's entries (its listbox for screen readers holds only the active one and its neighbours). */
const formatsProposes = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent);
const champDate = () => within(dialogue()).getByLabelText(IMPRESSION_LIBELLES.date);

afterEach(() => vi.unstubAllGlobals());

describe('« Imprimer les feuilles de route »', { timeout: 30_000 }, () => {
  it('propose le prochain jour de levée, ouvre le document choisi dans un nouvel onglet et se ferme', async () => {
    serveur();
    const ouvrirOnglet = vi.spyOn(window, 'open').mockReturnValue(null);
    const fermer = ouvrir();
    await waitFor(() => expect(champDate()).toHaveValue(formatJour(PROCHAINE)));
    await waitFor(() => expect(bouton('OK')).toBeEnabled());
    await userEvent.click(within(dialogue()).getByLabelText(IMPRESSION_LIBELLES.format));
    expect(formatsProposes()).toEqual(['Word', 'Excel', 'Pdf']);
    await userEvent.click(screen.getByTitle('Pdf'));
    await userEvent.click(bouton('OK'));
    expect(ouvrirOnglet).toHaveBeenCalledWith(`/rest/levee/print/?date=${PROCHAINE}&type=Pdf`, '_blank', 'noopener');
    expect(fermer).toHaveBeenCalled();
  });

  it('désactive OK et le dit quand le jour choisi n’a aucune levée', async () => {
    serveur();
    ouvrir();
    await waitFor(() => expect(bouton('OK')).toBeEnabled());
    await userEvent.clear(champDate());
    await userEvent.type(champDate(), `${formatJour(dans(5))}{Enter}`);
    await attendreTexte(IMPRESSION_MESSAGES.aucuneLevee);
    expect(bouton('OK')).toBeDisabled();
  });

  it('ne propose pas Pdf quand impression.pdf.actif ne vaut pas true', async () => {
    serveur({ pdf: false });
    ouvrir();
    await waitFor(() => expect(bouton('OK')).toBeEnabled());
    await userEvent.click(within(dialogue()).getByLabelText(IMPRESSION_LIBELLES.format));
    expect(formatsProposes()).toEqual(['Word', 'Excel']);
  });

  it('ne montre « Envoyer aux destinataires » ni à la lecture seule ni à la gestion', async () => {
    for (const role of [ROLES.LECTURE, ROLES.GESTION]) {
      serveur();
      ouvrir(role);
      await waitFor(() => expect(bouton('OK')).toBeEnabled());
      expect(within(dialogue()).queryByRole('button', { name: /Envoyer aux destinataires/ })).not.toBeInTheDocument();
      document.body.innerHTML = '';
    }
  });

  it('envoie aux destinataires après une confirmation qui dit combien les recevront', async () => {
    const { appels } = serveur({ destinataires: 3 });
    ouvrir(ROLES.ADMIN);
    await waitFor(() => expect(bouton('Envoyer aux destinataires')).toBeEnabled());
    await userEvent.click(bouton('Envoyer aux destinataires'));
    await attendreTexte(IMPRESSION_LIBELLES.confirmationEnvoi(3, PROCHAINE));
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await attendreTexte(ENVOI_MESSAGES.bilan(3, 0));
    expect(appels.find((a) => a.methode === 'POST')!.corps).toEqual({ date: PROCHAINE });
  });
});
