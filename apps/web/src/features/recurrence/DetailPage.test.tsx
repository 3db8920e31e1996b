import {
  DEBARRAS_DETAIL_LIBELLES,
  DEBARRAS_MESSAGES,
  FORMULAIRE_MESSAGES,
  RECURRENCE_LIBELLES as L,
  RECURRENCE_MESSAGES,
  RECURRENCE_SUCCES,
  TELEPHONE_MESSAGES,
  type Recurrence,
} from '@debarras/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { attendreDialogue, attendreTexte } from '../../test/ecran';
import { uneAdresse, uneRecurrence, unObjet } from '../../test/fabriques';
import { monterPage } from '../../test/monter';
import { simulerServeur } from '../../test/serveur';
import { RecurrenceDetailPage } from './DetailPage';

const SERVETTE_12 = uneAdresse('6621000101', 'Rue de la Servette 12');
const SERVETTE_14 = uneAdresse('6621000102', 'Rue de la Servette 14');
const OBJETS = [unObjet(1, 'Canapé'), unObjet(2, 'Matelas')];
const EXISTANTE = uneRecurrence(5, SERVETTE_14, {
  recurrence: 'lundi,jeudi',
  dateDebut: '2026-01-05',
  remarque: 'Devant le garage',
  nomPersonne: 'M. Rochat',
  version: 3,
  lastModifiedDate: '2026-02-01T09:30:00Z',
  lastModifiedBy: 'gestion',
});

type Appels = ReturnType<typeof simulerServeur>['appels'];

/**
 * The server answers the saved récurrence as sent, with the débarras the save created at once (on the days of
 * `dates`, as its preview says) and those still to collect that took its changes.
 */
function serveur(dates: string[] = [], existante: Recurrence = EXISTANTE) {
  return simulerServeur({
    'GET adresse/': () => ({ corps: [SERVETTE_12, SERVETTE_14] }),
    'GET objet/': () => ({ corps: OBJETS, entetes: { 'x-total-elements': '2' } }),
    'GET recurrence/5': () => ({ corps: existante }),
    'GET recurrence/9': () => ({ corps: uneRecurrence(9, SERVETTE_12) }),
    'POST recurrence/apercu': () => ({ corps: { dates } }),
    'POST recurrence': (url, init) => {
      const saisie = JSON.parse(String(init?.body)) as { idRecurrence?: number };
      const enregistree: Recurrence = saisie.idRecurrence
        ? { ...existante, version: existante.version + 1 }
        : uneRecurrence(9, SERVETTE_12);
      const debarrasModifies = url.searchParams.get('appliquerAuxDebarras') === 'true' ? existante.debarrasAVenir : 0;
      return { corps: { ...enregistree, debarrasCrees: dates.length, debarrasModifies } };
    },
  });
}

function ouvrir(chemin: string) {
  monterPage(
    [
      { path: '/RecurrenceDetail/:id?', element: <RecurrenceDetailPage /> },
      { path: '/RecurrenceListe', element: <p>Liste des récurrences</p> },
    ],
    chemin,
  );
}

const enregistrer = () => userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
const jour = (libelle: string) => screen.getByRole('checkbox', { name: libelle });
/** The saves sent (not the previews). */
const postes = (appels: Appels) => appels.filter((a) => a.methode === 'POST' && a.url.pathname.endsWith('/recurrence')).map((a) => a.corps);

/** Pasted rather than typed: each key re-renders the whole form, slow under jsdom. */
async function saisir(libelle: string, texte: string) {
  await userEvent.click(screen.getByLabelText(libelle));
  await userEvent.paste(texte);
}

// Typed then left with Tab: Enter would also submit the form.
const saisirDate = async (libelle: string, date: string) => {
  await userEvent.type(screen.getByLabelText(libelle), date);
  await userEvent.tab();
};

async function choisirAdresse(libelle: string) {
  await userEvent.type(screen.getByLabelText(L.rechercheAdresse), 'ser');
  await userEvent.click(await screen.findByText(libelle, { selector: '.ant-select-item-option-content *' }, { timeout: 3000 }));
}

// antd forms are slow to render under jsdom, the more so beside the other suites.
describe("fiche d'une récurrence", { timeout: 60_000 }, () => {
  it('affiche sous leur champ les messages de validation de la spécification', async () => {
    const { appels } = serveur();
    ouvrir('/RecurrenceDetail');
    expect(await screen.findByRole('heading', { name: L.nouvelle })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Actif' })).toBeChecked();
    await saisir(L.remarqueSaisie, 'Devant le garage');
    await enregistrer();
    await attendreTexte(RECURRENCE_MESSAGES.adresseObligatoire);
    await attendreTexte(RECURRENCE_MESSAGES.jourObligatoire);
    await attendreTexte('La saisie de la date de début est obligatoire');
    // the address chosen, its message goes at once
    await choisirAdresse('Rue de la Servette 14');
    await waitFor(() => expect(screen.queryByText(RECURRENCE_MESSAGES.adresseObligatoire)).not.toBeInTheDocument());

    await saisirDate(L.dateDebutSaisie, '10.03.2026');
    await saisirDate(L.dateFinSaisie, '01.03.2026');
    await saisir(L.telephone, '12');
    await saisir(L.email, 'rochat.example.org');
    await saisir(L.remarqueObjetSaisie, 'r'.repeat(256));
    await enregistrer();
    await attendreTexte(RECURRENCE_MESSAGES.dateFinAvantDebut);
    await attendreTexte(TELEPHONE_MESSAGES.invalide);
    await attendreTexte(DEBARRAS_MESSAGES.emailInvalide);
    await attendreTexte(RECURRENCE_MESSAGES.remarqueObjetTropLongue);
    expect(screen.queryByText('La saisie de la date de début est obligatoire')).not.toBeInTheDocument();
    expect(postes(appels)).toEqual([]);
  });

  it('explique dans une infobulle la création des débarras récurrents, au survol comme au clavier', async () => {
    serveur();
    ouvrir('/RecurrenceDetail');
    const info = await screen.findByLabelText(L.info);
    await userEvent.hover(info);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(L.info);
    await userEvent.unhover(info);
    info.blur();
    info.focus();
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(L.info));
  });

  it("crée la récurrence : adresse cherchée, jours dans l'ordre, objets choisis dans la modale ; annonce les débarras créés", async () => {
    const { appels } = serveur(['2026-03-12', '2026-03-16', '2026-03-19', '2026-03-23']);
    ouvrir('/RecurrenceDetail');
    await screen.findByRole('heading', { name: L.nouvelle });
    expect(screen.getByLabelText(L.rechercheAdresse)).toHaveFocus();
    // Enter before the suggestions takes the first address as soon as it arrives, and saves nothing
    await userEvent.keyboard('ser{Enter}');
    await waitFor(() => expect(screen.getByLabelText(L.adresse)).toHaveValue('Rue de la Servette 12'));
    expect(screen.queryByText(RECURRENCE_MESSAGES.jourObligatoire)).not.toBeInTheDocument();
    expect(screen.getByLabelText(L.adresse)).toHaveAttribute('readonly');

    await userEvent.click(jour('Jeudi'));
    await userEvent.click(jour('Lundi'));
    await saisirDate(L.dateDebutSaisie, '10.03.2026');
    await saisir(L.nomPersonne, 'Mme Favre');
    await saisir(L.telephone, '022 418 00 00');

    await userEvent.click(screen.getByRole('button', { name: /Editer/ }));
    const dialogue = await attendreDialogue(DEBARRAS_DETAIL_LIBELLES.choisirObjets);
    await waitFor(() => expect(within(dialogue).getByLabelText('Quantité Canapé')).toHaveFocus());
    await userEvent.keyboard('2');
    await userEvent.click(within(dialogue).getByLabelText('Remarque Canapé'));
    await userEvent.paste('Deux places');
    await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Canapé' })).toBeInTheDocument();

    // what the save will create is said first, and asked: « Annuler » has the focus, and sends nothing
    await enregistrer();
    let question = await attendreDialogue(RECURRENCE_MESSAGES.creationTitre);
    expect(question).toHaveTextContent(
      "L'enregistrement crée 4 débarras récurrent(s), un sur chaque levée à venir des jours choisis : jeudi 12.03.2026, lundi 16.03.2026, jeudi 19.03.2026, lundi 23.03.2026.",
    );
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Annuler' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(postes(appels)).toEqual([]);

    await enregistrer();
    question = await attendreDialogue(RECURRENCE_MESSAGES.creationTitre);
    await userEvent.click(within(question).getByRole('button', { name: L.creer }));
    await attendreTexte(RECURRENCE_SUCCES.ajoute());
    await attendreTexte(RECURRENCE_SUCCES.debarrasCrees(4));
    expect(postes(appels)).toEqual([
      {
        adresse: { idpAdr: SERVETTE_12.idpAdr },
        recurrence: 'lundi,jeudi',
        dateDebut: '2026-03-10',
        dateFin: null,
        remarque: '',
        remarqueObjet: '',
        isActif: true,
        nomPersonne: 'Mme Favre',
        telephone: '022 418 00 00',
        email: '',
        recurrenceObjets: [{ objet: { idObjet: 1 }, quantite: 2, remarque: 'Deux places' }],
      },
    ]);
    expect(await screen.findByRole('heading', { name: L.fiche })).toBeInTheDocument();
  });

  it("montre l'adresse d'une récurrence existante, qui se change par la recherche ; envoie son identifiant et sa version", async () => {
    const { appels } = serveur();
    ouvrir('/RecurrenceDetail/5');
    expect(await screen.findByRole('heading', { name: L.fiche })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(L.adresse)).toHaveValue('Rue de la Servette 14'));
    expect(screen.getByLabelText(L.adresse)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(L.rechercheAdresse)).not.toHaveFocus();
    expect(jour('Lundi')).toBeChecked();
    expect(jour('Mardi')).not.toBeChecked();
    expect(jour('Jeudi')).toBeChecked();
    await waitFor(() => expect(screen.getByLabelText(L.dateDebutSaisie)).toHaveValue('05.01.2026'));
    expect(
      screen.getByText(/Créé le 10\.01\.2026 - 09:00:00 par gestion — Modifié le 01\.02\.2026 - 10:30:00 par gestion/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();

    await userEvent.click(jour('Lundi'));
    await userEvent.click(jour('Vendredi'));
    await enregistrer();
    await attendreTexte(RECURRENCE_SUCCES.misAJour());
    expect(postes(appels)[0]).toMatchObject({
      idRecurrence: 5,
      version: 3,
      adresse: { idpAdr: SERVETTE_14.idpAdr },
      recurrence: 'jeudi,vendredi',
      remarque: 'Devant le garage',
      nomPersonne: 'M. Rochat',
      recurrenceObjets: [{ objet: { idObjet: 1 }, quantite: 1, remarque: null }],
    });
    // no débarras created: nothing more is said
    expect(screen.queryByText(RECURRENCE_SUCCES.debarrasCrees(0))).not.toBeInTheDocument();
  });

  it('compte les objets changés comme une modification : enregistrable, et le départ demande confirmation', async () => {
    serveur();
    ouvrir('/RecurrenceDetail/5');
    await screen.findByRole('heading', { name: L.fiche });
    await waitFor(() => expect(screen.getByLabelText(L.adresse)).toHaveValue('Rue de la Servette 14'));
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: /Editer/ }));
    const dialogue = await attendreDialogue(DEBARRAS_DETAIL_LIBELLES.choisirObjets);
    await waitFor(() => expect(within(dialogue).getByLabelText('Quantité Matelas')).toBeInTheDocument());
    await userEvent.type(within(dialogue).getByLabelText('Quantité Matelas'), '1{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Matelas' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled());

    await userEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    const question = await attendreDialogue(FORMULAIRE_MESSAGES.quitterTitre);
    await userEvent.click(within(question).getByRole('button', { name: FORMULAIRE_MESSAGES.quitter }));
    expect(await screen.findByText('Liste des récurrences')).toBeInTheDocument();
  });

  it('demande si les débarras à venir prennent le demandeur, les objets et les remarques changés, et les y applique sur demande', async () => {
    const { appels } = serveur([], { ...EXISTANTE, debarrasAVenir: 3 });
    ouvrir('/RecurrenceDetail/5');
    await screen.findByRole('heading', { name: L.fiche });
    await waitFor(() => expect(screen.getByLabelText(L.nomPersonne)).toHaveValue('M. Rochat'));
    await userEvent.clear(screen.getByLabelText(L.nomPersonne));
    await saisir(L.nomPersonne, 'Mme Rochat');

    await enregistrer();
    let question = await attendreDialogue(RECURRENCE_MESSAGES.appliquerTitre);
    expect(question).toHaveTextContent(RECURRENCE_MESSAGES.appliquer(3));
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Annuler' })).toHaveFocus());
    await userEvent.click(within(question).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(postes(appels)).toEqual([]);

    await enregistrer();
    question = await attendreDialogue(RECURRENCE_MESSAGES.appliquerTitre);
    await userEvent.click(within(question).getByRole('button', { name: L.appliquerAussi }));
    await attendreTexte(RECURRENCE_SUCCES.misAJour());
    await attendreTexte(RECURRENCE_SUCCES.debarrasModifies(3));
    const envoi = appels.find((a) => a.methode === 'POST' && a.url.pathname.endsWith('/recurrence'))!;
    expect(envoi.url.searchParams.get('appliquerAuxDebarras')).toBe('true');
    expect(envoi.corps).toMatchObject({ idRecurrence: 5, nomPersonne: 'Mme Rochat' });
  });

  it("demande d'abord, quand l'adresse change, si les débarras à venir sont refaits à la nouvelle adresse, sans annoncer de création", async () => {
    const { appels } = serveur(['2026-03-12', '2026-03-16'], { ...EXISTANTE, debarrasAVenir: 2 });
    ouvrir('/RecurrenceDetail/5');
    await screen.findByRole('heading', { name: L.fiche });
    await waitFor(() => expect(screen.getByLabelText(L.adresse)).toHaveValue('Rue de la Servette 14'));
    await choisirAdresse('Rue de la Servette 12');
    await waitFor(() => expect(screen.getByLabelText(L.adresse)).toHaveValue('Rue de la Servette 12'));

    await enregistrer();
    const question = await attendreDialogue(RECURRENCE_MESSAGES.appliquerTitre);
    expect(question).toHaveTextContent(RECURRENCE_MESSAGES.appliquerAdresse(2));
    await userEvent.click(within(question).getByRole('button', { name: L.appliquerAussi }));
    await attendreTexte(RECURRENCE_SUCCES.misAJour());
    expect(screen.queryByText(RECURRENCE_MESSAGES.creationTitre)).not.toBeInTheDocument();
    const envoi = appels.find((a) => a.methode === 'POST' && a.url.pathname.endsWith('/recurrence'))!;
    expect(envoi.url.searchParams.get('appliquerAuxDebarras')).toBe('true');
    expect(envoi.corps).toMatchObject({ idRecurrence: 5, adresse: { idpAdr: SERVETTE_12.idpAdr } });
  });

  it('ne demande rien pour les débarras quand seuls les jours changent', async () => {
    const { appels } = serveur([], { ...EXISTANTE, debarrasAVenir: 3 });
    ouvrir('/RecurrenceDetail/5');
    await screen.findByRole('heading', { name: L.fiche });
    await waitFor(() => expect(jour('Lundi')).toBeChecked());
    await userEvent.click(jour('Vendredi'));
    await enregistrer();
    await attendreTexte(RECURRENCE_SUCCES.misAJour());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(appels.find((a) => a.url.pathname.endsWith('/recurrence'))!.url.searchParams.has('appliquerAuxDebarras')).toBe(false);
  });
});
