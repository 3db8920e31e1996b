import {
  DEBARRAS_DETAIL_LIBELLES as L,
  DEBARRAS_LIBELLES,
  DEBARRAS_MESSAGES,
  DEBARRAS_SUCCES,
  FORMULAIRE_MESSAGES,
  ROLES,
  type Debarras,
  type Role,
} from '@debarras/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { attendreDialogue, attendreTexte } from '../../test/ecran';
import { unDebarras, uneAdresse, uneLevee, unObjet } from '../../test/fabriques';
import { monterPage } from '../../test/monter';
import { simulerServeur } from '../../test/serveur';
import { DebarrasDetailPage } from './DetailPage';

// The clerk's phone intake at the keyboard, what a save still needs, and nothing typed lost
// (docs/regles.md « Comportement du formulaire », « Comportement général »).

const SERVETTE_12 = uneAdresse('6621000101', 'Rue de la Servette 12');
const SERVETTE_14 = uneAdresse('6621000102', 'Rue de la Servette 14');
const LEVEE = uneLevee({ idLevee: 32, nbDebarras: 4 });
const OBJETS = [unObjet(1, 'Canapé'), unObjet(2, 'Matelas')];
const ENREGISTRE = unDebarras({ idDebarras: 12, numero: '2026-00012', version: 0, levee: LEVEE });

function ouvrir(chemin: string, role: Role = ROLES.GESTION) {
  return monterPage(
    [
      { path: '/debarrasDetail/:id?', element: <DebarrasDetailPage /> },
      { path: '/debarrasListe', element: <p>Liste des débarras</p> },
      { path: '/403', element: <p>Non autorisé</p> },
    ],
    chemin,
    role,
  );
}

function serveur(debarras: Debarras = ENREGISTRE) {
  return simulerServeur({
    'GET adresse/': () => ({ corps: [SERVETTE_12, SERVETTE_14] }),
    // the addresses have no exception
    [`GET adresseexception/byidpadr/${SERVETTE_12.idpAdr}`]: () => ({ corps: null }),
    [`GET adresseexception/byidpadr/${SERVETTE_14.idpAdr}`]: () => ({ corps: null }),
    'GET levee/next': () => ({ corps: [LEVEE] }),
    'GET objet/': () => ({ corps: OBJETS, entetes: { 'x-total-elements': '2' } }),
    'GET debarras/12': () => ({ corps: debarras }),
    'POST debarras/doublons': () => ({ status: 204 }),
    'POST debarras': () => ({ corps: { ...debarras, version: debarras.version + 1 } }),
  });
}

const postes = (appels: ReturnType<typeof simulerServeur>['appels'], chemin: string) =>
  appels.filter((a) => a.methode === 'POST' && a.url.pathname.endsWith(chemin));

const champ = (libelle: string) => screen.getByLabelText(libelle);
/** A save button's wrapper, which shows its tooltip even when the button is disabled. */
const survolerBouton = (nom: string) => userEvent.hover(screen.getByRole('button', { name: nom }).parentElement!);
const infobulle = () => screen.findByRole('tooltip');
const ATTENTE = { timeout: 8000 };

describe('saisie clavier de la fiche débarras', { timeout: 60_000 }, () => {
  it('suit l’appel au clavier : adresse par Entrée, Tab vers le demandeur, objets au clavier, Ctrl+S enregistre', async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail');
    await screen.findByRole('heading', { name: L.nouveau });
    expect(champ(L.rechercheAdresse)).toHaveFocus();

    // Enter before the suggestions: the first address is taken as soon as it arrives
    await userEvent.keyboard('ser{Enter}');
    await waitFor(() => expect(champ(DEBARRAS_LIBELLES.adresse)).toHaveValue('Rue de la Servette 12'));
    await waitFor(() => expect(screen.getByTestId('date-levee')).not.toBeEmptyDOMElement());

    // the read-only address and sector are skipped
    await userEvent.tab();
    expect(champ(DEBARRAS_LIBELLES.nomPersonne)).toHaveFocus();
    await userEvent.keyboard('Mme Favre');
    await userEvent.tab();
    expect(champ(DEBARRAS_LIBELLES.telephone)).toHaveFocus();
    await userEvent.keyboard('022 418 00 00');
    await userEvent.tab();
    await userEvent.tab();
    const editer = screen.getByRole('button', { name: /Editer/ });
    expect(editer).toHaveFocus();

    // the objects modal opens on the first quantity, Enter confirms, the focus comes back to the form
    await userEvent.keyboard('{Enter}');
    const dialogue = await attendreDialogue(L.choisirObjets);
    await waitFor(() => expect(within(dialogue).getByLabelText('Quantité Canapé')).toHaveFocus());
    await userEvent.keyboard('2');
    await userEvent.tab();
    await userEvent.tab();
    expect(within(dialogue).getByLabelText('Quantité Matelas')).toHaveFocus();
    await userEvent.keyboard('1{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(editer).toHaveFocus();
    expect(screen.getByRole('cell', { name: 'Matelas' })).toBeInTheDocument();

    await userEvent.keyboard('{Control>}s{/Control}');
    await attendreTexte(DEBARRAS_SUCCES.cree('2026-00012'), ATTENTE);
    // the form rebuilt on the created débarras's page gives the focus back where the save was asked
    await waitFor(() => expect(screen.getByRole('button', { name: /Editer/ })).toHaveFocus());
    expect(postes(appels, '/debarras')[0]!.corps).toMatchObject({
      adresse: { idpAdr: SERVETTE_12.idpAdr },
      levee: { idLevee: 32 },
      nomPersonne: 'Mme Favre',
      telephone: '022 418 00 00',
      debarrasObjets: [
        { objet: { idObjet: 1 }, quantite: 2 },
        { objet: { idObjet: 2 }, quantite: 1 },
      ],
    });
  });

  it('demande avant d’abandonner les quantités saisies dans « Choisir les objets » ; sans saisie, Échap ferme', async () => {
    serveur();
    ouvrir('/debarrasDetail');
    await userEvent.click(await screen.findByRole('button', { name: /Editer/ }));
    const dialogue = await attendreDialogue(L.choisirObjets);
    await waitFor(() => expect(within(dialogue).getByLabelText('Quantité Canapé')).toHaveFocus());
    await userEvent.keyboard('3{Escape}');

    const question = await attendreDialogue(L.abandonObjets);
    await userEvent.click(within(question).getByRole('button', { name: L.reprendreSaisie }));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    expect(within(dialogue).getByLabelText('Quantité Canapé')).toHaveValue('3');

    await userEvent.click(within(dialogue).getByRole('button', { name: 'Annuler' }));
    await userEvent.click(within(await attendreDialogue(L.abandonObjets)).getByRole('button', { name: L.abandonner }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: L.choisirObjets })).not.toBeInTheDocument());
    expect(screen.queryByRole('cell', { name: 'Canapé' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Editer/ }));
    await waitFor(() => expect(screen.getByLabelText('Quantité Canapé')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('dit ce qui manque : dans l’infobulle de « Enregistrer » désactivé, puis à la tentative par le raccourci (pas par Entrée), objets compris sans ouvrir leur modale', async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail');
    await screen.findByRole('heading', { name: L.nouveau });
    const manquants = [
      DEBARRAS_MESSAGES.adresseObligatoire,
      DEBARRAS_MESSAGES.leveeObligatoire,
      DEBARRAS_MESSAGES.nomObligatoire,
      DEBARRAS_MESSAGES.contactObligatoire,
      DEBARRAS_MESSAGES.objetObligatoire,
    ];
    expect(screen.getByRole('button', { name: L.enregistrer })).toBeDisabled();
    await survolerBouton(L.enregistrer);
    const bulle = await infobulle();
    for (const message of manquants) expect(bulle).toHaveTextContent(message);
    expect(bulle).toHaveTextContent(L.raccourciEnregistrer);
    await userEvent.unhover(screen.getByRole('button', { name: L.enregistrer }).parentElement!);

    // Enter in a field saves nothing (docs/regles.md « Comportement général »); the shortcut attempts the save
    await userEvent.type(champ(DEBARRAS_LIBELLES.telephone), '022 418 00 00{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.keyboard('{Control>}s{/Control}');
    const liste = await screen.findByRole('alert');
    expect(liste).toHaveTextContent(L.aCompleter);
    for (const message of manquants.filter((m) => m !== DEBARRAS_MESSAGES.contactObligatoire)) expect(liste).toHaveTextContent(message);
    expect(liste).not.toHaveTextContent(DEBARRAS_MESSAGES.contactObligatoire);
    // each message under its field too, the objects' one under their table
    expect(screen.getAllByText(DEBARRAS_MESSAGES.objetObligatoire).some((e) => e.classList.contains('ant-typography-danger'))).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(postes(appels, '/debarras/doublons')).toHaveLength(0);
  });

  it('Ctrl+Maj+Entrée enregistre puis ouvre un formulaire vierge ; une fiche inchangée dit qu’il n’y a rien à enregistrer', async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail/12');
    await screen.findByRole('heading', { name: /^Détail du débarras n° 2026-00012/ });
    await survolerBouton(L.enregistrer);
    expect(await infobulle()).toHaveTextContent(L.aucuneModification);
    await userEvent.unhover(screen.getByRole('button', { name: L.enregistrer }).parentElement!);
    await survolerBouton(L.enregistrerNouveau);
    await waitFor(() =>
      expect(screen.getAllByRole('tooltip').some((b) => b.textContent?.includes(L.raccourciEnregistrerNouveau))).toBe(true),
    );

    await userEvent.type(champ(L.remarqueGenerale), 'Sonner deux fois');
    await userEvent.keyboard('{Control>}{Shift>}{Enter}{/Shift}{/Control}');
    await attendreTexte(DEBARRAS_SUCCES.misAJour('2026-00012'), ATTENTE);
    expect(postes(appels, '/debarras')[0]!.corps).toMatchObject({ idDebarras: 12, remarqueGenerale: 'Sonner deux fois' });
    // saved: the new form follows without asking
    expect(await screen.findByRole('heading', { name: L.nouveau }, ATTENTE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: FORMULAIRE_MESSAGES.quitterTitre })).not.toBeInTheDocument();
  });
});

describe('ne rien perdre de la saisie', { timeout: 60_000 }, () => {
  const rechargerEmpeche = () => {
    const evenement = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(evenement);
    return evenement.defaultPrevented;
  };

  it('demande avant de quitter une saisie non enregistrée (retour, « Retour à la liste ») et fait demander le navigateur avant de recharger', async () => {
    serveur();
    const routeur = ouvrir('/debarrasListe');
    await act(() => routeur.navigate('/debarrasDetail'));
    await screen.findByRole('heading', { name: L.nouveau });
    expect(rechargerEmpeche()).toBe(false);
    await userEvent.type(champ(DEBARRAS_LIBELLES.nomPersonne), 'Mme Favre');
    expect(rechargerEmpeche()).toBe(true);

    // Back
    await act(() => routeur.navigate(-1));
    const question = await attendreDialogue(FORMULAIRE_MESSAGES.quitterTitre);
    expect(question).toHaveTextContent(FORMULAIRE_MESSAGES.quitterContenu);
    await userEvent.click(within(question).getByRole('button', { name: FORMULAIRE_MESSAGES.rester }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(champ(DEBARRAS_LIBELLES.nomPersonne)).toHaveValue('Mme Favre');
    expect(routeur.state.location.pathname).toBe('/debarrasDetail');

    await userEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    await userEvent.click(
      within(await attendreDialogue(FORMULAIRE_MESSAGES.quitterTitre)).getByRole('button', {
        name: FORMULAIRE_MESSAGES.quitter,
      }),
    );
    expect(await screen.findByText('Liste des débarras')).toBeInTheDocument();
    expect(rechargerEmpeche()).toBe(false);
  });

  it('quitte sans demander une fiche inchangée', async () => {
    serveur();
    ouvrir('/debarrasDetail/12');
    await screen.findByRole('heading', { name: /^Détail du débarras n° 2026-00012/ });
    await userEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    expect(await screen.findByText('Liste des débarras')).toBeInTheDocument();
  });

  it('mène la lecture seule à la page 403 pour un nouveau débarras', async () => {
    serveur();
    const routeur = ouvrir('/debarrasDetail', ROLES.LECTURE);
    expect(await screen.findByText('Non autorisé')).toBeInTheDocument();
    expect(routeur.state.location.pathname).toBe('/403');
  });
});
