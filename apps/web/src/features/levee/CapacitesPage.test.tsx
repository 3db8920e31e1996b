import {
  ajouterJours,
  aujourdhui,
  CAPACITE_LIBELLES as L,
  formatJourSemaine,
  jourDeSemaine,
  ROLES,
  type JourCapacite,
} from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';

const SECTEURS = ['Secteur 1 - Pâquis / Sécheron / Nations', 'Secteur 2 - Servette / Saint-Jean / Charmilles'];

/** The first working days from today, the second of them a public holiday. */
function joursDe(du: string, au: string): JourCapacite[] {
  const jours: JourCapacite[] = [];
  let ouvres = 0;
  for (let j = du; j <= au; j = ajouterJours(j, 1)) {
    const semaine = ![0, 6].includes(jourDeSemaine(j));
    if (semaine) ouvres++;
    const ferie = semaine && ouvres === 2 ? 'Jeûne genevois' : null;
    jours.push({ date: j, ouvrable: semaine && !ferie, ferie });
  }
  return jours;
}

function ouvrir() {
  const serveur = simulerServeur({
    'GET secteur/labels': () => ({ corps: SECTEURS }),
    'GET capacite/jours': (url) => ({ corps: joursDe(url.searchParams.get('du')!, url.searchParams.get('au')!) }),
    'GET capacite': (url) => {
      const jours = joursDe(url.searchParams.get('du')!, url.searchParams.get('au')!).filter((j) => j.ouvrable);
      return {
        corps: [
          {
            date: jours[0]!.date,
            idSecteur: 1,
            secteur: SECTEURS[0],
            levees: [{ idLevee: 71, supplementaire: false, nbDebarras: 28, nbDebarrasMax: 30, enAttente: 1, statut: 'ACTIF' }],
          },
          {
            date: jours[1]!.date,
            idSecteur: 2,
            secteur: SECTEURS[1],
            levees: [{ idLevee: 72, supplementaire: false, nbDebarras: 3, nbDebarrasMax: 30, enAttente: 0, statut: 'ACTIF' }],
          },
        ],
      };
    },
  });
  connecterEnTantQue(ROLES.GESTION);
  allerA('/capacites');
  render(<Application />);
  return serveur;
}

describe('« Capacités »', { timeout: 40_000 }, () => {
  it('montre pris / max et les réservations en attente par secteur et par jour, marque le jour férié, et se parcourt aux flèches', async () => {
    const { appels } = ouvrir();
    const grille = await screen.findByRole('grid', { name: L.grille });
    const ouvres = joursDe(aujourdhui(), ajouterJours(aujourdhui(), 13)).filter((j) => j.ouvrable);
    const premiere = within(grille).getByRole('gridcell', {
      name: L.cellule(SECTEURS[0]!, formatJourSemaine(ouvres[0]!.date), `${L.levee(28, 30)} (${L.enAttente(1)})`),
    });
    expect(premiere).toHaveAttribute('tabindex', '0');
    expect(within(grille).getAllByText(L.ferie).length).toBeGreaterThan(0);
    // two weeks by default, asked from today
    const demande = appels.find((a) => a.url.pathname.endsWith('/capacite'))!.url.searchParams;
    expect([demande.get('du'), demande.get('au')]).toEqual([aujourdhui(), ajouterJours(aujourdhui(), 13)]);

    premiere.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(new RegExp(`^${SECTEURS[1]!.replace(/[/()]/g, '.')}, `));
    await userEvent.keyboard('{ArrowRight}');
    // past the holiday's column: the second sector's levée of the second working day
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName(new RegExp(`${L.levee(3, 30)}$`));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/leveeDetail/72'));
  });

  it('garde la période choisie pour l’utilisateur et propose d’ajouter une levée supplémentaire le jour de la case choisie', async () => {
    const { appels } = ouvrir();
    await screen.findByRole('grid', { name: L.grille });
    await userEvent.click(screen.getByText(L.nbSemaines(4)));
    await waitFor(() =>
      expect(
        appels
          .filter((a) => a.url.pathname.endsWith('/capacite'))
          .at(-1)!
          .url.searchParams.get('au'),
      ).toBe(ajouterJours(aujourdhui(), 27)),
    );
    expect(localStorage.getItem('capacite.semaines.test')).toBe('4');
    const ouvres = joursDe(aujourdhui(), ajouterJours(aujourdhui(), 27)).filter((j) => j.ouvrable);
    await userEvent.click(
      screen.getByRole('gridcell', { name: new RegExp(`^${SECTEURS[0]!.replace(/[/()]/g, '.')}, ${formatJourSemaine(ouvres[0]!.date)}`) }),
    );
    await userEvent.click(screen.getByRole('button', { name: L.ajouterLe(formatJourSemaine(ouvres[0]!.date)) }));
    const dialogue = await screen.findByRole('dialog');
    expect(within(dialogue).getByLabelText('Nom')).toHaveValue(SECTEURS[0]);
  });
});
