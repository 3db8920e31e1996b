import {
  CODES_TACHE,
  COURRIEL_LIBELLES as C,
  ROLES,
  TACHE_LIBELLES as L,
  TACHE_MESSAGES,
  TACHES,
  type CodeTache,
  type Execution,
  type Role,
  type Tache,
} from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { attendreDialogue, attendreTexte } from '../../test/ecran';
import { allerA, connecterEnTantQue, refus, simulerServeur } from '../../test/serveur';

const PLANIFICATION = TACHES.planification.libelle;
const ANONYMISATION = TACHES.anonymisation.libelle;

const uneExecution = (valeurs: Partial<Execution> = {}): Execution => ({
  idExecution: 1,
  debut: '2026-03-04T00:00:01Z',
  fin: '2026-03-04T00:00:01.420Z',
  dureeMs: 420,
  statut: 'OK',
  bilan: '12 levées créées.',
  declencheur: 'planifiée',
  ...valeurs,
});

const enCours = (valeurs: Partial<Execution> = {}) =>
  uneExecution({ fin: null, dureeMs: null, bilan: null, statut: 'EN_COURS', ...valeurs });

/** The server's jobs, in its order, with the last run each test gives them. */
const lesTaches = (dernieres: Partial<Record<CodeTache, Execution>>): Tache[] =>
  CODES_TACHE.map((code) => ({
    code,
    ...TACHES[code],
    derniere: dernieres[code] ?? null,
  }));

/** `GET tache` answers each read with the next state given, then keeps the last. */
function serveur(etats: Array<Partial<Record<CodeTache, Execution>>>, routes: Parameters<typeof simulerServeur>[0] = {}) {
  let lecture = 0;
  return simulerServeur({
    'GET tache': () => ({ corps: lesTaches(etats[Math.min(lecture++, etats.length - 1)]!) }),
    'GET tache/courriels': () => ({ corps: { dernieres24h: 0, dernier: null } }),
    ...routes,
  });
}

function ouvrir(role: Role = ROLES.TECHNIQUE) {
  connecterEnTantQue(role);
  allerA('/TachesPlanifiees');
  render(<Application />);
}

const carte = async (libelle: string) => within(await screen.findByRole('region', { name: libelle }, { timeout: 15_000 }));
const boutonLancer = (libelle: string) => screen.getByRole('button', { name: `${L.lancer} ${libelle}` });

async function lancerPuisConfirmer(libelle: string) {
  await userEvent.click(boutonLancer(libelle));
  const dialogue = await attendreDialogue(L.lancer);
  expect(dialogue).toHaveTextContent(TACHE_MESSAGES.confirmation(libelle));
  await userEvent.click(within(dialogue).getByRole('button', { name: L.lancerOk }));
}

const lancements = (appels: ReturnType<typeof simulerServeur>['appels']) =>
  appels.filter((a) => a.methode === 'POST').map((a) => a.url.pathname);

describe('tâches planifiées', { timeout: 60_000 }, () => {
  it("montre chaque tâche dans l'ordre du serveur, avec sa description, quand elle s'exécute et sa dernière exécution", async () => {
    serveur([
      {
        planification: uneExecution({ dureeMs: 125_000 }),
        recurrences: uneExecution({ idExecution: 2, statut: 'KO', bilan: 'Base indisponible.', declencheur: 'technique', dureeMs: 420 }),
        envoiFeuilles: enCours({ idExecution: 3 }),
      },
    ]);
    ouvrir();
    expect(await screen.findByRole('heading', { name: L.titre }, { timeout: 15_000 })).toBeInTheDocument();
    const planification = await carte(PLANIFICATION);
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      C.titre,
      ...Object.values(TACHES).map((t) => t.libelle),
    ]);

    expect(planification.getByText(TACHES.planification.description)).toBeInTheDocument();
    expect(planification.getByText(TACHES.planification.quand)).toBeInTheDocument();
    for (const texte of ['04.03.2026 - 01:00:01', '2 min 05 s', L.ok, '12 levées créées.', 'planifiée']) {
      expect(planification.getByText(texte)).toBeInTheDocument();
    }

    const recurrences = await carte(TACHES.recurrences.libelle);
    for (const texte of ['0,4 s', L.ko, 'Base indisponible.', 'technique']) expect(recurrences.getByText(texte)).toBeInTheDocument();

    expect((await carte(ANONYMISATION)).getByText(L.jamais)).toBeInTheDocument();

    expect((await carte(TACHES.envoiFeuilles.libelle)).getByText(L.enCours)).toBeInTheDocument();
    expect(boutonLancer(TACHES.envoiFeuilles.libelle)).toBeDisabled();
    expect(boutonLancer(PLANIFICATION)).toBeEnabled();
    expect(screen.getByRole('link', { name: L.voirMessages })).toHaveAttribute('href', '/LogEvenementListe');
  });

  it('montre les e-mails en échec des dernières 24 h et le dernier, avec sa cause, au-dessus des tâches', async () => {
    const texte = 'Lien de validation de la réservation en ligne 2026-00042 non envoyé : serveur de courriel injoignable (ECONNREFUSED).';
    serveur([{}], { 'GET tache/courriels': () => ({ corps: { dernieres24h: 3, dernier: { date: '2026-03-04T17:05:00Z', texte } } }) });
    ouvrir();
    const courriels = await carte(C.titre);
    expect(courriels.getByText(C.dernieres24h)).toBeInTheDocument();
    expect(courriels.getByText('3')).toBeInTheDocument();
    expect(courriels.getByText(`04.03.2026 - 18:05:00 : ${texte}`)).toBeInTheDocument();
    expect(courriels.getByRole('link', { name: C.voir })).toHaveAttribute('href', '/LogEvenementListe');
  });

  it('dit « Aucun » tant qu’aucun e-mail n’a échoué', async () => {
    serveur([{}]);
    ouvrir();
    const courriels = await carte(C.titre);
    expect(courriels.getByText('0')).toBeInTheDocument();
    expect(courriels.getByText(C.aucun)).toBeInTheDocument();
  });

  it('demande confirmation avant de lancer une tâche, la lance, l’annonce et la montre en cours', async () => {
    const { appels } = serveur([{}, { anonymisation: enCours({ idExecution: 7, declencheur: 'test' }) }], {
      'POST tache/anonymisation/execution': () => ({ status: 202, corps: enCours({ idExecution: 7, declencheur: 'test' }) }),
    });
    ouvrir();
    await carte(ANONYMISATION);

    await userEvent.click(boutonLancer(ANONYMISATION));
    const dialogue = await attendreDialogue(L.lancer);
    expect(dialogue).toHaveTextContent(TACHE_MESSAGES.confirmation(ANONYMISATION));
    await userEvent.click(within(dialogue).getByRole('button', { name: L.annuler }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lancements(appels)).toEqual([]);

    await lancerPuisConfirmer(ANONYMISATION);
    await attendreTexte(TACHE_MESSAGES.lancee(ANONYMISATION));
    expect(lancements(appels)).toEqual(['/rest/tache/anonymisation/execution']);
    const anonymisation = await carte(ANONYMISATION);
    await waitFor(() => expect(anonymisation.getByText(L.enCours)).toBeInTheDocument());
    expect(anonymisation.getByText('test')).toBeInTheDocument();
    expect(boutonLancer(ANONYMISATION)).toBeDisabled();
  });

  it('suit la tâche lancée tant qu’elle tourne, puis annonce sa fin avec son bilan', async () => {
    const lancee = enCours({ idExecution: 8, declencheur: 'test' });
    serveur(
      [{}, { planification: lancee }, { planification: uneExecution({ idExecution: 8, declencheur: 'test', bilan: '3 levées créées.' }) }],
      { 'POST tache/planification/execution': () => ({ status: 202, corps: lancee }) },
    );
    ouvrir();
    await carte(PLANIFICATION);
    await lancerPuisConfirmer(PLANIFICATION);
    await attendreTexte(`${TACHE_MESSAGES.terminee(PLANIFICATION)} 3 levées créées.`, { timeout: 10_000 });
    const planification = await carte(PLANIFICATION);
    expect(planification.getByText(L.ok)).toBeInTheDocument();
    expect(boutonLancer(PLANIFICATION)).toBeEnabled();
  });

  it('annonce l’échec d’une tâche lancée, même finie avant la lecture qui suit son lancement', async () => {
    serveur([{}, { anonymisation: uneExecution({ idExecution: 9, statut: 'KO', bilan: 'Base indisponible.', declencheur: 'test' }) }], {
      'POST tache/anonymisation/execution': () => ({ status: 202, corps: enCours({ idExecution: 9, declencheur: 'test' }) }),
    });
    ouvrir();
    await carte(ANONYMISATION);
    await lancerPuisConfirmer(ANONYMISATION);
    await attendreTexte(`${TACHE_MESSAGES.enEchec(ANONYMISATION)} Base indisponible.`);
    expect((await carte(ANONYMISATION)).getByText(L.ko)).toBeInTheDocument();
  });

  it('montre le refus du serveur quand la tâche tourne déjà ailleurs, et cette exécution', async () => {
    serveur([{}, { planification: enCours({ idExecution: 4 }) }], {
      'POST tache/planification/execution': () => refus(409, 'TACHE_EN_COURS', TACHE_MESSAGES.enCours(PLANIFICATION)),
    });
    ouvrir();
    await carte(PLANIFICATION);
    await lancerPuisConfirmer(PLANIFICATION);
    await attendreTexte(TACHE_MESSAGES.enCours(PLANIFICATION));
    await waitFor(() => expect(boutonLancer(PLANIFICATION)).toBeDisabled());
    expect((await carte(PLANIFICATION)).getByText(L.enCours)).toBeInTheDocument();
  });

  it.each([ROLES.ADMIN, ROLES.GESTION, ROLES.LECTURE])('refuse la page au rôle %s', async (role) => {
    const { appels } = serveur([{}]);
    ouvrir(role);
    await attendreTexte('Non autorisé', { timeout: 15_000 });
    expect(screen.queryByRole('heading', { name: L.titre })).not.toBeInTheDocument();
    expect(appels.some((a) => a.url.pathname.endsWith('/tache'))).toBe(false);
  });
});
