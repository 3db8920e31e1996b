import {
  COMMUNE_NON_DEFINIE,
  CONNEXION_MESSAGES,
  DEBARRAS_DETAIL_LIBELLES,
  DEBARRAS_LIBELLES,
  ERREURS,
  FORMULAIRE_MESSAGES,
  RECONNEXION_MESSAGES,
  ROLES,
} from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allerA, connecterEnTantQue, refus, simulerServeur, utilisateurDeTest } from '../test/serveur';
import { Application } from './Application';
import { attendreTexte, attendreDialogue } from '../test/ecran';
import { uneLevee } from '../test/fabriques';

describe('application', { timeout: 60_000 }, () => {
  it('envoie un visiteur non connecté vers la connexion', async () => {
    simulerServeur({});
    allerA('/parametreListe');
    render(<Application />);
    await attendreTexte("Identification de l'utilisateur");
    await waitFor(() => expect(document.title).toBe('Connexion · Débarras – Genève'));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Débarras – Genève');
  });

  it("demande l'utilisateur et le mot de passe avant d'appeler le serveur, un utilisateur fait d'espaces ne comptant pas", async () => {
    const { appels } = simulerServeur({});
    allerA('/login');
    render(<Application />);
    await userEvent.type(await screen.findByLabelText('Utilisateur'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await attendreTexte(CONNEXION_MESSAGES.utilisateurObligatoire);
    await attendreTexte(CONNEXION_MESSAGES.motDePasseObligatoire);
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);
  });

  it("affiche l'alerte de la spécification quand l'identification échoue", async () => {
    simulerServeur({ 'POST login': () => refus(401, 'NON_AUTHENTIFIE', 'x') });
    allerA('/login');
    render(<Application />);
    await userEvent.type(await screen.findByLabelText('Utilisateur'), 'gestion');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'faux');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERREURS.identificationInvalide);
  });

  it("connecte, garde l'utilisateur en localStorage et mène un gestionnaire au nouveau débarras", async () => {
    simulerServeur({ 'POST login': () => ({ corps: {} }), 'GET user': () => ({ corps: utilisateurDeTest(ROLES.GESTION, 'Gaspard') }) });
    allerA('/login');
    render(<Application />);
    await userEvent.type(await screen.findByLabelText('Utilisateur'), 'gestion');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('heading', { name: DEBARRAS_DETAIL_LIBELLES.nouveau }, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/debarrasDetail');
    expect(JSON.parse(localStorage.getItem('utilisateur')!).displayName).toBe('Gaspard');
  });

  it('mène un utilisateur en lecture seule à la liste des débarras', async () => {
    simulerServeur({ 'GET debarras/': () => ({ corps: [], entetes: { 'x-total-elements': '0' } }) });
    connecterEnTantQue(ROLES.LECTURE);
    allerA('/accueil');
    render(<Application />);
    await waitFor(() => expect(window.location.pathname).toBe('/debarrasListe'));
  });

  it('mène du premier Tab de la page aux en-têtes de la liste, sans passer par le menu ni la barre d’outils', async () => {
    simulerServeur({ 'GET debarras/': () => ({ corps: [], entetes: { 'x-total-elements': '0' } }) });
    connecterEnTantQue(ROLES.GESTION);
    allerA('/debarrasListe');
    render(<Application />);
    await screen.findAllByRole('columnheader');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Aller au contenu' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const premier = document.querySelector('.tableau-liste thead button');
    expect(premier).toHaveFocus();
    expect(premier).toHaveTextContent(DEBARRAS_LIBELLES.numero);
  });

  it("montre la page 403 à un rôle sans la permission de l'écran", async () => {
    simulerServeur({});
    connecterEnTantQue(ROLES.GESTION);
    allerA('/ParametreListe');
    render(<Application />);
    await attendreTexte('Non autorisé');
  });

  it('montre la page 404 pour un chemin inconnu', async () => {
    simulerServeur({});
    connecterEnTantQue(ROLES.TECHNIQUE);
    allerA('/nimporte/quoi');
    render(<Application />);
    await attendreTexte('Page introuvable');
  });

  it('affiche « Commune non définie » pour une commune inconnue, et le pied de page', async () => {
    simulerServeur({ 'GET commune': () => ({ corps: { label: COMMUNE_NON_DEFINIE, exists: false, code: 9999 } }) });
    connecterEnTantQue(ROLES.TECHNIQUE);
    allerA('/accueil');
    render(<Application />);
    await attendreTexte(`– ${COMMUNE_NON_DEFINIE}`);
    await waitFor(() => expect(screen.getByText(/Service de la voirie · version 4\.4\.3/)).toBeInTheDocument());
  });

  it('« Déconnexion » demande avant de quitter une saisie non enregistrée, et ne déconnecte que sur « Quitter »', async () => {
    const { appels } = simulerServeur({
      'GET levee/next': () => ({ corps: [uneLevee({ idLevee: 32 })] }),
      'GET logout': () => ({ status: 204 }),
    });
    connecterEnTantQue(ROLES.GESTION);
    allerA('/debarrasDetail');
    render(<Application />);
    await userEvent.type(await screen.findByLabelText('Nom demandeur', {}, { timeout: 15_000 }), 'Ne pas perdre');
    const deconnexions = () => appels.filter((a) => a.url.pathname.endsWith('/logout'));

    await userEvent.click(screen.getByRole('button', { name: /Déconnexion/ }));
    const question = await attendreDialogue(FORMULAIRE_MESSAGES.quitterTitre);
    await userEvent.click(within(question).getByRole('button', { name: FORMULAIRE_MESSAGES.rester }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Nom demandeur')).toHaveValue('Ne pas perdre');
    expect(deconnexions()).toEqual([]);
    expect(localStorage.getItem('utilisateur')).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Déconnexion/ }));
    const seconde = await attendreDialogue(FORMULAIRE_MESSAGES.quitterTitre);
    await userEvent.click(within(seconde).getByRole('button', { name: FORMULAIRE_MESSAGES.quitter }));
    await attendreTexte("Identification de l'utilisateur");
    expect(deconnexions()).toHaveLength(1);
    expect(localStorage.getItem('utilisateur')).toBeNull();
  });

  it('garde la saisie quand la session a pris fin : on se reconnecte sur place, et tout est encore là', async () => {
    let session = false;
    simulerServeur({
      'GET levee/next': () => ({ corps: [uneLevee({ idLevee: 32 })] }),
      'GET adresse/': () => (session ? { corps: [] } : refus(401, 'NON_AUTHENTIFIE', ERREURS.nonAuthentifie)),
      'POST login': (_u, init) => {
        if (!String(init?.body).includes('password=bon')) return refus(401, 'NON_AUTHENTIFIE', ERREURS.identificationInvalide);
        session = true;
        return { corps: {} };
      },
      'GET user': () => ({ corps: utilisateurDeTest(ROLES.GESTION) }),
    });
    connecterEnTantQue(ROLES.GESTION);
    allerA('/debarrasDetail');
    render(<Application />);
    await userEvent.type(await screen.findByLabelText('Nom demandeur', {}, { timeout: 15_000 }), 'Mme Núñez');
    // the next call meets the ended session
    await userEvent.type(screen.getByLabelText('Rechercher une adresse'), 'patru');
    const dialogue = await attendreDialogue(RECONNEXION_MESSAGES.titre);
    expect(dialogue).toHaveTextContent(RECONNEXION_MESSAGES.texte);
    expect(within(dialogue).getByLabelText('Utilisateur')).toHaveValue('test');
    await userEvent.type(within(dialogue).getByLabelText('Mot de passe'), 'mauvais{Enter}');
    expect(await within(dialogue).findByRole('alert')).toHaveTextContent(ERREURS.identificationInvalide);
    await userEvent.clear(within(dialogue).getByLabelText('Mot de passe'));
    await userEvent.type(within(dialogue).getByLabelText('Mot de passe'), 'bon{Enter}');
    await attendreTexte(RECONNEXION_MESSAGES.reconnecte);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: RECONNEXION_MESSAGES.titre })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Nom demandeur')).toHaveValue('Mme Núñez');
    expect(window.location.pathname).toMatch(/\/debarrasDetail$/);
    expect(localStorage.getItem('utilisateur')).not.toBeNull();
  });
});
