import {
  aujourdhui,
  ERREURS,
  douzeDerniersMois,
  ROLES,
  STATISTIQUES_LIBELLES as L,
  STATISTIQUES_MESSAGES,
  type Statistiques,
} from '@debarras/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, refus, simulerServeur } from '../../test/serveur';

// the charts draw on a canvas, which the test DOM has not: a picture named like the real one stands in
vi.mock('./Graphique', () => ({
  default: ({ titre }: { titre: string }) => <div role="img" aria-label={titre} />,
}));

/** The page's text as the queries read it: fr-CH's narrow spaces (thousands) become plain ones. */
const texte = (attendu: string) => (t: string) => t === attendu.replace(/\s+/g, ' ');

const zeros = { TELEPHONE: 0, ORAL: 0, ECRIT: 0, INTERNET: 0, RECURRENT: 0 };

/** Two months of figures, whatever the period asked: what the screen shows of them is what is tested. */
const statistiques = (du: string, au: string): Statistiques => ({
  du,
  au,
  parMois: [
    { mois: '2026-09', parType: { ...zeros, TELEPHONE: 1200, INTERNET: 400 }, total: 1600, enAttente: 0 },
    { mois: '2026-10', parType: { ...zeros, TELEPHONE: 900, ORAL: 40, INTERNET: 300, RECURRENT: 10 }, total: 1250, enAttente: 7 },
  ],
  parSecteur: [
    {
      idSecteur: 1,
      secteur: 'Secteur 1 - Pâquis',
      total: 2000,
      remplissage: { standard: { pris: 1800, max: 2400 }, supplementaire: null },
    },
    { idSecteur: null, secteur: L.sansSecteur, total: 850, remplissage: { standard: null, supplementaire: { pris: 850, max: 1000 } } },
  ],
  objets: [{ idObjet: 3, libelle: 'Canapé', quantite: 1234 }],
  attente: [
    { mois: '2026-09', n: 1600, mediane: 9, p90: 21 },
    { mois: '2026-10', n: 1250, mediane: 11, p90: 25 },
  ],
  resultats: [
    { mois: '2026-09', parCode: { LEVE: 0, PARTIEL: 0, ABSENT: 0, INACCESSIBLE: 0, REFUSE: 0, AUCUN: 1600 }, replanifies: 0 },
    { mois: '2026-10', parCode: { LEVE: 1000, PARTIEL: 20, ABSENT: 30, INACCESSIBLE: 0, REFUSE: 0, AUCUN: 200 }, replanifies: 50 },
  ],
});

function ouvrir(role: (typeof ROLES)[keyof typeof ROLES] = ROLES.GESTION) {
  sessionStorage.clear();
  const serveur = simulerServeur({
    'GET statistiques': (url) => ({ corps: statistiques(url.searchParams.get('du')!, url.searchParams.get('au')!) }),
  });
  connecterEnTantQue(role);
  allerA('/statistiques');
  render(<Application />);
  return serveur;
}

const periodesDemandees = (appels: ReturnType<typeof simulerServeur>['appels']) =>
  appels.filter((a) => a.url.pathname.endsWith('/statistiques')).map((a) => [a.url.searchParams.get('du'), a.url.searchParams.get('au')]);

describe('« Statistiques »', { timeout: 40_000 }, () => {
  it('montre les douze derniers mois : un résumé, chaque figure en graphique et, d’un clic, en tableau', async () => {
    const { appels } = ouvrir();
    expect(await screen.findByText(texte(L.resume(2850, '25 %', 7)))).toBeInTheDocument();
    const { du, au } = douzeDerniersMois(aujourdhui());
    expect(periodesDemandees(appels)).toEqual([[du, au]]);
    for (const titre of Object.values(L.figures)) expect(await screen.findByRole('img', { name: titre })).toBeInTheDocument();

    // keyboard: Tab reaches the figure's choice, the arrow picks « Tableau »
    const vue = screen.getByRole('radiogroup', { name: L.vue(L.figures.parMois) });
    within(vue).getByRole('radio', { name: L.graphique }).focus();
    await userEvent.keyboard('{ArrowRight}');
    const tableau = await screen.findByRole('table', { name: L.figures.parMois });
    const octobre = within(tableau).getByRole('row', { name: /^10\.2026/ });
    expect(
      within(octobre)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '900',
      '40',
      '0',
      '300',
      '10',
      // fr-CH groups thousands with a right single quotation mark
      (1250).toLocaleString('fr-CH'),
      '24 %',
      '7',
    ]);
    expect(screen.queryByRole('img', { name: L.figures.parMois })).not.toBeInTheDocument();

    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: L.vue(L.figures.resultats) })).getByRole('radio', { name: L.tableau }),
    );
    const resultats = screen.getByRole('table', { name: L.figures.resultats });
    // October: 50 replanned of the 100 not collected (20 + 30 still there, 50 moved)
    expect(
      within(within(resultats).getByRole('row', { name: /^10\.2026/ }))
        .getAllByRole('cell')
        .at(-1),
    ).toHaveTextContent('50 %');
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: L.vue(L.figures.parSecteur) })).getByRole('radio', { name: L.tableau }),
    );
    const secteurs = screen.getByRole('table', { name: L.figures.parSecteur });
    expect(
      within(within(secteurs).getByRole('row', { name: /^Secteur 1/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([(2000).toLocaleString('fr-CH'), (1800).toLocaleString('fr-CH'), (2400).toLocaleString('fr-CH'), '75 %', '—', '—', '—']);
  });

  it('demande la période d’un raccourci, la garde dans l’onglet, et refuse une fin avant le début sans rien demander', async () => {
    const { appels } = ouvrir();
    await screen.findByText(texte(L.resume(2850, '25 %', 7)));
    await userEvent.click(screen.getByRole('radio', { name: L.anneePrecedente }));
    const annee = Number(aujourdhui().slice(0, 4)) - 1;
    expect(periodesDemandees(appels).at(-1)).toEqual([`${annee}-01-01`, `${annee}-12-31`]);
    expect(JSON.parse(sessionStorage.getItem('statistiques.periode')!)).toEqual({ du: `${annee}-01-01`, au: `${annee}-12-31` });

    const demandes = appels.length;
    const debut = screen.getByLabelText(L.du);
    await userEvent.click(debut);
    await userEvent.clear(debut);
    await userEvent.type(debut, `03.${annee + 1}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(STATISTIQUES_MESSAGES.finAvantDebut);
    expect(screen.getByRole('button', { name: new RegExp(L.exporter) })).toBeDisabled();
    expect(periodesDemandees(appels.slice(demandes))).toEqual([]);
  });

  it('dit qu’une période n’a pas pu être calculée et la redemande sur « Réessayer »', async () => {
    sessionStorage.clear();
    let refuser = true;
    simulerServeur({
      'GET statistiques': (url) =>
        refuser
          ? { ...refus(503, 'SURCHARGE', ERREURS.surcharge), entetes: { 'retry-after': '0' } }
          : { corps: statistiques(url.searchParams.get('du')!, url.searchParams.get('au')!) },
    });
    connecterEnTantQue(ROLES.GESTION);
    allerA('/statistiques');
    render(<Application />);
    expect(await screen.findByText(L.chargementImpossible)).toBeInTheDocument();
    refuser = false;
    await userEvent.click(screen.getByRole('button', { name: L.reessayer }));
    expect(await screen.findByText(texte(L.resume(2850, '25 %', 7)))).toBeInTheDocument();
  });

  it('n’est ni au menu ni ouvert pour la lecture seule', async () => {
    ouvrir(ROLES.LECTURE);
    expect(await screen.findByText(/Vous n'êtes pas autorisé à accéder à cette page/)).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: L.titre })).not.toBeInTheDocument();
  });
});
