import {
  ajouterJours,
  aujourdhui,
  DEBARRAS_DETAIL_LIBELLES,
  DEBARRAS_LIBELLES,
  DEBARRAS_MESSAGES,
  DEBARRAS_SUCCES,
  ROLES,
  TYPE_DEMANDE_LIBELLES,
  type Debarras,
  type Levee,
  type Role,
} from '@debarras/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { unDebarras, uneAdresse, uneLevee, unObjet } from '../../test/fabriques';
import { monterPage } from '../../test/monter';
import { refus, simulerServeur } from '../../test/serveur';
import { DebarrasDetailPage } from './DetailPage';
import { attendreDialogue, attendreTexte } from '../../test/ecran';

const SECTEUR = 'Secteur 2 - Servette / Saint-Jean / Charmilles';
const dans = (jours: number) => ajouterJours(aujourdhui(), jours);
const jourAffiche = (jour: string) => jour.split('-').reverse().join('.');

const SERVETTE_12 = uneAdresse('6621000101', 'Rue de la Servette 12', SECTEUR);
const SERVETTE_14 = uneAdresse('6621000102', 'Rue de la Servette 14', null);

const levee = (idLevee: number, valeurs: Partial<Levee> = {}): Levee => uneLevee({ idLevee, nbDebarras: 4, ...valeurs });
const LEVEES = [
  levee(30, { supplementaire: 1, secteur: null, name: 'Escalade' }),
  levee(31, { nbDebarras: 30, nbReservationsEnCours: 1 }),
  levee(32, { dateLevee: dans(2), nbDebarras: 12, nbReservationsEnCours: 2 }),
  levee(33, { dateLevee: dans(3) }),
];

const OBJETS = [unObjet(1, 'Canapé'), unObjet(2, 'Matelas')];

const debarras = (valeurs: Partial<Debarras> = {}): Debarras =>
  unDebarras({ adresse: { idpAdr: SERVETTE_12.idpAdr, adresse: SERVETTE_12.adresse, secteur: SECTEUR }, levee: LEVEES[2]!, ...valeurs });

function ouvrir(chemin: string, role: Role = ROLES.GESTION) {
  return monterPage(
    [
      { path: '/debarrasDetail/:id?', element: <DebarrasDetailPage /> },
      { path: '/debarrasListe', element: <p>Liste des débarras</p> },
    ],
    chemin,
    role,
  );
}

function serveur(routes: Parameters<typeof simulerServeur>[0] = {}) {
  return simulerServeur({
    'GET adresse/': () => ({ corps: [SERVETTE_12, SERVETTE_14] }),
    // the addresses have no exception
    [`GET adresseexception/byidpadr/${SERVETTE_12.idpAdr}`]: () => ({ corps: null }),
    [`GET adresseexception/byidpadr/${SERVETTE_14.idpAdr}`]: () => ({ corps: null }),
    'GET levee/next': () => ({ corps: LEVEES }),
    'GET objet/': () => ({ corps: OBJETS, entetes: { 'x-total-elements': '2' } }),
    'GET debarras/12': () => ({ corps: debarras() }),
    ...routes,
  });
}

/** Types in the address search, waits for the 500 ms pause, then picks the address. */
async function choisirAdresse(libelle: string) {
  await userEvent.type(screen.getByLabelText(DEBARRAS_DETAIL_LIBELLES.rechercheAdresse), 'ser');
  await userEvent.click(await screen.findByText(libelle, { selector: '.ant-select-item-option-content *' }, { timeout: 2000 }));
}

async function choisirObjets(quantites: Record<string, string>) {
  await userEvent.click(screen.getByRole('button', { name: /Editer/ }));
  const dialogue = await attendreDialogue(DEBARRAS_DETAIL_LIBELLES.choisirObjets);
  for (const [objet, quantite] of Object.entries(quantites)) {
    const champ = await within(dialogue).findByLabelText(`Quantité ${objet}`);
    await userEvent.clear(champ);
    await userEvent.type(champ, quantite);
    await userEvent.tab();
  }
  return dialogue;
}

/** A complete new débarras: address (levée chosen), requester, a sofa. */
async function remplirNouveau() {
  await choisirAdresse('Rue de la Servette 12');
  expect(await screen.findByText(jourAffiche(dans(2)))).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText(DEBARRAS_LIBELLES.nomPersonne), 'Mme Favre');
  await userEvent.type(screen.getByLabelText(DEBARRAS_LIBELLES.telephone), '022 418 00 00');
  const dialogue = await choisirObjets({ Canapé: '2' });
  await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled());
}

/** What follows a save may take a few seconds on a busy machine. */
const ATTENTE = { timeout: 8000 };

const postes = (appels: ReturnType<typeof simulerServeur>['appels'], chemin: string) =>
  appels.filter((a) => a.methode === 'POST' && a.url.pathname.endsWith(chemin));

// The address search waits for its 500 ms pause: whole journeys take seconds on a busy machine.
describe("détail d'un débarras", { timeout: 60_000 }, () => {
  it('ouvre un nouveau débarras avec les valeurs par défaut et les messages de validation sous leurs champs', async () => {
    serveur();
    ouvrir('/debarrasDetail');
    expect(await screen.findByRole('heading', { name: DEBARRAS_DETAIL_LIBELLES.nouveau })).toBeInTheDocument();
    expect(screen.getAllByTitle(TYPE_DEMANDE_LIBELLES.TELEPHONE)[0]).toHaveClass('ant-select-content');
    expect(screen.getByRole('checkbox', { name: DEBARRAS_LIBELLES.sauvage })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: DEBARRAS_DETAIL_LIBELLES.inclurePrecisionLieu })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: DEBARRAS_DETAIL_LIBELLES.punaises })).not.toBeChecked();

    await userEvent.click(screen.getByLabelText(DEBARRAS_LIBELLES.nomPersonne));
    await userEvent.click(screen.getByLabelText(DEBARRAS_LIBELLES.telephone));
    await userEvent.click(screen.getByLabelText(DEBARRAS_LIBELLES.email));
    await attendreTexte(DEBARRAS_MESSAGES.nomObligatoire);
    await attendreTexte(DEBARRAS_MESSAGES.contactObligatoire);
    await userEvent.type(screen.getByLabelText(DEBARRAS_LIBELLES.email), 'favre@');
    await userEvent.tab();
    await attendreTexte(DEBARRAS_MESSAGES.emailInvalide);
    expect(screen.queryByText(DEBARRAS_MESSAGES.contactObligatoire)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enregistrer / Nouveau' })).toBeDisabled();

    // a sauvage (illegal dump) needs no requester
    await userEvent.click(screen.getByRole('checkbox', { name: DEBARRAS_LIBELLES.sauvage }));
    expect(screen.queryByText(DEBARRAS_MESSAGES.nomObligatoire)).not.toBeInTheDocument();
  });

  it("choisit la levée de l'adresse : standard, du secteur, avec de la place", async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail');
    await choisirAdresse('Rue de la Servette 12');
    expect(await screen.findByTestId('date-levee')).toHaveTextContent(jourAffiche(dans(2)));
    expect(screen.getByTestId('secteur-levee')).toHaveTextContent(SECTEUR);
    expect(screen.getByText('12 (+2)')).toHaveClass('capacite-success');
    expect(screen.getByLabelText(DEBARRAS_LIBELLES.adresse)).toHaveValue('Rue de la Servette 12');
    const recherche = appels.find((a) => a.url.pathname.endsWith('/levee/next'))!.url.searchParams;
    expect(Object.fromEntries(recherche)).toEqual({ secteur: SECTEUR, sauvageurgent: 'false' });
    // the levée opens in a new tab: the form stays as typed
    const lienLevee = screen.getByRole('link', { name: DEBARRAS_DETAIL_LIBELLES.detailLevee });
    expect(lienLevee).toHaveAttribute('href', '/leveeDetail/32');
    expect(lienLevee).toHaveAttribute('target', '_blank');

    // another levée from 'Levées disponibles'
    await userEvent.click(screen.getByRole('button', { name: DEBARRAS_DETAIL_LIBELLES.autreLevee }));
    const dialogue = await attendreDialogue(DEBARRAS_DETAIL_LIBELLES.leveesDisponibles);
    expect(await within(dialogue).findByText('Escalade')).toBeInTheDocument();
    await userEvent.click(within(dialogue).getByRole('button', { name: `Choisir la levée du ${jourAffiche(dans(3))}` }));
    await waitFor(() => expect(screen.getByTestId('date-levee')).toHaveTextContent(jourAffiche(dans(3))));
  });

  it("prend la première levée rendue pour un débarras sauvage, qui peut partir aujourd'hui", async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail');
    await userEvent.click(await screen.findByRole('checkbox', { name: DEBARRAS_LIBELLES.sauvage }));
    await choisirAdresse('Rue de la Servette 12');
    await waitFor(() => expect(screen.getByTestId('secteur-levee')).toHaveTextContent('Escalade'));
    expect(appels.find((a) => a.url.pathname.endsWith('/levee/next'))!.url.searchParams.get('sauvageurgent')).toBe('true');
  });

  it("avertit qu'une adresse sans secteur n'a pas de levée : « SECTEUR NON DEFINI »", async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail');
    await choisirAdresse('Rue de la Servette 14');
    await attendreTexte(DEBARRAS_MESSAGES.aucunSecteur);
    expect(screen.getByTestId('secteur-levee')).toHaveTextContent(DEBARRAS_MESSAGES.secteurNonDefini);
    expect(screen.getByLabelText(DEBARRAS_LIBELLES.secteur)).toHaveValue(DEBARRAS_MESSAGES.secteurNonDefini);
    expect(screen.getByRole('button', { name: DEBARRAS_DETAIL_LIBELLES.autreLevee })).toBeDisabled();
    expect(appels.some((a) => a.url.pathname.endsWith('/levee/next'))).toBe(false);
  });

  it('« punaises de lit déchets » coche et verrouille « punaises de lit immeuble »', async () => {
    serveur();
    ouvrir('/debarrasDetail');
    const immeuble = await screen.findByRole('checkbox', { name: DEBARRAS_DETAIL_LIBELLES.punaises });
    await userEvent.click(screen.getByRole('checkbox', { name: DEBARRAS_DETAIL_LIBELLES.punaisesDechets }));
    expect(immeuble).toBeChecked();
    expect(immeuble).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: DEBARRAS_DETAIL_LIBELLES.punaisesDechets }));
    expect(immeuble).toBeEnabled();
    await userEvent.click(immeuble);
    expect(immeuble).not.toBeChecked();
  });

  it("borne les quantités à 100, complète le tableau à 7 lignes et l'ouvre aussi d'un double-clic", async () => {
    serveur();
    ouvrir('/debarrasDetail');
    await screen.findByRole('heading', { name: DEBARRAS_DETAIL_LIBELLES.nouveau });
    const dialogue = await choisirObjets({ Canapé: '150', Matelas: '0' });
    expect(within(dialogue).getByLabelText('Quantité Canapé')).toHaveValue('100');
    await userEvent.type(within(dialogue).getByLabelText('Remarque Canapé'), 'cuir');
    await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const lignes = within(screen.getByText(DEBARRAS_DETAIL_LIBELLES.objet, { selector: 'th' }).closest('table')!)
      .getAllByRole('row')
      .slice(1);
    expect(lignes).toHaveLength(7);
    expect(lignes[0]).toHaveTextContent('Canapé100cuir');
    expect(lignes[1]).toHaveTextContent('');
    expect(screen.getByText(DEBARRAS_DETAIL_LIBELLES.objet, { selector: 'th' }).style.background).toBe('');

    await userEvent.dblClick(lignes[3]!);
    expect(await attendreDialogue(DEBARRAS_DETAIL_LIBELLES.choisirObjets)).toBeInTheDocument();
  });

  it("colore l'en-tête du tableau des objets dès 7 lignes", async () => {
    const lignes = Array.from({ length: 7 }, (_, i) => ({
      idDebarrasObjet: i + 1,
      objet: { idObjet: i + 1, libelle: `Objet ${i + 1}` },
      quantite: 1,
      remarque: null,
    }));
    serveur({ 'GET debarras/12': () => ({ corps: debarras({ debarrasObjets: lignes }) }) });
    ouvrir('/debarrasDetail/12');
    const entete = await screen.findByText(DEBARRAS_DETAIL_LIBELLES.objet, { selector: 'th' });
    expect(entete.style.background).toBe('rgb(255, 231, 186)');
    expect(within(entete.closest('table')!).getAllByRole('row')).toHaveLength(8);
  });

  it('demande confirmation des doublons, chacun lié à sa fiche dans un nouvel onglet, enregistre sur « Oui » puis ouvre la fiche créée', async () => {
    const { appels } = serveur({
      'POST debarras/doublons': () => ({
        corps: {
          message: DEBARRAS_MESSAGES.doublons([
            '2026-00003 (levée du 07.12.2026, même adresse)',
            '2026-00009 (levée du 08.12.2026, même téléphone, même e-mail)',
          ]),
          doublons: [
            { idDebarras: 3, numero: '2026-00003', dateLevee: '2026-12-07', criteres: ['ADRESSE'] },
            { idDebarras: 9, numero: '2026-00009', dateLevee: '2026-12-08', criteres: ['TELEPHONE', 'EMAIL'] },
          ],
        },
      }),
      'POST debarras': () => ({ corps: debarras({ punaises: 'true', punaisesDechets: 'true', version: 0 }) }),
    });
    const routeur = ouvrir('/debarrasDetail');
    await screen.findByRole('heading', { name: DEBARRAS_DETAIL_LIBELLES.nouveau });
    await remplirNouveau();
    await userEvent.click(screen.getByRole('checkbox', { name: DEBARRAS_DETAIL_LIBELLES.punaisesDechets }));

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const confirmation = await attendreDialogue(DEBARRAS_DETAIL_LIBELLES.doublons);
    expect(confirmation).toHaveTextContent('2026-00003 (levée du 07.12.2026, même adresse)');
    expect(confirmation).toHaveTextContent('2026-00009 (levée du 08.12.2026, même téléphone, même e-mail)');
    expect(confirmation).toHaveTextContent('Voulez-vous vraiment enregistrer ?');
    for (const [numero, id] of [
      ['2026-00003', 3],
      ['2026-00009', 9],
    ] as const) {
      const lien = within(confirmation).getByRole('link', { name: numero });
      expect(lien).toHaveAttribute('href', `/debarrasDetail/${id}`);
      expect(lien).toHaveAttribute('target', '_blank');
    }
    expect(postes(appels, '/debarras/doublons')[0]!.corps).toEqual({
      adresse: { idpAdr: SERVETTE_12.idpAdr },
      telephone: '022 418 00 00',
      email: null,
    });
    expect(postes(appels, '/debarras')).toHaveLength(0);
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Oui' }));

    await attendreTexte(DEBARRAS_SUCCES.cree('2026-00012'), ATTENTE);
    const corps = postes(appels, '/debarras')[0]!.corps as Record<string, unknown>;
    expect(corps).toMatchObject({
      typeDemande: 'TELEPHONE',
      sauvage: '0',
      adresse: { idpAdr: SERVETTE_12.idpAdr },
      levee: { idLevee: 32 },
      nomPersonne: 'Mme Favre',
      punaises: 'true',
      punaisesDechets: 'true',
      inclurePrecisionLieu: '1',
      debarrasObjets: [{ objet: { idObjet: 1 }, quantite: 2, remarque: null }],
    });
    expect(corps).not.toHaveProperty('idDebarras');
    expect(
      await screen.findByRole('heading', { name: 'Détail du débarras n° 2026-00012 - Actif - Téléphone' }, ATTENTE),
    ).toBeInTheDocument();
    expect(routeur.state.location.pathname).toBe('/debarrasDetail/12');
  });

  it("n'enregistre rien si l'on répond « Non » aux doublons", async () => {
    const { appels } = serveur({
      'POST debarras/doublons': () => ({
        corps: {
          message: DEBARRAS_MESSAGES.doublons(['2026-00003 (levée du 07.12.2026, même adresse)']),
          doublons: [{ idDebarras: 3, numero: '2026-00003', dateLevee: '2026-12-07', criteres: ['ADRESSE'] }],
        },
      }),
    });
    ouvrir('/debarrasDetail/12');
    await userEvent.type(await screen.findByLabelText(DEBARRAS_DETAIL_LIBELLES.remarqueGenerale), 'Sonner');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await userEvent.click(within(await attendreDialogue(DEBARRAS_DETAIL_LIBELLES.doublons)).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled());
    expect(postes(appels, '/debarras/doublons')[0]!.corps).toEqual({
      idDebarras: 12,
      adresse: { idpAdr: SERVETTE_12.idpAdr },
      telephone: '022 418 00 00',
      email: null,
    });
    expect(postes(appels, '/debarras')).toHaveLength(0);
  });

  it('au-delà de la capacité, renvoie avec force après confirmation ; « Enregistrer / Nouveau » rouvre un formulaire vide', async () => {
    const { appels } = serveur({
      'POST debarras/doublons': () => ({ status: 204 }),
      'POST debarras': (url, init) =>
        url.searchParams.get('force') === 'true'
          ? { corps: debarras({ remarqueGenerale: JSON.parse(String(init?.body)).remarqueGenerale, version: 4 }) }
          : refus(409, 'CAPACITE_DEPASSEE', DEBARRAS_MESSAGES.capacite),
    });
    ouvrir('/debarrasDetail/12');
    expect(await screen.findByRole('heading', { name: 'Détail du débarras n° 2026-00012 - Actif - Téléphone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText(DEBARRAS_DETAIL_LIBELLES.remarqueGenerale), 'Sonner deux fois');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer / Nouveau' }));
    const confirmation = await attendreDialogue(/dépasse la capacité maximale autorisée/);
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Oui' }));

    await attendreTexte(DEBARRAS_SUCCES.misAJour('2026-00012'), ATTENTE);
    const envois = postes(appels, '/debarras');
    expect(envois.map((a) => a.url.searchParams.get('force'))).toEqual([null, 'true']);
    expect(envois[1]!.corps).toMatchObject({ idDebarras: 12, version: 3, remarqueGenerale: 'Sonner deux fois' });
    expect(await screen.findByRole('heading', { name: DEBARRAS_DETAIL_LIBELLES.nouveau }, ATTENTE)).toBeInTheDocument();
    expect(screen.getByLabelText(DEBARRAS_DETAIL_LIBELLES.remarqueGenerale)).toHaveValue('');
  });

  it("avertit qu'un changement de type de débarras enregistré change la première levée, et la recherche à nouveau", async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail/12');
    await userEvent.click(await screen.findByRole('checkbox', { name: DEBARRAS_LIBELLES.sauvage }));
    await attendreTexte(DEBARRAS_MESSAGES.changementSauvage);
    await waitFor(() => expect(screen.getByTestId('secteur-levee')).toHaveTextContent('Escalade'));
    expect(appels.find((a) => a.url.pathname.endsWith('/levee/next'))!.url.searchParams.get('sauvageurgent')).toBe('true');
  });

  it('en lecture seule, rien ne se modifie, sans aucun bouton d’enregistrement ; le journal et « Imprimer » restent offerts', async () => {
    serveur();
    ouvrir('/debarrasDetail/12', ROLES.LECTURE);
    await screen.findByRole('heading', { name: 'Détail du débarras n° 2026-00012 - Actif - Téléphone' });
    // values are read-only, not disabled: normal contrast, and still selectable to copy a number
    for (const champ of [
      DEBARRAS_LIBELLES.nomPersonne,
      DEBARRAS_LIBELLES.telephone,
      DEBARRAS_LIBELLES.email,
      DEBARRAS_DETAIL_LIBELLES.remarqueGenerale,
      DEBARRAS_DETAIL_LIBELLES.remarqueObjet,
      DEBARRAS_DETAIL_LIBELLES.travaux,
    ]) {
      expect(screen.getByLabelText(champ)).toHaveAttribute('readonly');
      expect(screen.getByLabelText(champ)).toBeEnabled();
    }
    expect(screen.getByLabelText(DEBARRAS_LIBELLES.nomPersonne)).toHaveValue('Mme Favre');
    expect(screen.getByLabelText(DEBARRAS_DETAIL_LIBELLES.rechercheAdresse)).toBeDisabled();
    expect(screen.getByLabelText(DEBARRAS_LIBELLES.nomPersonne).closest('form')).toHaveClass('fiche-lecture-seule');
    for (const caseACocher of [DEBARRAS_LIBELLES.sauvage, DEBARRAS_DETAIL_LIBELLES.punaises, DEBARRAS_DETAIL_LIBELLES.punaisesDechets]) {
      expect(screen.getByRole('checkbox', { name: caseACocher })).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: /Editer/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: DEBARRAS_DETAIL_LIBELLES.autreLevee })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer / Nouveau' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: DEBARRAS_DETAIL_LIBELLES.journal })).toBeEnabled();
    const imprimer = screen.getByRole('link', { name: /Imprimer/ });
    expect(imprimer).toHaveAttribute('href', '/rest/debarras/print/?id=12');
    expect(imprimer).toHaveAttribute('target', '_blank');
  });

  it('un débarras archivé ne garde que ses remarques générales modifiables, sans recherche de doublons', async () => {
    const { appels } = serveur({
      'GET debarras/12': () => ({ corps: debarras({ statut: 'ARCHIVE', recurrent: true }) }),
      'POST debarras': (_u, init) => ({
        corps: debarras({ statut: 'ARCHIVE', remarqueGenerale: JSON.parse(String(init?.body)).remarqueGenerale, version: 4 }),
      }),
    });
    ouvrir('/debarrasDetail/12');
    expect(
      await screen.findByRole('heading', { name: 'Détail du débarras n° 2026-00012 - Archivé - Téléphone - Récurrent' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(DEBARRAS_LIBELLES.nomPersonne)).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: DEBARRAS_LIBELLES.sauvage })).toBeDisabled();
    await userEvent.type(screen.getByLabelText(DEBARRAS_DETAIL_LIBELLES.remarqueGenerale), 'Rappeler');
    expect(screen.getByRole('button', { name: 'Enregistrer / Nouveau' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await attendreTexte(DEBARRAS_SUCCES.misAJour('2026-00012'), ATTENTE);
    expect(postes(appels, '/debarras/doublons')).toHaveLength(0);
    expect(postes(appels, '/debarras')[0]!.corps).toMatchObject({ idDebarras: 12, remarqueGenerale: 'Rappeler' });
  });

  it("un débarras supprimé ne s'enregistre pas ; « Réactiver » le réactive après confirmation", async () => {
    const { appels } = serveur({
      'GET debarras/12': () => ({ corps: debarras({ statut: 'SUPPRIME' }) }),
      'POST debarras/reactiver': () => ({ corps: { ...debarras({ version: 4 }), avertissement: null } }),
    });
    ouvrir('/debarrasDetail/12');
    expect(await screen.findByRole('heading', { name: 'Détail du débarras n° 2026-00012 - Supprimé - Téléphone' })).toBeInTheDocument();
    expect(screen.getByLabelText(DEBARRAS_DETAIL_LIBELLES.remarqueGenerale)).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: DEBARRAS_DETAIL_LIBELLES.reactiver }));
    await userEvent.click(within(await attendreDialogue(DEBARRAS_DETAIL_LIBELLES.reactiver)).getByRole('button', { name: 'Oui' }));
    await attendreTexte(DEBARRAS_SUCCES.reactiver('2026-00012'), ATTENTE);
    expect(postes(appels, '/debarras/reactiver')[0]!.corps).toEqual({ idDebarras: 12, version: 3 });
    expect(
      await screen.findByRole('heading', { name: 'Détail du débarras n° 2026-00012 - Actif - Téléphone' }, ATTENTE),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(DEBARRAS_LIBELLES.nomPersonne)).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: DEBARRAS_DETAIL_LIBELLES.reactiver })).not.toBeInTheDocument();
  });

  it('montre le journal : action, date et utilisateur', async () => {
    serveur({
      'GET debarras/12/journal': () => ({
        corps: [{ typeJournal: 'CREATION', typeJournalStr: 'Création', dateJournal: '2026-03-01T08:00:00Z', utilisateur: 'gestion' }],
      }),
    });
    ouvrir('/debarrasDetail/12');
    await userEvent.click(await screen.findByRole('button', { name: DEBARRAS_DETAIL_LIBELLES.journal }));
    const dialogue = await attendreDialogue(DEBARRAS_DETAIL_LIBELLES.journal);
    expect(await within(dialogue).findByText('Création')).toBeInTheDocument();
    expect(within(dialogue).getByText('01.03.2026 - 09:00:00')).toBeInTheDocument();
    expect(within(dialogue).getByText('gestion')).toBeInTheDocument();
  });
});
