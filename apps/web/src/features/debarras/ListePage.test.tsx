import {
  FILTRE_RESULTAT_LIBELLES,
  RESULTAT_LIBELLES,
  DEBARRAS_DETAIL_LIBELLES,
  DEBARRAS_LIBELLES,
  DEBARRAS_LISTE_LIBELLES,
  DEBARRAS_MESSAGES,
  DEBARRAS_SUCCES,
  ROLES,
  type Debarras,
  type DebarrasLigne,
  type Levee,
  type Role,
  type StatutDebarras,
} from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { SECTEUR_SERVETTE, unDebarras, uneLevee, uneLigneDebarras } from '../../test/fabriques';
import { allerA, connecterEnTantQue, refus, simulerServeur } from '../../test/serveur';
import { attendreTexte } from '../../test/ecran';

const SECTEUR = SECTEUR_SERVETTE;

const ligne = (n: number, statut: StatutDebarras = 'ACTIF'): DebarrasLigne =>
  uneLigneDebarras(n, statut, { sauvage: n === 2 ? '1' : '0', punaises: n === 1 ? 'true' : 'false' });

/**
 * 33 débarras over two pages of 30. The stand-in answers only a few rows of each page: the table
 * pages by the total the server announces, and jsdom renders 30 rows slowly.
 */
const TOTAL = 33;
const PAGES = [
  [ligne(1), ligne(2), ligne(3), ligne(4)],
  [ligne(31), ligne(32), ligne(33)],
];
const TOUS = PAGES.flat();
const MIXTE = [ligne(1), ligne(2, 'SUPPRIME'), ligne(3, 'ARCHIVE'), ligne(4, 'EN_ATTENTE_VALIDATION')];

const levee = (idLevee: number, valeurs: Partial<Levee>): Levee =>
  uneLevee({ idLevee, dateLevee: '2026-12-07', nbDebarras: 4, ...valeurs });
const SECTEUR_PAQUIS = { id: 1, libelle: 'Secteur 1 - Pâquis / Sécheron / Nations' };
const LEVEES_ACTIVES = [
  levee(31, {}),
  levee(40, { dateLevee: '2026-12-08', secteur: null, name: 'Escalade', supplementaire: 1, nbDebarras: 9, nbDebarrasMax: 10 }),
  levee(50, { dateLevee: '2026-12-08', secteur: SECTEUR_PAQUIS }),
];

const detail = (l: DebarrasLigne, statut: StatutDebarras): Debarras =>
  unDebarras({ ...l, statut, levee: LEVEES_ACTIVES[0]!, debarrasObjets: [] });

const corpsDe = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as { idDebarras: number };

function serveur(lignes: DebarrasLigne[] | 'pages' = 'pages') {
  const page = (url: URL) => (lignes === 'pages' ? (PAGES[Number(url.searchParams.get('page'))] ?? []) : lignes);
  const trouver = (init: RequestInit | undefined) =>
    (lignes === 'pages' ? TOUS : lignes).find((l) => l.idDebarras === corpsDe(init).idDebarras)!;
  return simulerServeur({
    'GET debarras/': (url) => ({ corps: page(url), entetes: { 'x-total-elements': String(lignes === 'pages' ? TOTAL : lignes.length) } }),
    'GET levee/actif': () => ({ corps: LEVEES_ACTIVES }),
    'POST debarras/link': (url) =>
      url.searchParams.get('force') === 'true' ? { corps: { idLevee: 40 } } : refus(409, 'CAPACITE_DEPASSEE', DEBARRAS_MESSAGES.capacite),
    'POST debarras/supprimer': (_, init) => ({ corps: detail(trouver(init), 'SUPPRIME') }),
    'POST debarras/reactiver': (_, init) => ({ corps: { ...detail(trouver(init), 'ACTIF'), avertissement: null } }),
    'GET debarras/2': () => ({ corps: detail(ligne(2), 'ACTIF') }),
  });
}

const ouvrir = async (role: Role = ROLES.GESTION, total = TOTAL) => {
  connecterEnTantQue(role);
  allerA('/DebarrasListe');
  const rendu = render(<Application />);
  await screen.findByRole('heading', { name: `Débarras (${total})` });
  return rendu;
};
const rangee = (numero: string) => screen.getByRole('cell', { name: numero }).closest('tr')!;
const boutonSelection = () => screen.getByRole('button', { name: /^Sélection \(\d+\)/ });
const choisirDansSelection = async (entree: string) => {
  await userEvent.click(boutonSelection());
  await userEvent.click(await screen.findByRole('menuitem', { name: entree }));
};
/** antd labels its dialogs by an id that repeats under test: a dialog is found by its text. */
const dialogue = (texte: string) =>
  waitFor(
    () => {
      const trouve = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(texte));
      expect(trouve).toBeDefined();
      return trouve!;
    },
    { timeout: 5000 },
  );
const appelsListe = (appels: ReturnType<typeof serveur>['appels']) => appels.filter((a) => a.url.pathname.endsWith('/debarras/'));

// The 13-column table re-renders at each click: slow under jsdom on a busy machine.
describe('liste des débarras', { timeout: 120_000 }, () => {
  it('demande les débarras actifs, 30 par page, du plus récent au plus ancien, et montre les colonnes de la spécification', async () => {
    const { appels } = serveur();
    await ouvrir();
    const recherche = appelsListe(appels)[0]!.url.searchParams;
    expect(recherche.get('size')).toBe('30');
    expect(recherche.get('statut')).toBe('ACTIF');
    expect(recherche.getAll('sort')).toEqual(['createdDate,desc']);
    // by their names: a narrow column's header shows an icon, its title being its name
    for (const titre of [
      DEBARRAS_LIBELLES.numero,
      DEBARRAS_LIBELLES.dateLevee,
      DEBARRAS_LIBELLES.secteur,
      DEBARRAS_LIBELLES.adresse,
      DEBARRAS_LIBELLES.nomPersonne,
      DEBARRAS_LIBELLES.telephone,
      DEBARRAS_LIBELLES.email,
      DEBARRAS_LIBELLES.statut,
      DEBARRAS_LIBELLES.punaises,
      DEBARRAS_LIBELLES.punaisesDechets,
      DEBARRAS_LIBELLES.sauvage,
      DEBARRAS_LIBELLES.createdDate,
      DEBARRAS_LIBELLES.createdBy,
    ]) {
      expect(screen.getByRole('columnheader', { name: titre })).toBeInTheDocument();
    }
    const premiere = rangee('2026-00001');
    expect(within(premiere).getByText('07.12.2026')).toBeInTheDocument();
    // « Date création » to the second, in Geneva (docs/regles.md « Comportement général »)
    expect(within(premiere).getByText('20.11.2026 - 09:00:00')).toBeInTheDocument();
    expect(within(premiere).getByText(SECTEUR.libelle)).toBeInTheDocument();
    expect(within(premiere).getByLabelText(DEBARRAS_LIBELLES.punaises)).toBeInTheDocument();
    // one line per cell: what the ellipsis cuts shows on hover
    expect(within(premiere).getByRole('cell', { name: SECTEUR.libelle })).toHaveAttribute('title', SECTEUR.libelle);
    expect(within(premiere).getByRole('cell', { name: 'Rue de la Servette 1' })).toHaveAttribute('title', 'Rue de la Servette 1');
  });

  it("laisse la place à l'adresse et au demandeur : colonnes oui/non étroites, nommées par leur titre, triées et filtrées au clavier", async () => {
    const { appels } = serveur();
    await ouvrir();
    const entetes = screen.getAllByRole('columnheader');
    const largeurs = [...document.querySelectorAll<HTMLElement>('.tableau-liste col')].map((c) => c.style.width);
    const largeurDe = (titre: string) => largeurs[entetes.indexOf(screen.getByRole('columnheader', { name: titre }))];
    for (const titre of [DEBARRAS_LIBELLES.punaises, DEBARRAS_LIBELLES.punaisesDechets, DEBARRAS_LIBELLES.sauvage]) {
      // an icon's width: their titles would take it from the address and the requester
      expect(parseFloat(largeurDe(titre)!)).toBeLessThanOrEqual(48);
      const entete = screen.getByRole('columnheader', { name: titre });
      expect(entete).not.toHaveTextContent(titre);
      expect(within(entete).getByRole('button', { name: titre })).toHaveAttribute('title', `${titre} : trier par ordre croissant`);
      expect(within(entete).getByRole('button', { name: `Filtre ${titre}` })).toBeInTheDocument();
    }
    // address and requester share the width the other columns leave
    expect(largeurDe(DEBARRAS_LIBELLES.adresse)).toBe('');
    expect(largeurDe(DEBARRAS_LIBELLES.nomPersonne)).toBe('');

    const titre = DEBARRAS_LIBELLES.punaisesDechets;
    const entete = screen.getByRole('columnheader', { name: titre });
    within(entete).getByRole('button', { name: titre }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(entete).toHaveAttribute('aria-sort', 'ascending'));
    expect(appelsListe(appels).at(-1)!.url.searchParams.getAll('sort')).toEqual(['punaisesDechets,asc']);
    await userEvent.tab();
    expect(within(entete).getByRole('button', { name: `Filtre ${titre}` })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByLabelText(`Filtrer ${titre}`));
    await userEvent.click(await screen.findByTitle(DEBARRAS_LISTE_LIBELLES.oui));
    await waitFor(() => expect(appelsListe(appels).at(-1)!.url.searchParams.get('punaisesDechets')).toBe('true'));
  });

  it('propose suppression et sélection aux débarras actifs, réactivation aux supprimés et archivés, seulement le détail aux autres', async () => {
    serveur(MIXTE);
    await ouvrir(ROLES.GESTION, 4);
    const actions = (numero: string) =>
      within(rangee(numero))
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(actions('2026-00001')).toEqual([
      DEBARRAS_LISTE_LIBELLES.supprimer('2026-00001'),
      DEBARRAS_LISTE_LIBELLES.ajouterSelection('2026-00001'),
    ]);
    expect(actions('2026-00002')).toEqual([DEBARRAS_LISTE_LIBELLES.reactiver('2026-00002')]);
    expect(actions('2026-00003')).toEqual([DEBARRAS_LISTE_LIBELLES.reactiver('2026-00003')]);
    expect(actions('2026-00004')).toEqual([]);
    expect(within(rangee('2026-00004')).getByRole('link', { name: DEBARRAS_LISTE_LIBELLES.detail('2026-00004') })).toHaveAttribute(
      'href',
      '/debarrasDetail/4',
    );
    expect(screen.getByRole('button', { name: /Exporter/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Réinitialiser les filtres/ })).toBeInTheDocument();
  });

  it('ne montre au rôle lecture seule ni sélection, ni export, ni suppression, ni réactivation, ni réinitialisation', async () => {
    serveur(MIXTE);
    await ouvrir(ROLES.LECTURE, 4);
    expect(screen.queryByRole('button', { name: /Sélection/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exporter/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Réinitialiser les filtres/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Supprimer|Réactiver|Ajouter|Retirer)/ })).not.toBeInTheDocument();
    expect(within(rangee('2026-00002')).getByRole('link', { name: DEBARRAS_LISTE_LIBELLES.detail('2026-00002') })).toBeInTheDocument();
  });

  it("désactive l'export quand aucun débarras ne correspond aux filtres", async () => {
    serveur([]);
    await ouvrir(ROLES.GESTION, 0);
    expect(screen.getByRole('button', { name: /Exporter/ })).toBeDisabled();
  });

  it("garde la sélection d'une page à l'autre et après un rechargement, et la vide sur demande", async () => {
    serveur();
    const rendu = await ouvrir();
    await userEvent.click(screen.getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.ajouterSelection('2026-00001') }));
    expect(boutonSelection()).toHaveTextContent('Sélection (1)');
    expect(screen.getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.retirerSelection('2026-00001') })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('cell', { name: '2026-00031' })).toBeInTheDocument();
    await choisirDansSelection(DEBARRAS_LISTE_LIBELLES.ajouterPage);
    await waitFor(() => expect(boutonSelection()).toHaveTextContent('Sélection (4)'));

    rendu.unmount();
    render(<Application />);
    await screen.findByRole('cell', { name: '2026-00031' });
    expect(boutonSelection()).toHaveTextContent('Sélection (4)');
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await userEvent.click(await screen.findByRole('button', { name: DEBARRAS_LISTE_LIBELLES.retirerSelection('2026-00001') }));
    expect(boutonSelection()).toHaveTextContent('Sélection (3)');

    await choisirDansSelection(DEBARRAS_LISTE_LIBELLES.viderSelection);
    await waitFor(() => expect(boutonSelection()).toHaveTextContent('Sélection (0)'));
  });

  it('rattache la sélection à la levée choisie, demande confirmation au-delà de la capacité, renvoie avec force puis ouvre la levée', async () => {
    const { appels } = serveur();
    await ouvrir();
    for (const n of ['2026-00001', '2026-00002', '2026-00003']) {
      await userEvent.click(screen.getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.ajouterSelection(n) }));
    }
    await choisirDansSelection(DEBARRAS_LISTE_LIBELLES.ajouterALevee);
    const modale = await dialogue(DEBARRAS_LISTE_LIBELLES.rattacher);
    expect(modale).toHaveTextContent(DEBARRAS_LISTE_LIBELLES.debarrasSelectionnes(3));
    const escalade = (await within(modale).findByRole('cell', { name: 'Escalade' })).closest('tr')!;
    expect(escalade).toHaveTextContent('mardi 08.12.2026');
    expect(escalade).toHaveTextContent('9 / 10');
    expect(escalade.querySelector('.capacite')).toHaveClass('capacite-danger');
    expect(within(modale).getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.ajouter })).toBeDisabled();

    await userEvent.click(within(escalade).getByRole('cell', { name: 'Escalade' }));
    await userEvent.click(within(modale).getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.ajouter }));
    await userEvent.click(within(await dialogue(DEBARRAS_MESSAGES.capacite)).getByRole('button', { name: 'Oui' }));

    await waitFor(() => expect(window.location.pathname).toBe('/leveeDetail/40'));
    await attendreTexte(DEBARRAS_SUCCES.rattaches(3, 'Escalade du 08.12.2026'));
    // the refusal that led to the confirmation is not announced as an error
    expect(document.querySelector('.ant-notification-notice-error')).toBeNull();
    const liaisons = appels.filter((a) => a.url.pathname.endsWith('/debarras/link'));
    expect(liaisons.map((a) => a.url.searchParams.get('force'))).toEqual([null, 'true']);
    expect(liaisons.map((a) => a.corps)).toEqual([
      { idDebarras: [1, 2, 3], idLevee: 40 },
      { idDebarras: [1, 2, 3], idLevee: 40 },
    ]);
    expect(sessionStorage.getItem('debarras:selection')).toBe('[]');
  });

  it("filtre les levées par date puis par secteur, et ne rattache rien quand le dépassement de capacité n'est pas confirmé", async () => {
    const { appels } = serveur();
    await ouvrir();
    await userEvent.click(screen.getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.ajouterSelection('2026-00001') }));
    await choisirDansSelection(DEBARRAS_LISTE_LIBELLES.ajouterALevee);
    const modale = await dialogue(DEBARRAS_LISTE_LIBELLES.rattacher);
    const secteursAffiches = () =>
      within(modale)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    await within(modale).findByRole('cell', { name: SECTEUR.libelle });
    expect(secteursAffiches()).toEqual([SECTEUR.libelle, 'Escalade', SECTEUR_PAQUIS.libelle]);

    await userEvent.type(within(modale).getByLabelText(DEBARRAS_LISTE_LIBELLES.filtreDate), '08.12.2026{Enter}');
    await waitFor(() => expect(secteursAffiches()).toEqual(['Escalade', SECTEUR_PAQUIS.libelle]));
    const ajouter = () => within(modale).getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.ajouter });
    await userEvent.click(within(modale).getByRole('cell', { name: SECTEUR_PAQUIS.libelle }));
    expect(ajouter()).toBeEnabled();
    await userEvent.click(within(modale).getByLabelText(DEBARRAS_LISTE_LIBELLES.filtreSecteur));
    await userEvent.click(await screen.findByText('Escalade', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(secteursAffiches()).toEqual(['Escalade']));
    // the chosen levée is hidden by the filter: nothing can be attached to it unseen
    expect(ajouter()).toBeDisabled();
    await userEvent.click(within(modale).getByRole('cell', { name: 'Escalade' }));
    await userEvent.click(within(modale).getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.ajouter }));
    await userEvent.click(within(await dialogue(DEBARRAS_MESSAGES.capacite)).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByText(DEBARRAS_MESSAGES.capacite)).not.toBeInTheDocument());
    expect(appels.filter((a) => a.url.pathname.endsWith('/debarras/link'))).toHaveLength(1);
    expect(window.location.pathname).toBe('/DebarrasListe');
    expect(boutonSelection()).toHaveTextContent('Sélection (1)');
  });

  it("demande confirmation avant de rattacher des débarras à la levée d'un autre secteur, en disant combien changent de secteur", async () => {
    const autreSecteur = uneLigneDebarras(5, 'ACTIF', {
      adresse: { idpAdr: '662100015', adresse: 'Rue de Berne 5', secteur: SECTEUR_PAQUIS.libelle },
    });
    const { appels } = serveur([ligne(1), ligne(2), autreSecteur]);
    await ouvrir(ROLES.GESTION, 3);
    await choisirDansSelection(DEBARRAS_LISTE_LIBELLES.ajouterPage);
    await waitFor(() => expect(boutonSelection()).toHaveTextContent('Sélection (3)'));
    await choisirDansSelection(DEBARRAS_LISTE_LIBELLES.ajouterALevee);
    const modale = await dialogue(DEBARRAS_LISTE_LIBELLES.rattacher);
    await userEvent.click(await within(modale).findByRole('cell', { name: SECTEUR_PAQUIS.libelle }));
    await userEvent.click(within(modale).getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.ajouter }));

    const question = DEBARRAS_LISTE_LIBELLES.confirmationChangementSecteur(2, 3, SECTEUR_PAQUIS.libelle);
    expect(question).toMatch(/^2 des 3 débarras changeront de secteur/);
    await userEvent.click(within(await dialogue(question)).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByText(question)).not.toBeInTheDocument());
    expect(appels.filter((a) => a.url.pathname.endsWith('/debarras/link'))).toHaveLength(0);

    await userEvent.click(within(modale).getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.ajouter }));
    await userEvent.click(within(await dialogue(question)).getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(appels.filter((a) => a.url.pathname.endsWith('/debarras/link'))).toHaveLength(1));
    expect(appels.find((a) => a.url.pathname.endsWith('/debarras/link'))!.corps).toEqual({ idDebarras: [1, 2, 5], idLevee: 50 });
  });

  it('montre les levées actives 20 par page', async () => {
    const levees = Array.from({ length: 25 }, (_, i) => levee(100 + i, { dateLevee: `2026-12-${String(i + 1).padStart(2, '0')}` }));
    simulerServeur({
      'GET debarras/': () => ({ corps: [ligne(1)], entetes: { 'x-total-elements': '1' } }),
      'GET levee/actif': () => ({ corps: levees }),
    });
    await ouvrir(ROLES.GESTION, 1);
    await userEvent.click(screen.getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.ajouterSelection('2026-00001') }));
    await choisirDansSelection(DEBARRAS_LISTE_LIBELLES.ajouterALevee);
    const modale = await dialogue(DEBARRAS_LISTE_LIBELLES.rattacher);
    await within(modale).findByText('mardi 01.12.2026');
    expect(within(modale).getAllByRole('row').slice(1)).toHaveLength(20);
    await userEvent.click(within(modale).getByTitle('2'));
    await within(modale).findByText('vendredi 25.12.2026');
    expect(within(modale).getAllByRole('row').slice(1)).toHaveLength(5);
  });

  it("montre le résultat de l'équipe par un signe nommé de ses mots, dans une colonne étroite, et filtre sur lui", async () => {
    const { appels } = serveur([
      uneLigneDebarras(1, 'ACTIF', { codeResultat: 'ABSENT' }),
      uneLigneDebarras(2, 'ACTIF', { codeResultat: 'LEVE' }),
      uneLigneDebarras(3),
    ]);
    await ouvrir(ROLES.GESTION, 3);
    expect(within(rangee('2026-00001')).getByRole('img', { name: RESULTAT_LIBELLES.ABSENT })).toHaveAttribute(
      'title',
      RESULTAT_LIBELLES.ABSENT,
    );
    expect(within(rangee('2026-00002')).getByRole('img', { name: RESULTAT_LIBELLES.LEVE })).toBeInTheDocument();
    expect(within(rangee('2026-00003')).queryByRole('img', { name: /Levé|lever|Accès|Refusé/ })).not.toBeInTheDocument();
    const entete = screen.getByRole('columnheader', { name: DEBARRAS_LIBELLES.resultat });
    expect(entete).not.toHaveTextContent(DEBARRAS_LIBELLES.resultat);
    await userEvent.click(within(entete).getByRole('button', { name: `Filtre ${DEBARRAS_LIBELLES.resultat}` }));
    await userEvent.click(await screen.findByLabelText(`Filtrer ${DEBARRAS_LIBELLES.resultat}`));
    await userEvent.click(await screen.findByTitle(FILTRE_RESULTAT_LIBELLES.AUCUN));
    await waitFor(() => expect(appelsListe(appels).at(-1)!.url.searchParams.get('resultat')).toBe('AUCUN'));
  });

  it('montre le téléphone et filtre sur lui', async () => {
    const { appels } = serveur();
    await ouvrir();
    expect(within(rangee('2026-00001')).getByRole('cell', { name: '022 418 00 00' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(`Filtre ${DEBARRAS_LIBELLES.telephone}`));
    await userEvent.type(await screen.findByLabelText(`Filtrer ${DEBARRAS_LIBELLES.telephone}`), '0224180000{Enter}');
    await waitFor(() => expect(appelsListe(appels).at(-1)!.url.searchParams.get('telephone')).toBe('0224180000'));
  });

  it("supprime un débarras actif après confirmation, le retire de la sélection et l'annonce", async () => {
    const { appels } = serveur(MIXTE);
    await ouvrir(ROLES.GESTION, 4);
    await userEvent.click(screen.getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.ajouterSelection('2026-00001') }));
    await userEvent.click(screen.getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.supprimer('2026-00001') }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(DEBARRAS_LISTE_LIBELLES.confirmationSuppression('2026-00001'));
    await userEvent.click(screen.getByRole('button', { name: 'Oui' }));
    await attendreTexte(DEBARRAS_SUCCES.supprime('2026-00001'));
    expect(appels.find((a) => a.url.pathname.endsWith('/debarras/supprimer'))!.corps).toEqual({ idDebarras: 1, version: 1 });
    expect(boutonSelection()).toHaveTextContent('Sélection (0)');
  });

  it("réactive un débarras supprimé après confirmation, l'annonce et ouvre sa fiche", async () => {
    const { appels } = serveur(MIXTE);
    await ouvrir(ROLES.GESTION, 4);
    await userEvent.click(screen.getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.reactiver('2026-00002') }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(DEBARRAS_DETAIL_LIBELLES.confirmationReactivation('2026-00002'));
    await userEvent.click(screen.getByRole('button', { name: 'Oui' }));
    await attendreTexte(DEBARRAS_SUCCES.reactive('2026-00002'));
    expect(appels.find((a) => a.url.pathname.endsWith('/debarras/reactiver'))!.corps).toEqual({ idDebarras: 2, version: 1 });
    await waitFor(() => expect(window.location.pathname).toBe('/debarrasDetail/2'));
    expect(await screen.findByRole('heading', { name: /^Détail du débarras n° 2026-00002 - Actif/ })).toBeInTheDocument();
  });

  it("n'appelle pas le serveur quand la suppression est annulée", async () => {
    const { appels } = serveur(MIXTE);
    await ouvrir(ROLES.GESTION, 4);
    await userEvent.click(screen.getByRole('button', { name: DEBARRAS_LISTE_LIBELLES.supprimer('2026-00001') }));
    await userEvent.click(await screen.findByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);
  });
});
