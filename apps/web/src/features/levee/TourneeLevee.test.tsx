import {
  EQUIPE_LIBELLES,
  FORMULAIRE_MESSAGES,
  ROLES,
  TOURNEE_LIBELLES,
  TOURNEE_MESSAGES,
  type Levee,
  type ResultatDebarras,
  type Role,
  type Tournee,
} from '@debarras/domain';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import OlMap from 'ol/Map';
import type VectorLayer from 'ol/layer/Vector';
import { describe, expect, it, vi } from 'vitest';
import { Application } from '../../app/Application';
import { attendreDialogue, attendreTexte } from '../../test/ecran';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';
import { exempleLevee } from './exemples';

// OpenLayers draws on a canvas jsdom does not have: the map is a bare OlMap, its frame a placeholder
const carte = vi.hoisted(() => ({ courante: undefined as OlMap | undefined }));
vi.mock('../../entites/carte/useCarte', () => ({
  useCarte: () => {
    carte.courante ??= new OlMap({});
    return { carte: carte.courante };
  },
}));
vi.mock('../../entites/carte/CadreCarte', () => ({ CadreCarte: ({ libelle }: { libelle: string }) => <div>{libelle}</div> }));

const DEPOT = { x: 2498700, y: 1117100 };
const arret = (ordre: number, idDebarras: number, est: number) => ({
  ordre,
  idDebarras,
  numero: `2026-0000${idDebarras}`,
  adresse: `Rue ${String.fromCharCode(64 + idDebarras)} ${idDebarras}`,
  x: DEPOT.x + est,
  y: DEPOT.y,
});
const TOURNEE: Tournee = {
  depot: DEPOT,
  methode: 'DROITE',
  distanceMetres: 6000,
  distanceOrdreRuesMetres: 8000,
  manuel: false,
  arrets: [arret(1, 2, 1000), arret(2, 1, 2000), arret(3, 3, 3000)],
  sansCoordonnees: [{ idDebarras: 4, numero: '2026-00004', adresse: 'Rue perdue 4' }],
};

function ouvrir(
  tournee: Tournee,
  role: Role = ROLES.GESTION,
  levee: Levee = exempleLevee({ idLevee: 7, version: 3 }),
  resultats: ResultatDebarras[] = [],
) {
  const serveur = simulerServeur({
    [`GET levee/${levee.idLevee}`]: () => ({ corps: levee }),
    [`GET levee/${levee.idLevee}/resultats`]: () => ({ corps: resultats }),
    'GET debarras/': () => ({ corps: [], entetes: { 'x-total-elements': '0' } }),
    [`GET levee/${levee.idLevee}/tournee`]: () => ({ corps: tournee }),
    [`POST levee/${levee.idLevee}/tournee`]: (_u, init) => {
      const { ordre } = JSON.parse(String(init?.body)) as { ordre: number[] };
      const arrets = ordre.map((id, rang) => ({ ...tournee.arrets.find((a) => a.idDebarras === id)!, ordre: rang + 1 }));
      return { corps: { ...tournee, manuel: true, distanceMetres: 8000, arrets } };
    },
    [`POST levee/${levee.idLevee}/tournee/optimiser`]: () => ({ corps: TOURNEE }),
  });
  connecterEnTantQue(role);
  allerA(`/leveeDetail/${levee.idLevee}`);
  render(<Application />);
  return serveur;
}

const arrets = async () => {
  const liste = await screen.findByRole('list', { name: TOURNEE_LIBELLES.liste });
  return within(liste)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
};

describe("tournée d'une levée", { timeout: 60_000 }, () => {
  it('montre la carte, les arrêts dans l’ordre, ceux sans coordonnées à part, et ce que l’ordre fait gagner sur celui des rues', async () => {
    ouvrir(TOURNEE);
    expect(await arrets()).toEqual(['1Rue B 22026-00002', '2Rue A 12026-00001', '3Rue C 32026-00003']);
    expect(screen.getByText(TOURNEE_LIBELLES.carte(3))).toBeInTheDocument();
    expect(screen.getByText(TOURNEE_LIBELLES.calcule)).toBeInTheDocument();
    expect(screen.getByText(/6,0 km à vol d’oiseau, 2,0 km de moins que l’ordre des rues \(8,0 km\)/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: TOURNEE_LIBELLES.sansCoordonnees })).toBeInTheDocument();
    expect(screen.getByText('Rue perdue 4')).toBeInTheDocument();
    // the depot, the path and the numbered stops on the map
    const couche = carte.courante!.getLayers().getArray().at(-1) as VectorLayer;
    const genres = couche
      .getSource()!
      .getFeatures()
      .map((f) => `${f.get('genre')}${f.get('ordre') ?? ''}`);
    expect(genres.sort()).toEqual(['arret1', 'arret2', 'arret3', 'depot', 'trajet']);
    expect(screen.getByRole('button', { name: TOURNEE_LIBELLES.monter('2026-00002') })).toBeDisabled();
    expect(screen.getByRole('button', { name: TOURNEE_LIBELLES.reoptimiser })).toBeDisabled();
    expect(screen.getByRole('button', { name: TOURNEE_LIBELLES.enregistrer })).toBeDisabled();
  });

  it('descend un arrêt au clavier en gardant le focus, redit la distance, puis enregistre l’ordre à la version de la levée', async () => {
    const { appels } = ouvrir(TOURNEE);
    await arrets();
    screen.getByRole('button', { name: TOURNEE_LIBELLES.descendre('2026-00002') }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await arrets()).toEqual(['1Rue A 12026-00001', '2Rue B 22026-00002', '3Rue C 32026-00003']);
    expect(screen.getByRole('button', { name: TOURNEE_LIBELLES.descendre('2026-00002') })).toHaveFocus();
    expect(screen.getByText(TOURNEE_LIBELLES.nonEnregistre)).toBeInTheDocument();
    // 2 + 1 + 2 + 3 km, 2 km more than computed
    expect(screen.getByText(/8,0 km à vol d’oiseau, autant que l’ordre des rues/)).toBeInTheDocument();
    // at the last place, the focus goes to « Monter »: « Descendre » is disabled there
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: TOURNEE_LIBELLES.monter('2026-00002') })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: TOURNEE_LIBELLES.enregistrer }));
    await attendreTexte(TOURNEE_MESSAGES.enregistree);
    expect(appels.find((a) => a.methode === 'POST')).toMatchObject({ corps: { version: 3, ordre: [1, 3, 2] } });
    await waitFor(() => expect(screen.getByText(TOURNEE_LIBELLES.manuel)).toBeInTheDocument());
    expect(await arrets()).toEqual(['1Rue A 12026-00001', '2Rue C 32026-00003', '3Rue B 22026-00002']);
  });

  it('demande avant de quitter un ordre modifié et pas enregistré, et « Réoptimiser » le défait sans appel', async () => {
    const { appels } = ouvrir(TOURNEE);
    await arrets();
    await userEvent.click(screen.getByRole('button', { name: TOURNEE_LIBELLES.monter('2026-00003') }));
    await userEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    const dialogue = await attendreDialogue(FORMULAIRE_MESSAGES.quitterTitre);
    await userEvent.click(within(dialogue).getByRole('button', { name: FORMULAIRE_MESSAGES.rester }));
    await userEvent.click(screen.getByRole('button', { name: TOURNEE_LIBELLES.reoptimiser }));
    expect(await arrets()).toEqual(['1Rue B 22026-00002', '2Rue A 12026-00001', '3Rue C 32026-00003']);
    expect(appels.filter((a) => a.methode === 'POST')).toEqual([]);
  });

  it('revient à l’ordre calculé depuis un ordre fixé à la main par « Réoptimiser »', async () => {
    const { appels } = ouvrir({ ...TOURNEE, manuel: true });
    await attendreTexte(TOURNEE_LIBELLES.manuel);
    await userEvent.click(screen.getByRole('button', { name: TOURNEE_LIBELLES.reoptimiser }));
    await attendreTexte(TOURNEE_MESSAGES.reoptimisee);
    expect(appels.find((a) => a.methode === 'POST')).toMatchObject({
      url: expect.objectContaining({ pathname: expect.stringMatching(/tournee\/optimiser$/) }),
      corps: { version: 3 },
    });
  });

  it('ne laisse au rôle lecture, ni sur une levée archivée, aucun bouton pour changer l’ordre', async () => {
    ouvrir(TOURNEE, ROLES.LECTURE);
    await arrets();
    expect(screen.queryByRole('button', { name: TOURNEE_LIBELLES.enregistrer })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TOURNEE_LIBELLES.monter('2026-00001') })).not.toBeInTheDocument();
    cleanup();
    ouvrir(TOURNEE, ROLES.GESTION, exempleLevee({ idLevee: 7, version: 3, statut: 'ARCHIVE' }));
    await arrets();
    expect(screen.queryByRole('button', { name: TOURNEE_LIBELLES.reoptimiser })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TOURNEE_LIBELLES.descendre('2026-00002') })).not.toBeInTheDocument();
  });

  it('dit qu’une levée sans débarras actif n’a pas de tournée', async () => {
    ouvrir({ ...TOURNEE, arrets: [], sansCoordonnees: [], distanceMetres: 0, distanceOrdreRuesMetres: 0 });
    await attendreTexte(TOURNEE_LIBELLES.aucunArret);
  });

  it('montre sous chaque arrêt ce que l’équipe a trouvé, au rôle lecture aussi : résultat et heure, remarque, photo, conflit', async () => {
    const resultat = (idDebarras: number, champs: Partial<ResultatDebarras>): ResultatDebarras => ({
      idDebarras,
      idClient: `00000000-0000-4000-8000-00000000000${idDebarras}`,
      code: 'LEVE',
      remarque: null,
      objetsRestants: null,
      horodatage: '2026-11-18T09:32:00Z',
      photo: false,
      par: 'équipe (lien 3)',
      recuLe: '2026-11-18T09:33:00Z',
      conflits: [],
      ...champs,
    });
    ouvrir(TOURNEE, ROLES.LECTURE, exempleLevee({ idLevee: 7, version: 3 }), [
      resultat(2, { remarque: 'Trois cartons', photo: true }),
      resultat(4, {
        code: 'INACCESSIBLE',
        conflits: [{ idClient: 'c', code: 'ABSENT', remarque: null, horodatage: '2026-11-18T09:40:00Z', par: 'équipe (lien 4)' }],
      }),
    ]);
    await attendreTexte(EQUIPE_LIBELLES.progression(2, 4));
    const liste = await screen.findByRole('list', { name: TOURNEE_LIBELLES.liste });
    const premier = within(liste).getAllByRole('listitem')[0]!;
    expect(within(premier).getByText('Levé à 10:32')).toBeInTheDocument();
    expect(within(premier).getByText('Trois cartons')).toBeInTheDocument();
    expect(within(premier).getByRole('link', { name: EQUIPE_LIBELLES.voirPhoto })).toHaveAttribute(
      'href',
      expect.stringMatching(/rest\/resultat\/00000000-0000-4000-8000-000000000002\/photo$/),
    );
    expect(screen.getByText('Accès impossible à 10:32')).toBeInTheDocument();
    expect(screen.getByText('Aussi reçu : Rien à lever à 10:40, équipe (lien 4)')).toBeInTheDocument();
  });
});
