import { aujourdhui, EQUIPE_LIBELLES, formatJour, LEVEE_LIBELLES, reservationsEnAttente, ROLES } from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';
import { exempleLevee } from './exemples';

const LEVEES = [
  exempleLevee({ idLevee: 1, dateLevee: '2026-12-01', nbDebarras: 4, nbReservationsEnCours: 2, nbDebarrasMax: 10 }),
  exempleLevee({
    idLevee: 2,
    dateLevee: '2026-12-01',
    secteur: null,
    name: 'Escalade',
    supplementaire: 1,
    nbReservationsEnCours: 3,
    nbDebarrasMax: 5,
  }),
  exempleLevee({ idLevee: 3, dateLevee: '2026-12-02', nbDebarras: 8, nbDebarrasMax: 10 }),
  exempleLevee({
    idLevee: 4,
    dateLevee: '2026-12-02',
    secteur: null,
    name: null,
    supplementaire: 1,
    nbDebarras: 1,
    aDesDebarras: true,
    nbDebarrasMax: 10,
  }),
  exempleLevee({ idLevee: 5, dateLevee: '2026-12-03', nbDebarras: 10, nbDebarrasMax: 10 }),
  exempleLevee({ idLevee: 6, dateLevee: '2026-12-04', nbDebarras: 0, nbDebarrasMax: 0 }),
  // no ACTIF débarras left, but some were attached once: the server refuses its deletion
  exempleLevee({
    idLevee: 7,
    dateLevee: '2026-12-04',
    secteur: null,
    name: 'Vide-greniers',
    supplementaire: 1,
    nbDebarras: 0,
    aDesDebarras: true,
    nbDebarrasMax: 10,
  }),
];

const serveur = () =>
  simulerServeur({
    'GET levee/': () => ({ corps: LEVEES, entetes: { 'x-total-elements': '7' } }),
    'POST levee/supprimer': () => ({ corps: { ...LEVEES[1], statut: 'SUPPRIME' } }),
  });

const ligne = (texte: string) => screen.getByRole('cell', { name: texte }).closest('tr')!;
const quantite = (l: HTMLElement) => l.querySelector('.capacite')!;
const derniereListe = (appels: ReturnType<typeof serveur>['appels']) =>
  appels.filter((a) => a.url.pathname.endsWith('/levee/')).at(-1)!.url.searchParams;

describe('liste des levées', { timeout: 60_000 }, () => {
  it('demande les levées actives, 50 par page, triées par date puis secteur', async () => {
    const { appels } = serveur();
    connecterEnTantQue(ROLES.GESTION);
    allerA('/LeveeListe');
    render(<Application />);
    expect(await screen.findByRole('heading', { name: 'Levées (7)' })).toBeInTheDocument();
    const recherche = appels.find((a) => a.url.pathname.endsWith('/levee/'))!.url.searchParams;
    expect(recherche.get('size')).toBe('50');
    expect(recherche.get('statut')).toBe('ACTIF');
    expect(recherche.getAll('sort')).toEqual(['dateLevee,asc', 'secteur.libelle,asc']);
  });

  it('montre ses flèches de tri sur la date puis le secteur, et trie par la seule colonne cliquée', async () => {
    const { appels } = serveur();
    connecterEnTantQue(ROLES.LECTURE);
    allerA('/leveeListe');
    render(<Application />);
    await screen.findByRole('heading', { name: 'Levées (7)' });
    const entete = (titre: string) => screen.getByRole('columnheader', { name: titre });
    expect(entete(LEVEE_LIBELLES.dateLevee)).toHaveAttribute('aria-sort', 'ascending');
    expect(entete(LEVEE_LIBELLES.secteur)).toHaveAttribute('aria-sort', 'ascending');
    expect(entete(LEVEE_LIBELLES.statut)).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(entete(LEVEE_LIBELLES.dateLevee)).getByText(LEVEE_LIBELLES.dateLevee));
    await waitFor(() => expect(derniereListe(appels).getAll('sort')).toEqual(['dateLevee,desc']));
    expect(entete(LEVEE_LIBELLES.dateLevee)).toHaveAttribute('aria-sort', 'descending');
    expect(entete(LEVEE_LIBELLES.secteur)).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(entete(LEVEE_LIBELLES.statut)).getByText(LEVEE_LIBELLES.statut));
    await waitFor(() => expect(derniereListe(appels).getAll('sort')).toEqual(['statut,asc']));
  });

  it("fait ressortir les levées du jour, marquées « Aujourd'hui », avec l'avancement de leur tournée", async () => {
    simulerServeur({
      'GET levee/': () => ({
        corps: [exempleLevee({ idLevee: 8, dateLevee: aujourdhui(), nbDebarras: 30, nbResultats: 12 }), exempleLevee({ idLevee: 9 })],
        entetes: { 'x-total-elements': '2' },
      }),
    });
    connecterEnTantQue(ROLES.LECTURE);
    allerA('/leveeListe');
    render(<Application />);
    await screen.findByRole('heading', { name: 'Levées (2)' });
    const [duJour, autre] = screen.getAllByRole('row').slice(1);
    expect(within(duJour!).getByText(formatJour(aujourdhui()))).toBeInTheDocument();
    expect(within(duJour!).getByText(LEVEE_LIBELLES.aujourdhui)).toBeInTheDocument();
    expect(duJour).toHaveClass('ligne-aujourdhui');
    expect(within(duJour!).getByText(EQUIPE_LIBELLES.progressionCourte(12, 30))).toBeInTheDocument();
    expect(within(autre!).queryByText(LEVEE_LIBELLES.aujourdhui)).not.toBeInTheDocument();
    expect(within(autre!).queryByText(/^Tournée :/)).not.toBeInTheDocument();
    expect(autre).not.toHaveClass('ligne-aujourdhui');
  });

  it('affiche la quantité avec les réservations « (+n) » et la couleur de capacité, sans couleur pour une levée sans débarras, même avec des réservations en attente, dites au survol', async () => {
    serveur();
    connecterEnTantQue(ROLES.LECTURE);
    allerA('/leveeListe');
    render(<Application />);
    await screen.findByRole('heading', { name: 'Levées (7)' });
    const lignes = screen.getAllByRole('row').slice(1);
    expect(quantite(lignes[0]!)).toHaveTextContent(/^4 \(\+2\)$/);
    expect(quantite(lignes[0]!)).toHaveClass('capacite-warning');
    expect(quantite(lignes[1]!)).toHaveTextContent(/^0 \(\+3\)$/);
    expect(quantite(lignes[1]!).className).toBe('capacite');
    expect(quantite(lignes[1]!)).toHaveAttribute('title', reservationsEnAttente(3));
    expect(quantite(lignes[2]!)).toHaveClass('capacite-danger');
    expect(quantite(lignes[3]!)).toHaveClass('capacite-success');
    expect(quantite(lignes[4]!)).toHaveClass('capacite-critical');
    expect(quantite(lignes[5]!)).toHaveClass('capacite-critical');
    expect(quantite(lignes[6]!)).toHaveTextContent(/^0$/);
    expect(quantite(lignes[6]!).className).toBe('capacite');
  });

  it('grise les lignes une date sur deux, et nomme « Supplémentaire » une levée sans secteur ni nom', async () => {
    serveur();
    connecterEnTantQue(ROLES.LECTURE);
    allerA('/leveeListe');
    render(<Application />);
    await screen.findByRole('heading', { name: 'Levées (7)' });
    const grises = screen
      .getAllByRole('row')
      .slice(1)
      .map((l) => l.classList.contains('ligne-date-grise'));
    expect(grises).toEqual([false, false, true, true, false, true, true]);
    expect(within(ligne('Escalade')).getByLabelText(LEVEE_LIBELLES.supplementaire)).toBeInTheDocument();
    expect(within(ligne('Escalade')).getByText('01.12.2026')).toBeInTheDocument();
    const sansNom = screen.getAllByRole('row')[4]!;
    expect(within(sansNom).getAllByRole('cell')[1]).toHaveTextContent(/^Supplémentaire$/);
    expect(within(sansNom).getByLabelText(LEVEE_LIBELLES.supplementaire)).toBeInTheDocument();
    expect(screen.getAllByLabelText(LEVEE_LIBELLES.supplementaire, { selector: '[role=img]' })).toHaveLength(3);
  });

  it("ne propose la suppression qu'aux levées supplémentaires actives auxquelles aucun débarras n'a jamais été rattaché, après confirmation", async () => {
    const { appels } = serveur();
    connecterEnTantQue(ROLES.GESTION);
    allerA('/leveeListe');
    render(<Application />);
    await screen.findByRole('heading', { name: 'Levées (7)' });
    expect(screen.getAllByRole('button', { name: /^Supprimer la levée/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Exporter/ })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer la levée Escalade du 01.12.2026' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(LEVEE_LIBELLES.confirmationSuppression);
    await userEvent.click(screen.getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(appels.find((a) => a.methode === 'POST')?.corps).toEqual({ idLevee: 2, version: 2 }));
    expect(appels.find((a) => a.methode === 'POST')!.url.pathname).toMatch(/\/levee\/supprimer$/);
  });

  it('ne montre au rôle lecture seule ni suppression ni export, mais la réinitialisation', async () => {
    serveur();
    connecterEnTantQue(ROLES.LECTURE);
    allerA('/leveeListe');
    render(<Application />);
    await screen.findByRole('heading', { name: 'Levées (7)' });
    expect(screen.queryByRole('button', { name: /^Supprimer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exporter/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Réinitialiser les filtres/ })).toBeInTheDocument();
  });

  it('remet le statut ACTIF et efface les autres filtres à la réinitialisation', async () => {
    sessionStorage.setItem(
      'liste:leveeListe',
      JSON.stringify({ filtres: { statut: 'ARCHIVE', secteurLibelle: 'Secteur 2' }, tri: [], page: 0 }),
    );
    const { appels } = serveur();
    connecterEnTantQue(ROLES.LECTURE);
    allerA('/leveeListe');
    render(<Application />);
    await screen.findByRole('heading', { name: 'Levées (7)' });
    expect(derniereListe(appels).get('statut')).toBe('ARCHIVE');
    await userEvent.click(screen.getByRole('button', { name: /Réinitialiser les filtres/ }));
    await waitFor(() => expect(derniereListe(appels).get('statut')).toBe('ACTIF'));
    expect(derniereListe(appels).has('secteurLibelle')).toBe(false);
  });

  it('reporte la date de début choisie dans la date de fin du filtre de dates', async () => {
    const { appels } = serveur();
    connecterEnTantQue(ROLES.LECTURE);
    allerA('/leveeListe');
    render(<Application />);
    await screen.findByRole('heading', { name: 'Levées (7)' });
    await userEvent.click(screen.getByLabelText('Filtre Date'));
    await userEvent.type(await screen.findByLabelText('Filtrer Date du'), '07.12.2026{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Filtrer Date au')).toHaveValue('07.12.2026'));
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(derniereListe(appels).get('dateFrom')).toBe('2026-12-07'));
    expect(derniereListe(appels).get('dateTo')).toBe('2026-12-07');
  });
});
