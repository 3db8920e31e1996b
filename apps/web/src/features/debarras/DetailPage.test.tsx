import { ajouterJours, aujourdhui, ROLES, type Adresse, type Debarras, type Levee, type Role } from '@debarras/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import { useEffect, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { brancherConfirmation } from '../../lib/confirmation';
import { brancherNotifications } from '../../lib/notifications';
import { ContexteSession, sessionDe } from '../../lib/session';
import { simulerServeur, utilisateurDeTest } from '../../test/serveur';
import { DebarrasDetailPage } from './DetailPage';

const SECTEUR = 'Secteur 2 - Servette / Saint-Jean / Charmilles';
const dans = (jours: number) => ajouterJours(aujourdhui(), jours);
const jourAffiche = (jour: string) => jour.split('-').reverse().join('.');

const adresse = (idpAdr: string, libelle: string, secteur: string | null): Adresse => ({
  idpAdr,
  adresse: libelle,
  typeVoie: 'Rue',
  liant: 'de la',
  nomVoie: 'Servette',
  noAdresse: '12',
  commune: 'Genève',
  noPostal: '1202',
  nomNpa: 'Genève',
  x: 2499075.32,
  y: 1118940.11,
  noCommune: 6621,
  secteur,
  gestionnaire: 'VILLE DE GENEVE',
});
const SERVETTE_12 = adresse('6621000101', 'Rue de la Servette 12', SECTEUR);
const SERVETTE_14 = adresse('6621000102', 'Rue de la Servette 14', null);

const levee = (idLevee: number, valeurs: Partial<Levee> = {}): Levee => ({
  idLevee,
  dateLevee: dans(1),
  secteur: { id: 2, libelle: SECTEUR },
  name: null,
  statut: 'ACTIF',
  supplementaire: 0,
  nbDebarras: 4,
  nbDebarrasMax: 30,
  nbReservationsEnCours: 0,
  indisponibilite: 0,
  kilometrage: null,
  version: 0,
  createdDate: '2026-01-10T08:00:00Z',
  createdBy: 'planification',
  lastModifiedDate: null,
  lastModifiedBy: null,
  ...valeurs,
});
const LEVEES = [
  levee(30, { supplementaire: 1, secteur: null, name: 'Escalade' }),
  levee(31, { nbDebarras: 29, nbReservationsEnCours: 1 }),
  levee(32, { dateLevee: dans(2), nbDebarras: 12, nbReservationsEnCours: 2 }),
  levee(33, { dateLevee: dans(3) }),
];

const OBJETS = [
  { idObjet: 1, libelle: 'Canapé', libelleExt: 'Canapé', url: 'canape.png', urlInterdit: null, ordre: 1, type: 'Objet', actif: 1 },
  { idObjet: 2, libelle: 'Matelas', libelleExt: 'Matelas', url: 'matelas.png', urlInterdit: null, ordre: 2, type: 'Objet', actif: 1 },
].map((o) => ({
  ...o,
  version: 0,
  createdDate: '2026-01-10T08:00:00Z',
  createdBy: 'technique',
  lastModifiedDate: null,
  lastModifiedBy: null,
}));

const debarras = (valeurs: Partial<Debarras> = {}): Debarras => ({
  idDebarras: 12,
  numero: '2026-00012',
  statut: 'ACTIF',
  typeDemande: 'TELEPHONE',
  recurrent: false,
  sauvage: '0',
  adresse: { idpAdr: SERVETTE_12.idpAdr, adresse: SERVETTE_12.adresse, secteur: SECTEUR },
  levee: LEVEES[2]!,
  nomPersonne: 'Mme Favre',
  telephone: '022 418 00 00',
  email: null,
  precisionLieu: null,
  inclurePrecisionLieu: '1',
  travaux: null,
  remarqueLieu: null,
  remarqueGenerale: null,
  remarqueObjet: null,
  punaises: 'false',
  punaisesDechets: 'false',
  pointDepotX: null,
  pointDepotY: null,
  debarrasObjets: [{ idDebarrasObjet: 1, objet: { idObjet: 1, libelle: 'Canapé' }, quantite: 2, remarque: null }],
  version: 3,
  createdDate: '2026-03-01T08:00:00Z',
  createdBy: 'gestion',
  lastModifiedDate: null,
  lastModifiedBy: null,
  ...valeurs,
});

/** The app's providers around the page alone, at a client route, signed in with a role. */
function Branchements({ children }: { children: ReactNode }) {
  const { notification, modal } = AntApp.useApp();
  useEffect(() => {
    brancherNotifications(notification);
    brancherConfirmation(modal);
  }, [notification, modal]);
  return children;
}

function ouvrir(chemin: string, role: Role = ROLES.GESTION) {
  const routeur = createMemoryRouter(
    [
      { path: '/debarrasDetail/:id?', element: <DebarrasDetailPage /> },
      { path: '/debarrasListe', element: <p>Liste des débarras</p> },
    ],
    { initialEntries: [chemin] },
  );
  render(
    <ConfigProvider locale={frFR}>
      <AntApp>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ContexteSession.Provider value={sessionDe(utilisateurDeTest(role))}>
            <Branchements>
              <RouterProvider router={routeur} />
            </Branchements>
          </ContexteSession.Provider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return routeur;
}

function serveur(routes: Parameters<typeof simulerServeur>[0] = {}) {
  return simulerServeur({
    'GET adresse/': () => ({ corps: [SERVETTE_12, SERVETTE_14] }),
    'GET levee/next': () => ({ corps: LEVEES }),
    'GET objet/': () => ({ corps: OBJETS, entetes: { 'x-total-elements': '2' } }),
    'GET debarras/12': () => ({ corps: debarras() }),
    ...routes,
  });
}

/** Types in the address search, waits for the 500 ms pause, then picks the address. */
async function choisirAdresse(libelle: string) {
  await userEvent.type(screen.getByLabelText('Rechercher une adresse'), 'ser');
  await userEvent.click(await screen.findByText(libelle, { selector: '.ant-select-item-option-content *' }, { timeout: 2000 }));
}

async function choisirObjets(quantites: Record<string, string>) {
  await userEvent.click(screen.getByRole('button', { name: /Editer/ }));
  const dialogue = await screen.findByRole('dialog', { name: 'Choisir les objets' });
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
  await userEvent.type(screen.getByLabelText('Nom demandeur'), 'Mme Favre');
  await userEvent.type(screen.getByLabelText('Téléphone'), '022 418 00 00');
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
    expect(await screen.findByRole('heading', { name: 'Nouveau débarras' })).toBeInTheDocument();
    expect(screen.getAllByTitle('Téléphone')[0]).toHaveClass('ant-select-content');
    expect(screen.getByRole('checkbox', { name: 'Sauvage' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Inclure les précisions dans la feuille de route' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Punaises de lit immeuble' })).not.toBeChecked();

    await userEvent.click(screen.getByLabelText('Nom demandeur'));
    await userEvent.click(screen.getByLabelText('Téléphone'));
    await userEvent.click(screen.getByLabelText('E-Mail'));
    expect(await screen.findByText('La saisie du nom du demandeur est obligatoire')).toBeInTheDocument();
    expect(screen.getByText("La saisie d'au moins un n° de téléphone ou un e-mail est obligatoire")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-Mail'), 'favre@');
    await userEvent.tab();
    expect(await screen.findByText('Veuillez saisir un e-mail valide')).toBeInTheDocument();
    expect(screen.queryByText("La saisie d'au moins un n° de téléphone ou un e-mail est obligatoire")).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enregistrer / Nouveau' })).toBeDisabled();

    // a sauvage (illegal dump) needs no requester
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sauvage' }));
    expect(screen.queryByText('La saisie du nom du demandeur est obligatoire')).not.toBeInTheDocument();
  });

  it("choisit la levée de l'adresse : standard, du secteur, avec de la place", async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail');
    await choisirAdresse('Rue de la Servette 12');
    expect(await screen.findByTestId('date-levee')).toHaveTextContent(jourAffiche(dans(2)));
    expect(screen.getByTestId('secteur-levee')).toHaveTextContent(SECTEUR);
    expect(screen.getByText('12 (+2)')).toHaveClass('capacite-success');
    expect(screen.getByLabelText('Adresse')).toHaveValue('Rue de la Servette 12');
    const recherche = appels.find((a) => a.url.pathname.endsWith('/levee/next'))!.url.searchParams;
    expect(Object.fromEntries(recherche)).toEqual({ secteur: SECTEUR, sauvageurgent: 'false' });
    expect(screen.getByRole('link', { name: 'Détail de la levée' })).toHaveAttribute('href', '/leveeDetail/32');

    // another levée from 'Levées disponibles'
    await userEvent.click(screen.getByRole('button', { name: 'Choisir une autre levée' }));
    const dialogue = await screen.findByRole('dialog', { name: 'Levées disponibles' });
    expect(await within(dialogue).findByText('Escalade')).toBeInTheDocument();
    await userEvent.click(within(dialogue).getByRole('button', { name: `Choisir la levée du ${jourAffiche(dans(3))}` }));
    await waitFor(() => expect(screen.getByTestId('date-levee')).toHaveTextContent(jourAffiche(dans(3))));
  });

  it("prend la première levée rendue pour un débarras sauvage, qui peut partir aujourd'hui", async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sauvage' }));
    await choisirAdresse('Rue de la Servette 12');
    await waitFor(() => expect(screen.getByTestId('secteur-levee')).toHaveTextContent('Escalade'));
    expect(appels.find((a) => a.url.pathname.endsWith('/levee/next'))!.url.searchParams.get('sauvageurgent')).toBe('true');
  });

  it("avertit qu'une adresse sans secteur n'a pas de levée : « SECTEUR NON DEFINI »", async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail');
    await choisirAdresse('Rue de la Servette 14');
    expect(await screen.findByText("Aucun secteur n'est défini pour cette adresse !")).toBeInTheDocument();
    expect(screen.getByTestId('secteur-levee')).toHaveTextContent('SECTEUR NON DEFINI');
    expect(screen.getByLabelText('Secteur')).toHaveValue('SECTEUR NON DEFINI');
    expect(screen.getByRole('button', { name: 'Choisir une autre levée' })).toBeDisabled();
    expect(appels.some((a) => a.url.pathname.endsWith('/levee/next'))).toBe(false);
  });

  it('« punaises de lit déchets » coche et verrouille « punaises de lit immeuble »', async () => {
    serveur();
    ouvrir('/debarrasDetail');
    const immeuble = await screen.findByRole('checkbox', { name: 'Punaises de lit immeuble' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Punaises de lit déchets' }));
    expect(immeuble).toBeChecked();
    expect(immeuble).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Punaises de lit déchets' }));
    expect(immeuble).toBeEnabled();
    await userEvent.click(immeuble);
    expect(immeuble).not.toBeChecked();
  });

  it("borne les quantités à 100, complète le tableau à 7 lignes et l'ouvre aussi d'un double-clic", async () => {
    serveur();
    ouvrir('/debarrasDetail');
    await screen.findByRole('heading', { name: 'Nouveau débarras' });
    const dialogue = await choisirObjets({ Canapé: '150', Matelas: '0' });
    expect(within(dialogue).getByLabelText('Quantité Canapé')).toHaveValue('100');
    await userEvent.type(within(dialogue).getByLabelText('Remarque Canapé'), 'cuir');
    await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const lignes = within(screen.getByText('Objet', { selector: 'th' }).closest('table')!)
      .getAllByRole('row')
      .slice(1);
    expect(lignes).toHaveLength(7);
    expect(lignes[0]).toHaveTextContent('Canapé100cuir');
    expect(lignes[1]).toHaveTextContent('');
    expect(screen.getByText('Objet', { selector: 'th' }).style.background).toBe('');

    await userEvent.dblClick(lignes[3]!);
    expect(await screen.findByRole('dialog', { name: 'Choisir les objets' })).toBeInTheDocument();
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
    const entete = await screen.findByText('Objet', { selector: 'th' });
    expect(entete.style.background).toBe('rgb(255, 231, 186)');
    expect(within(entete.closest('table')!).getAllByRole('row')).toHaveLength(8);
  });

  it('demande confirmation des doublons, enregistre sur « Oui » puis ouvre la fiche créée', async () => {
    const { appels } = serveur({
      'POST debarras/doublons': () => ({ corps: { message: 'Des débarras semblables existent déjà : 2026-00003 (même adresse).' } }),
      'POST debarras': () => ({ corps: debarras({ punaises: 'true', punaisesDechets: 'true', version: 0 }) }),
    });
    const routeur = ouvrir('/debarrasDetail');
    await screen.findByRole('heading', { name: 'Nouveau débarras' });
    await remplirNouveau();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Punaises de lit déchets' }));

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Doublons' });
    expect(confirmation).toHaveTextContent('2026-00003 (même adresse)');
    expect(postes(appels, '/debarras/doublons')[0]!.corps).toEqual({
      adresse: { idpAdr: SERVETTE_12.idpAdr },
      telephone: '022 418 00 00',
      email: null,
    });
    expect(postes(appels, '/debarras')).toHaveLength(0);
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Oui' }));

    expect(await screen.findByText('Le débarras 2026-00012 a été correctement créé', {}, ATTENTE)).toBeInTheDocument();
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
    const { appels } = serveur({ 'POST debarras/doublons': () => ({ corps: { message: 'Des débarras semblables existent déjà.' } }) });
    ouvrir('/debarrasDetail/12');
    await userEvent.type(await screen.findByLabelText('Remarques générales'), 'Sonner');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Doublons' })).getByRole('button', { name: 'Non' }));
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
          : {
              status: 409,
              corps: {
                errMsg:
                  'Attention, le nombre de débarras que vous souhaitez rattacher à cette levée dépasse la capacité maximale autorisée !',
              },
            },
    });
    ouvrir('/debarrasDetail/12');
    expect(await screen.findByRole('heading', { name: 'Détail du débarras n° 2026-00012 - Actif - Téléphone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Remarques générales'), 'Sonner deux fois');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer / Nouveau' }));
    const confirmation = await screen.findByRole('dialog', { name: /dépasse la capacité maximale autorisée/ });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Oui' }));

    expect(await screen.findByText('Le débarras 2026-00012 a été correctement mis à jour', {}, ATTENTE)).toBeInTheDocument();
    const envois = postes(appels, '/debarras');
    expect(envois.map((a) => a.url.searchParams.get('force'))).toEqual([null, 'true']);
    expect(envois[1]!.corps).toMatchObject({ idDebarras: 12, version: 3, remarqueGenerale: 'Sonner deux fois' });
    expect(await screen.findByRole('heading', { name: 'Nouveau débarras' }, ATTENTE)).toBeInTheDocument();
    expect(screen.getByLabelText('Remarques générales')).toHaveValue('');
  });

  it("avertit qu'un changement de type de débarras enregistré change la première levée, et la recherche à nouveau", async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail/12');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sauvage' }));
    expect(await screen.findByText('Le changement du type de débarras modifie la première levée disponible !')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('secteur-levee')).toHaveTextContent('Escalade'));
    expect(appels.find((a) => a.url.pathname.endsWith('/levee/next'))!.url.searchParams.get('sauvageurgent')).toBe('true');
  });

  it('en lecture seule, tout est désactivé', async () => {
    serveur();
    ouvrir('/debarrasDetail/12', ROLES.LECTURE);
    await screen.findByRole('heading', { name: 'Détail du débarras n° 2026-00012 - Actif - Téléphone' });
    for (const champ of [
      'Nom demandeur',
      'Téléphone',
      'E-Mail',
      'Remarques générales',
      'Remarques sur les objets',
      'Travaux',
      'Rechercher une adresse',
    ]) {
      expect(screen.getByLabelText(champ)).toBeDisabled();
    }
    for (const caseACocher of ['Sauvage', 'Punaises de lit immeuble', 'Punaises de lit déchets']) {
      expect(screen.getByRole('checkbox', { name: caseACocher })).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: /Editer/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choisir une autre levée' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enregistrer / Nouveau' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Journal' })).toBeEnabled();
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
    expect(screen.getByLabelText('Nom demandeur')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Sauvage' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Remarques générales'), 'Rappeler');
    expect(screen.getByRole('button', { name: 'Enregistrer / Nouveau' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le débarras 2026-00012 a été correctement mis à jour', {}, ATTENTE)).toBeInTheDocument();
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
    expect(screen.getByLabelText('Remarques générales')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Réactiver' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Réactiver' })).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('Le débarras 2026-00012 a été correctement réactiver', {}, ATTENTE)).toBeInTheDocument();
    expect(postes(appels, '/debarras/reactiver')[0]!.corps).toEqual({ idDebarras: 12, version: 3 });
    expect(
      await screen.findByRole('heading', { name: 'Détail du débarras n° 2026-00012 - Actif - Téléphone' }, ATTENTE),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nom demandeur')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Réactiver' })).not.toBeInTheDocument();
  });

  it('montre le journal : action, date et utilisateur', async () => {
    serveur({
      'GET debarras/12/journal': () => ({
        corps: [{ typeJournal: 'CREATION', typeJournalStr: 'Création', dateJournal: '2026-03-01T08:00:00Z', utilisateur: 'gestion' }],
      }),
    });
    ouvrir('/debarrasDetail/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Journal' }));
    const dialogue = await screen.findByRole('dialog', { name: 'Journal' });
    expect(await within(dialogue).findByText('Création')).toBeInTheDocument();
    expect(within(dialogue).getByText('01.03.2026 - 09:00:00')).toBeInTheDocument();
    expect(within(dialogue).getByText('gestion')).toBeInTheDocument();
  });
});
