import { TEXTES_EN_LIGNE } from '@debarras/domain/enLigne';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application, pageDe } from './Application';
import { appelsA, JETON, refus, simulerApiEnLigne, uneReservation } from './test/serveur';

const fr = TEXTES_EN_LIGNE.fr;
const en = TEXTES_EN_LIGNE.en;

function ouvrir(chemin: string) {
  window.history.pushState({}, '', chemin);
  render(<Application />);
  return userEvent.setup();
}

describe('réservation en ligne : les chemins', () => {
  it('lit la page sous BASE_PATH', () => {
    expect(pageDe('/webdeb/en-ligne/', '/webdeb/')).toEqual({ nom: 'reserver' });
    expect(pageDe('/webdeb/en-ligne', '/webdeb/')).toEqual({ nom: 'reserver' });
    expect(pageDe(`/webdeb/en-ligne/validation/${JETON}`, '/webdeb/')).toEqual({ nom: 'validation', jeton: JETON });
    expect(pageDe(`/en-ligne/reservation/${JETON}/`, '/')).toEqual({ nom: 'reservation', jeton: JETON });
    expect(pageDe('/webdeb/en-ligne/autre', '/webdeb/')).toEqual({ nom: 'inconnue' });
  });

  it('dit qu’un lien inconnu n’est pas valable et mène à une nouvelle réservation, dans la langue', () => {
    simulerApiEnLigne({});
    ouvrir('/en-ligne/ailleurs?lang=en');
    expect(screen.getByRole('heading', { level: 2, name: en.lienInvalide })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.nouvelleReservation })).toHaveAttribute('href', 'en-ligne/?lang=en');
  });
});

describe('réservation en ligne : le lien de validation', () => {
  it('valide en ouvrant la page, puis montre la réservation et le lien pour la voir', async () => {
    const { appels } = simulerApiEnLigne({ [`POST validations/${JETON}`]: () => ({ corps: uneReservation() }) });
    ouvrir(`/en-ligne/validation/${JETON}?lang=fr`);
    expect(await screen.findByText(fr.validee)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: fr.numeroReservation('2026-00042') })).toBeInTheDocument();
    expect(await screen.findByText('2 × Canapé, sofa')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: fr.voirReservation })).toHaveAttribute('href', `en-ligne/reservation/${JETON}`);
    expect(appelsA(appels, 'POST', `validations/${JETON}`)[0]!.url.searchParams.get('lang')).toBe('fr');
  });

  it('dit qu’un lien a expiré, en anglais', async () => {
    simulerApiEnLigne({ [`POST validations/${JETON}`]: () => refus(409, 'ETAT_INVALIDE', en.lienExpire) });
    ouvrir(`/en-ligne/validation/${JETON}?lang=en`);
    expect(await screen.findByRole('heading', { level: 2, name: en.lienExpire })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.nouvelleReservation })).toHaveAttribute('href', 'en-ligne/?lang=en');
    expect(screen.queryByRole('link', { name: en.voirReservation })).not.toBeInTheDocument();
  });

  it('dit que la date s’est remplie entre-temps et mène à la réservation pour en choisir une autre', async () => {
    simulerApiEnLigne({ [`POST validations/${JETON}`]: () => refus(409, 'CAPACITE_DEPASSEE', fr.completAValidation) });
    ouvrir(`/en-ligne/validation/${JETON}?lang=fr`);
    expect(await screen.findByRole('heading', { level: 2, name: fr.completAValidation })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: fr.voirReservation })).toHaveAttribute('href', `en-ligne/reservation/${JETON}`);
  });
});

describe('réservation en ligne : le lien de la réservation', () => {
  const DATES = [
    { idLevee: 191, date: '2026-11-30' },
    { idLevee: 192, date: '2026-12-01' },
  ];

  it('change les objets et la date, en session de modification, puis le dit ; demande avant de quitter un changement en cours', async () => {
    const { appels } = simulerApiEnLigne({
      [`GET reservations/${JETON}`]: () => ({ corps: uneReservation() }),
      'GET dates': () => ({ corps: DATES }),
      'POST sessions/*': () => ({ status: 204 }),
      [`PUT reservations/${JETON}`]: (_url, corps) => ({
        corps: uneReservation({ idLevee: 192, date: '2026-12-01', objets: (corps as { objets: [] }).objets }),
      }),
    });
    const u = ouvrir(`/en-ligne/reservation/${JETON}`);
    expect(await screen.findByText(fr.validee)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: fr.modifier }));

    expect(await screen.findByRole('heading', { level: 2, name: `${fr.etapeSur(1, 2)} ${fr.etapeObjets}` })).toHaveFocus();
    // a change under way: closing or reloading asks first
    expect(window.dispatchEvent(new Event('beforeunload', { cancelable: true }))).toBe(false);
    expect(screen.getByLabelText(fr.quantitePour('Canapé, sofa'))).toHaveValue('2');
    await u.click(screen.getByRole('button', { name: fr.unDePlus('Fauteuil') }));
    await u.click(screen.getByRole('button', { name: fr.suivant }));

    expect(await screen.findByRole('heading', { level: 2, name: `${fr.etapeSur(2, 2)} ${fr.etapeDate}` })).toHaveFocus();
    // its own date is offered though its levée has no other place
    expect(await screen.findByRole('radio', { name: 'vendredi 27 novembre 2026' })).toBeChecked();
    await u.click(screen.getByRole('radio', { name: 'mardi 1 décembre 2026' }));
    await u.click(screen.getByRole('button', { name: fr.enregistrer }));

    expect(await screen.findByText(fr.modificationEnregistree)).toBeInTheDocument();
    expect(window.dispatchEvent(new Event('beforeunload', { cancelable: true }))).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: fr.numeroReservation('2026-00042') })).toHaveFocus();
    expect(screen.getByText('mardi 1 décembre 2026')).toBeInTheDocument();
    const [modification] = appelsA(appels, 'PUT', `reservations/${JETON}`);
    const session = (modification!.corps as { session: string }).session;
    expect(modification!.corps).toEqual({
      session,
      langue: 'fr',
      idLevee: 192,
      objets: [
        { idObjet: 1, quantite: 2 },
        { idObjet: 2, quantite: 1 },
      ],
    });
    const [noteDate] = appels.filter((a) => a.methode === 'POST' && a.url.pathname.includes('/sessions/'));
    expect(noteDate!.url.pathname).toBe(`/en-ligne/api/sessions/${session}/date`);
    expect(noteDate!.corps).toEqual({ type: 'modification', langue: 'fr' });
  });

  it('annule après confirmation, et la réservation le dit', async () => {
    const { appels } = simulerApiEnLigne({
      [`GET reservations/${JETON}`]: () => ({ corps: uneReservation() }),
      [`DELETE reservations/${JETON}`]: () => ({ corps: uneReservation({ etat: 'annulee', modifiable: false }) }),
    });
    const u = ouvrir(`/en-ligne/reservation/${JETON}?lang=en`);
    await u.click(await screen.findByRole('button', { name: en.annuler }));
    const confirmation = screen.getByRole('group', { name: en.confirmerAnnulation });
    expect(within(confirmation).getByText(en.confirmerAnnulation)).toHaveFocus();
    await u.click(within(confirmation).getByRole('button', { name: en.garderReservation }));
    expect(appelsA(appels, 'DELETE', `reservations/${JETON}`)).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: en.annuler }));
    await u.click(within(screen.getByRole('group', { name: en.confirmerAnnulation })).getByRole('button', { name: en.annuler }));
    expect(await screen.findByText(en.annulee)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.modifier })).not.toBeInTheDocument();
    const [annulation] = appelsA(appels, 'DELETE', `reservations/${JETON}`);
    expect(annulation!.url.searchParams.get('lang')).toBe('en');
    expect(annulation!.url.searchParams.get('session')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('dit l’enregistrement dans une région de statut déjà présente pendant le changement, pour qu’elle soit lue', async () => {
    simulerApiEnLigne({
      [`GET reservations/${JETON}`]: () => ({ corps: uneReservation() }),
      'GET dates': () => ({ corps: DATES }),
      'POST sessions/*': () => ({ status: 204 }),
      [`PUT reservations/${JETON}`]: () => ({ corps: uneReservation({ idLevee: 192, date: '2026-12-01' }) }),
    });
    const u = ouvrir(`/en-ligne/reservation/${JETON}`);
    await u.click(await screen.findByRole('button', { name: fr.modifier }));
    await u.click(screen.getByRole('button', { name: fr.suivant }));
    await u.click(await screen.findByRole('radio', { name: 'mardi 1 décembre 2026' }));
    const statut = screen.getByRole('status');
    expect(statut).toBeEmptyDOMElement();
    await u.click(screen.getByRole('button', { name: fr.enregistrer }));

    await waitFor(() => expect(statut).toHaveTextContent(fr.modificationEnregistree));
    expect(statut).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: fr.numeroReservation('2026-00042') })).toHaveFocus();
  });

  it('dit l’annulation dans la même région, une seule fois ; garder la réservation rend le focus au bouton qui l’annule', async () => {
    simulerApiEnLigne({
      [`GET reservations/${JETON}`]: () => ({ corps: uneReservation() }),
      [`DELETE reservations/${JETON}`]: () => ({ corps: uneReservation({ etat: 'annulee', modifiable: false }) }),
    });
    const u = ouvrir(`/en-ligne/reservation/${JETON}?lang=en`);
    const annuler = await screen.findByRole('button', { name: en.annuler });
    const statut = screen.getByRole('status');
    await u.click(annuler);
    await u.click(screen.getByRole('button', { name: en.garderReservation }));
    expect(screen.getByRole('button', { name: en.annuler })).toHaveFocus();

    await u.click(screen.getByRole('button', { name: en.annuler }));
    await u.click(within(screen.getByRole('group', { name: en.confirmerAnnulation })).getByRole('button', { name: en.annuler }));
    await waitFor(() => expect(statut).toHaveTextContent(en.annulee));
    expect(screen.getAllByText(en.annulee)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: en.numeroReservation('2026-00042') })).toHaveFocus();
  });

  it('ne propose plus de changement passé le délai', async () => {
    simulerApiEnLigne({ [`GET reservations/${JETON}`]: () => ({ corps: uneReservation({ modifiable: false }) }) });
    ouvrir(`/en-ligne/reservation/${JETON}`);
    expect(await screen.findByText(fr.plusModifiable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fr.modifier })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('2 × Canapé, sofa')).toBeInTheDocument());
  });
});

describe('réservation en ligne : ce que l’équipe a trouvé et le signalement', () => {
  it('dit « Non levé », pourquoi, et la nouvelle date d’une réservation replanifiée', async () => {
    simulerApiEnLigne({
      [`GET reservations/${JETON}`]: () => ({
        corps: uneReservation({
          date: '2026-11-30',
          modifiable: false,
          suivi: { etat: 'nonLevee', le: '2026-11-26', motif: 'INACCESSIBLE' },
          signalement: { etat: 'aucun', possibleJusquAu: null },
        }),
      }),
    });
    ouvrir(`/en-ligne/reservation/${JETON}?lang=fr`);
    expect(await screen.findByText(fr.nonLeve)).toBeInTheDocument();
    expect(screen.getByText(fr.nonLeveLe('jeudi 26 novembre 2026', fr.motifsNonLeve.INACCESSIBLE))).toBeInTheDocument();
    expect(screen.getByText(fr.nouvelleDate('lundi 30 novembre 2026'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fr.signaler })).not.toBeInTheDocument();
  });

  it('envoie « Mes objets n’ont pas été levés » avec les précisions de l’habitant, au clavier, puis dit qu’il est transmis', async () => {
    const { appels } = simulerApiEnLigne({
      [`GET reservations/${JETON}`]: () => ({
        corps: uneReservation({ etat: 'passee', modifiable: false, signalement: { etat: 'aucun', possibleJusquAu: '2026-11-30' } }),
      }),
      [`POST reservations/${JETON}/signalement`]: () => ({
        corps: uneReservation({ etat: 'passee', modifiable: false, signalement: { etat: 'ouvert', possibleJusquAu: null } }),
      }),
    });
    const utilisateur = ouvrir(`/en-ligne/reservation/${JETON}?lang=en`);
    expect(await screen.findByText(en.signalerAide('Monday 30 November 2026'))).toBeInTheDocument();
    screen.getByRole('button', { name: en.signaler }).focus();
    await utilisateur.keyboard('{Enter}');
    const groupe = screen.getByRole('group', { name: en.signaler });
    expect(within(groupe).getByLabelText(en.signalementRemarque)).toHaveFocus();
    await utilisateur.keyboard('Still on the pavement');
    await utilisateur.click(within(groupe).getByRole('button', { name: en.signalementEnvoyer }));
    expect(await screen.findByText(en.signalementEnvoye)).toBeInTheDocument();
    expect(screen.getByText(en.signalementOuvert)).toBeInTheDocument();
    expect(appelsA(appels, 'POST', `reservations/${JETON}/signalement`)[0]!.corps).toEqual({
      langue: 'en',
      remarque: 'Still on the pavement',
    });
  });
});
