import { TEXTES_EN_LIGNE, type AdresseEnLigne } from '@debarras/domain/enLigne';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from './Application';
import { appelsA, CATALOGUE, refus, SERVICE, simulerApiEnLigne } from './test/serveur';

const fr = TEXTES_EN_LIGNE.fr;
const en = TEXTES_EN_LIGNE.en;

const CENDRIER: AdresseEnLigne = { idpAdr: '6621011927', adresse: 'Rue du Cendrier 31', reservable: true, motif: null };
const HORS_SECTEUR: AdresseEnLigne = { idpAdr: '6621099999', adresse: 'Rue du Cercle 31', reservable: false, motif: 'sansSecteur' };
const DATES = [
  { idLevee: 190, date: '2026-11-27' },
  { idLevee: 191, date: '2026-11-30' },
];

function ouvrir(chemin = '/en-ligne/') {
  window.history.pushState({}, '', chemin);
  render(<Application />);
  return userEvent.setup();
}

function serveur(routes: Parameters<typeof simulerApiEnLigne>[0] = {}) {
  return simulerApiEnLigne({
    'GET adresses': () => ({ corps: [CENDRIER, HORS_SECTEUR] }),
    'GET dates': () => ({ corps: DATES }),
    'POST sessions/*': () => ({ status: 204 }),
    'POST reservations': () => ({ status: 201, corps: { numero: '2026-00042', minutes: 120 } }),
    ...routes,
  });
}

const suivant = (u: ReturnType<typeof userEvent.setup>, nom = fr.suivant) => u.click(screen.getByRole('button', { name: nom }));
const etape = (n: number, titre: string) => screen.findByRole('heading', { level: 2, name: `${fr.etapeSur(n, 5)} ${titre}` });

/** Step 1 as a resident goes through it: the address searched and chosen; answers on step 2 (its heading shown). */
async function jusquAuxObjets(u: ReturnType<typeof userEvent.setup>) {
  await u.type(screen.getByLabelText(fr.rechercherAdresse), 'Rue du');
  await u.click(await screen.findByRole('radio', { name: CENDRIER.adresse }));
  await suivant(u);
  await etape(2, fr.etapeObjets);
}

/** Steps 1 to 3 as a resident goes through them: the address, one sofa, the first date. */
async function jusquAuxCoordonnees(u: ReturnType<typeof userEvent.setup>) {
  await jusquAuxObjets(u);
  await u.click(await screen.findByRole('button', { name: fr.unDePlus('Canapé, sofa') }));
  await suivant(u);
  await etape(3, fr.etapeDate);
  await u.click(await screen.findByRole('radio', { name: 'vendredi 27 novembre 2026' }));
  await suivant(u);
  await etape(4, fr.etapeContact);
}

/** Steps 4 and 5 filled in as a resident does, then the confirmation. */
async function confirmer(u: ReturnType<typeof userEvent.setup>) {
  await u.type(screen.getByLabelText(fr.nom), 'Jeanne Exemple');
  await u.type(screen.getByLabelText(fr.email), 'jeanne@example.org');
  await u.click(screen.getByRole('checkbox', { name: fr.consentement }));
  await suivant(u);
  await etape(5, fr.etapeResume);
  await suivant(u, fr.confirmer);
}

/** The browser's back (negative) or forward, once the page has handled the history's `popstate`. */
async function historique(pas: number) {
  const fait = new Promise((resoudre) => window.addEventListener('popstate', resoudre, { once: true }));
  await act(async () => {
    window.history.go(pas);
    await fait;
  });
}

/** An answer held back until the test lets it go: the page as it is while it waits. */
function retenue() {
  let lacher = () => {};
  const attente = new Promise<void>((resoudre) => (lacher = resoudre));
  return { attente, lacher: () => lacher() };
}

/** Whether leaving the page now would be asked about (the browser's own question on close or reload). */
const departRetenu = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('réservation en ligne : les cinq étapes', () => {
  it('mène de l’adresse au merci, chaque titre d’étape pris par le focus, et envoie la réservation entière ; demande avant de quitter une saisie commencée', async () => {
    const { appels } = serveur();
    const u = ouvrir();
    expect(screen.getByRole('heading', { level: 1, name: fr.titre })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(`${fr.etapeSur(1, 5)} ${fr.etapeAdresse}`);

    expect(departRetenu()).toBe(false);
    await u.type(screen.getByLabelText(fr.rechercherAdresse), 'Ru');
    expect(screen.getByText(fr.rechercheTropCourte)).toBeInTheDocument();
    // something typed: closing or reloading asks first
    expect(departRetenu()).toBe(true);
    await u.type(screen.getByLabelText(fr.rechercherAdresse), 'e du');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(fr.adressesTrouvees(2)));
    expect(screen.getByRole('group', { name: fr.adressesTrouvees(2) })).toBeInTheDocument();
    expect(appelsA(appels, 'GET', 'adresses')).toHaveLength(1);
    expect(appelsA(appels, 'GET', 'adresses')[0]!.url.searchParams.get('q')).toBe('Rue du');
    await u.click(screen.getByRole('radio', { name: CENDRIER.adresse }));
    await suivant(u);

    expect(await etape(2, fr.etapeObjets)).toHaveFocus();
    // the icons say nothing the label beside them does not
    expect(document.querySelector('img[src="icones/sofa.svg"]')).toHaveAttribute('alt', '');
    await u.click(screen.getByRole('button', { name: fr.unDePlus('Canapé, sofa') }));
    await u.clear(screen.getByLabelText(fr.quantitePour('Fauteuil')));
    await u.type(screen.getByLabelText(fr.quantitePour('Fauteuil')), '3');
    const refuses = screen.getByRole('region', { name: fr.objetsInterdits });
    const lien = within(refuses).getByRole('link', { name: `${fr.voirPourquoi} Réfrigérateur ${fr.nouvelOnglet}` });
    expect(lien).toHaveAttribute('href', 'https://www.erecycling.ch/fr/');
    expect(lien).toHaveAttribute('target', '_blank');
    expect(lien).toHaveAttribute('rel', 'noopener');
    expect(within(refuses).getByText('Bonbonne de gaz')).toBeInTheDocument();
    await suivant(u);

    expect(await etape(3, fr.etapeDate)).toHaveFocus();
    await u.click(await screen.findByRole('radio', { name: 'vendredi 27 novembre 2026' }));
    await suivant(u);
    expect(await etape(4, fr.etapeContact)).toHaveFocus();
    const [noteDate] = appels.filter((a) => a.methode === 'POST' && a.url.pathname.includes('/sessions/'));
    expect(noteDate!.corps).toEqual({ type: 'creation', langue: 'fr' });
    const session = /\/sessions\/([^/]+)\/date$/.exec(noteDate!.url.pathname)![1]!;
    expect(session).toMatch(/^[A-Za-z0-9_-]{32}$/);

    await u.type(screen.getByLabelText(fr.nom), 'Jeanne Exemple');
    await u.type(screen.getByLabelText(fr.email), 'jeanne@example.org');
    await u.type(screen.getByLabelText(fr.telephone), '079 123 45 67');
    await u.type(screen.getByLabelText(fr.remarque), 'Chez le concierge');
    await u.click(screen.getByRole('checkbox', { name: fr.consentement }));
    await suivant(u);

    expect(await etape(5, fr.etapeResume)).toHaveFocus();
    expect(screen.getByText('1 × Canapé, sofa')).toBeInTheDocument();
    expect(screen.getByText('3 × Fauteuil')).toBeInTheDocument();
    expect(screen.getByText('vendredi 27 novembre 2026')).toBeInTheDocument();
    await suivant(u, fr.confirmer);

    expect(await screen.findByRole('heading', { level: 2, name: fr.numeroReservation('2026-00042') })).toHaveFocus();
    expect(screen.getByText(fr.merci)).toBeInTheDocument();
    expect(departRetenu()).toBe(false);
    expect(screen.getByText(fr.delaiValidation(120))).toBeInTheDocument();
    expect(screen.getByText(SERVICE.consignes)).toBeInTheDocument();
    expect(appelsA(appels, 'POST', 'reservations')[0]!.corps).toEqual({
      session,
      langue: 'fr',
      idpAdr: CENDRIER.idpAdr,
      idLevee: 190,
      objets: [
        { idObjet: 1, quantite: 1 },
        { idObjet: 2, quantite: 3 },
      ],
      nom: 'Jeanne Exemple',
      email: 'jeanne@example.org',
      telephone: '079 123 45 67',
      remarque: 'Chez le concierge',
      consentement: true,
      site: '',
    });
  });

  it('ne va pas plus loin qu’une adresse sans secteur, et donne le numéro du service', async () => {
    serveur();
    const u = ouvrir();
    await u.type(screen.getByLabelText(fr.rechercherAdresse), 'Rue du');
    await u.click(await screen.findByRole('radio', { name: new RegExp(HORS_SECTEUR.adresse) }));
    expect(await screen.findByText(fr.sansSecteur(SERVICE.telephone))).toBeInTheDocument();
    await suivant(u);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(fr.etapeAdresse);
    expect(screen.getByRole('group')).toHaveAccessibleDescription(fr.sansSecteur(SERVICE.telephone));
  });

  it('demande un objet au moins et une quantité de 0 à 100, sous le champ qui la porte', async () => {
    serveur();
    const u = ouvrir();
    await jusquAuxObjets(u);
    await suivant(u);
    expect(await screen.findByText(fr.objetObligatoire)).toBeInTheDocument();
    expect(screen.getByLabelText(fr.quantitePour('Canapé, sofa'))).toHaveFocus();
    expect(screen.getByLabelText(fr.quantitePour('Canapé, sofa'))).toHaveAccessibleDescription(fr.objetObligatoire);

    const fauteuil = screen.getByLabelText(fr.quantitePour('Fauteuil'));
    await u.clear(fauteuil);
    await u.type(fauteuil, '101');
    await suivant(u);
    expect(fauteuil).toHaveAttribute('aria-invalid', 'true');
    expect(fauteuil).toHaveAccessibleDescription(fr.quantite);
    expect(fauteuil).toHaveFocus();
    // the keyboard's arrows count as − and + do
    await u.clear(fauteuil);
    await u.type(fauteuil, '{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(fauteuil).toHaveValue('1');
    expect(fauteuil).not.toHaveAttribute('aria-invalid');
  });

  it('cherche un objet dans la liste, sans accents ni majuscules, en gardant ceux déjà comptés', async () => {
    serveur();
    const u = ouvrir();
    await jusquAuxObjets(u);
    await u.click(await screen.findByRole('button', { name: fr.unDePlus('Canapé, sofa') }));
    await u.type(screen.getByLabelText(fr.chercherObjet), 'FAUTE{Enter}');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(fr.etapeObjets);
    const acceptes = screen.getByRole('group', { name: fr.objetsAutorises });
    expect(
      within(acceptes)
        .getAllByRole('textbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual([fr.quantitePour('Canapé, sofa'), fr.quantitePour('Fauteuil')]);
    await u.clear(screen.getByLabelText(fr.chercherObjet));
    await u.type(screen.getByLabelText(fr.chercherObjet), 'xyz');
    expect(within(acceptes).getAllByRole('textbox')).toHaveLength(1);
    await u.clear(screen.getByLabelText(fr.chercherObjet));
    await u.click(screen.getByRole('button', { name: fr.unDeMoins('Canapé, sofa') }));
    await u.type(screen.getByLabelText(fr.chercherObjet), 'xyz');
    expect(screen.getByText(fr.aucunObjetTrouve)).toBeInTheDocument();
  });

  it('fait de chaque étape une entrée de l’historique : le retour du téléphone ramène à l’étape d’avant, la saisie gardée', async () => {
    serveur();
    const u = ouvrir();
    await jusquAuxCoordonnees(u);
    await u.type(screen.getByLabelText(fr.nom), 'Jeanne Exemple');
    window.history.back();
    await etape(3, fr.etapeDate);
    window.history.back();
    await etape(2, fr.etapeObjets);
    window.history.forward();
    await etape(3, fr.etapeDate);
    await suivant(u);
    await etape(4, fr.etapeContact);
    expect(screen.getByLabelText(fr.nom)).toHaveValue('Jeanne Exemple');
  });

  it('vérifie les coordonnées avec les règles de la confirmation, chaque message lié à son champ ; le format du téléphone est laissé au serveur', async () => {
    serveur();
    const u = ouvrir();
    await jusquAuxCoordonnees(u);
    await u.type(screen.getByLabelText(fr.email), 'jeanne@');
    await u.type(screen.getByLabelText(fr.telephone), '12');
    await suivant(u);
    expect(screen.getByLabelText(fr.nom)).toHaveFocus();
    expect(screen.getByLabelText(fr.nom)).toHaveAccessibleDescription(fr.nomObligatoire);
    expect(screen.getByLabelText(fr.email)).toHaveAccessibleDescription(fr.emailInvalide);
    expect(screen.getByLabelText(fr.telephone)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('checkbox', { name: fr.consentement })).toHaveAccessibleDescription(fr.consentementObligatoire);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(fr.etapeContact);
    // the field robots fill is there, out of people's reach
    const piege = document.querySelector<HTMLInputElement>('input[name="site"]')!;
    expect(piege).toHaveAttribute('tabindex', '-1');
    expect(piege).toHaveAttribute('autocomplete', 'off');
    expect(piege.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('renvoie à la date, la liste rechargée, quand la levée est complète à la confirmation', async () => {
    const { appels } = serveur({ 'POST reservations': () => refus(409, 'CAPACITE_DEPASSEE', fr.complet) });
    const u = ouvrir();
    await jusquAuxCoordonnees(u);
    await confirmer(u);

    expect(await etape(3, fr.etapeDate)).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(fr.complet);
    await screen.findByRole('radio', { name: 'vendredi 27 novembre 2026' });
    expect(screen.getByRole('radio', { name: 'vendredi 27 novembre 2026' })).not.toBeChecked();
    expect(appelsA(appels, 'GET', 'dates')).toHaveLength(2);
  });

  it('renvoie aux coordonnées, le message sous le champ, quand le serveur refuse le téléphone', async () => {
    serveur({ 'POST reservations': () => refus(400, 'SAISIE_INVALIDE', fr.telephoneInvalide) });
    const u = ouvrir();
    await jusquAuxCoordonnees(u);
    await confirmer(u);
    await etape(4, fr.etapeContact);
    expect(screen.getByLabelText(fr.telephone)).toHaveAccessibleDescription(fr.telephoneInvalide);
  });
});

describe('réservation en ligne : les corrections de la revue', () => {
  it('envoie le consentement tel que coché, et ramène le refus du serveur à l’étape des coordonnées, sous la case', async () => {
    const { appels } = serveur({ 'POST reservations': () => refus(400, 'SAISIE_INVALIDE', fr.consentementObligatoire) });
    const u = ouvrir();
    await jusquAuxCoordonnees(u);
    await confirmer(u);

    expect(await etape(4, fr.etapeContact)).toHaveFocus();
    const consentement = screen.getByRole('checkbox', { name: fr.consentement });
    expect(consentement).toHaveAttribute('aria-invalid', 'true');
    expect(consentement).toHaveAccessibleDescription(fr.consentementObligatoire);
    expect((appelsA(appels, 'POST', 'reservations')[0]!.corps as { consentement: unknown }).consentement).toBe(true);
  });

  it('ne montre jamais une étape plus loin que la première incomplète, quoi que dise l’historique', async () => {
    serveur();
    const u = ouvrir();
    await jusquAuxCoordonnees(u);
    await historique(-3);
    await etape(1, fr.etapeAdresse);

    // the search changed: no address is chosen, the history's next entry (the objects) stays at the address
    await u.type(screen.getByLabelText(fr.rechercherAdresse), 'x');
    await historique(1);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(`${fr.etapeSur(1, 5)} ${fr.etapeAdresse}`);

    // an address chosen again: its date is to choose again, the entries of the date and the contact show the date
    await u.click(await screen.findByRole('radio', { name: CENDRIER.adresse }));
    await historique(2);
    expect(await etape(3, fr.etapeDate)).toHaveFocus();
    expect(await screen.findByRole('radio', { name: 'vendredi 27 novembre 2026' })).not.toBeChecked();
    await u.click(screen.getByRole('radio', { name: 'vendredi 27 novembre 2026' }));
    await suivant(u);
    await etape(4, fr.etapeContact);
  });

  it('garde le message du serveur sous le champ tant qu’il n’est pas corrigé, et l’efface dès qu’il l’est, d’une étape à l’autre', async () => {
    serveur({ 'POST reservations': () => refus(400, 'SAISIE_INVALIDE', fr.telephoneInvalide) });
    const u = ouvrir();
    await jusquAuxCoordonnees(u);
    await u.type(screen.getByLabelText(fr.telephone), '12');
    await confirmer(u);
    await etape(4, fr.etapeContact);
    expect(screen.getByLabelText(fr.telephone)).toHaveAccessibleDescription(fr.telephoneInvalide);

    // not corrected: Suivant stops at it, and it is still there after the date step
    await suivant(u);
    expect(screen.getByLabelText(fr.telephone)).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(fr.etapeContact);
    await u.click(screen.getByRole('button', { name: fr.precedent }));
    await etape(3, fr.etapeDate);
    await suivant(u);
    await etape(4, fr.etapeContact);
    expect(screen.getByLabelText(fr.telephone)).toHaveAccessibleDescription(fr.telephoneInvalide);

    await u.clear(screen.getByLabelText(fr.telephone));
    await u.type(screen.getByLabelText(fr.telephone), '079 123 45 67');
    expect(screen.getByLabelText(fr.telephone)).not.toHaveAttribute('aria-invalid');
    await u.click(screen.getByRole('button', { name: fr.precedent }));
    await etape(3, fr.etapeDate);
    await suivant(u);
    await etape(4, fr.etapeContact);
    expect(screen.getByLabelText(fr.telephone)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(fr.telephoneInvalide)).not.toBeInTheDocument();
    await suivant(u);
    expect(await etape(5, fr.etapeResume)).toHaveFocus();
  });

  it('ne fait rien de Suivant tant que le catalogue ou les dates se chargent', async () => {
    const catalogue = retenue();
    const dates = retenue();
    const { appels } = serveur({
      'GET objets': async () => {
        await catalogue.attente;
        return { corps: CATALOGUE };
      },
      'GET dates': async () => {
        await dates.attente;
        return { corps: DATES };
      },
    });
    const u = ouvrir();
    await jusquAuxObjets(u);
    expect(screen.getByText(fr.chargement)).toBeInTheDocument();
    await suivant(u);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(fr.etapeObjets);
    expect(screen.queryByText(fr.objetObligatoire)).not.toBeInTheDocument();
    catalogue.lacher();
    await u.click(await screen.findByRole('button', { name: fr.unDePlus('Canapé, sofa') }));
    await suivant(u);

    await etape(3, fr.etapeDate);
    expect(screen.getByText(fr.chargement)).toBeInTheDocument();
    await suivant(u);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(fr.etapeDate);
    expect(screen.queryByText(fr.dateObligatoire)).not.toBeInTheDocument();
    expect(appels.filter((a) => a.methode === 'POST' && a.url.pathname.includes('/sessions/'))).toHaveLength(0);
    dates.lacher();
    expect(await screen.findByRole('radio', { name: 'vendredi 27 novembre 2026' })).toBeInTheDocument();
  });

  it('dit l’échec d’une recherche ou du catalogue dans la région d’alerte de l’étape, la seule', async () => {
    let recherches = 0;
    serveur({
      'GET adresses': () => (++recherches === 1 ? refus(429, 'TROP_DE_REQUETES', fr.tropDeRequetes) : { corps: [CENDRIER] }),
      'GET objets': () => refus(500, 'ERREUR_SERVEUR', fr.erreurServeur),
    });
    const u = ouvrir();
    await u.type(screen.getByLabelText(fr.rechercherAdresse), 'Rue du');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(fr.tropDeRequetes));
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    await u.type(screen.getByLabelText(fr.rechercherAdresse), ' C');
    await u.click(await screen.findByRole('radio', { name: CENDRIER.adresse }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await suivant(u);
    await etape(2, fr.etapeObjets);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(fr.erreurServeur);
  });
});

describe('réservation en ligne : en anglais', () => {
  it('parle anglais avec ?lang=en et change de langue sans perdre la saisie', async () => {
    serveur();
    const u = ouvrir('/en-ligne/?lang=en');
    expect(screen.getByRole('heading', { level: 1, name: en.titre })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    await u.type(screen.getByLabelText(en.rechercherAdresse), 'Rue du');
    await u.click(await screen.findByRole('radio', { name: CENDRIER.adresse }));

    const bascule = screen.getByRole('link', { name: en.langueAutre });
    expect(bascule).toHaveAttribute('lang', 'fr');
    expect(bascule).toHaveAttribute('hreflang', 'fr');
    expect(bascule).toHaveAttribute('href', '/en-ligne/');
    await u.click(bascule);
    expect(screen.getByRole('heading', { level: 1, name: fr.titre })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(window.location.search).toBe('');
    expect(screen.getByLabelText(fr.rechercherAdresse)).toHaveValue('Rue du');
    expect(screen.getByRole('radio', { name: CENDRIER.adresse })).toBeChecked();
    expect(screen.getByRole('link', { name: fr.langueAutre })).toHaveAttribute('href', '/en-ligne/?lang=en');
    await waitFor(() => expect(document.title).toBe(fr.titre));
  });

  it('nomme les objets et leurs liens en anglais, le français à défaut, et garde les quantités en changeant de langue', async () => {
    serveur();
    const u = ouvrir('/en-ligne/?lang=en');
    await u.type(screen.getByLabelText(en.rechercherAdresse), 'Rue du');
    await u.click(await screen.findByRole('radio', { name: CENDRIER.adresse }));
    await suivant(u, en.suivant);
    await screen.findByRole('heading', { level: 2, name: `${en.etapeSur(2, 5)} ${en.etapeObjets}` });
    await u.click(await screen.findByRole('button', { name: en.unDePlus('Sofa, couch') }));
    expect(screen.getByLabelText(en.quantitePour('Fauteuil'))).toBeInTheDocument();
    const refuses = screen.getByRole('region', { name: en.objetsInterdits });
    expect(within(refuses).getByText('Fridge, freezer')).toBeInTheDocument();
    expect(within(refuses).getByRole('link', { name: new RegExp('Fridge, freezer') })).toHaveAttribute(
      'href',
      'https://www.bafu.admin.ch/bafu/en/home/topics/waste.html',
    );

    await u.click(screen.getByRole('link', { name: en.langueAutre }));
    expect(screen.getByLabelText(fr.quantitePour('Canapé, sofa'))).toHaveValue('1');
    expect(within(screen.getByRole('region', { name: fr.objetsInterdits })).getByRole('link', { name: /Réfrigérateur/ })).toHaveAttribute(
      'href',
      'https://www.erecycling.ch/fr/',
    );
  });
});
