import { FORMULAIRE_MESSAGES, ROLES, SECTEUR_MESSAGES, SECTEUR_PERIMETRE_LIBELLES as L, SECTEUR_PERIMETRE_SUCCES } from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Feature from 'ol/Feature';
import Polygon from 'ol/geom/Polygon';
import Draw, { DrawEvent } from 'ol/interaction/Draw';
import OlMap from 'ol/Map';
import { describe, expect, it, vi } from 'vitest';
import { Application } from '../../app/Application';
import { attendreTexte, attendreDialogue } from '../../test/ecran';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';

// jsdom draws no map: the real OpenLayers map stays without an element, the test ends the drawing itself
const carte = vi.hoisted(() => ({ courante: undefined as OlMap | undefined }));
vi.mock('../../entites/carte/useCarte', () => ({
  useCarte: () => {
    carte.courante ??= new OlMap({});
    return { carte: carte.courante };
  },
}));
vi.mock('../../entites/carte/CadreCarte', () => ({ CadreCarte: () => <div>carte des périmètres</div> }));

const SECTEUR = {
  idSecteur: 6,
  libelle: 'Secteur 6 - Petit-Saconnex',
  rive: 2,
  dateDebut: '2010-01-01',
  dateFin: null,
  version: 4,
  createdDate: '2026-01-10T08:00:00Z',
  createdBy: 'systeme',
  lastModifiedDate: null,
  lastModifiedBy: null,
};
const TRIANGLE: [number, number][] = [
  [2_500_000, 1_118_000],
  [2_500_100, 1_118_000],
  [2_500_050.004, 1_118_080],
];

/** What a double-click or Enter does at the end of a drawing. */
function terminerLeDessin(anneau: [number, number][]) {
  const dessin = carte
    .courante!.getInteractions()
    .getArray()
    .find((i) => i instanceof Draw)!;
  dessin.dispatchEvent(new DrawEvent('drawend', new Feature(new Polygon([[...anneau, anneau[0]!]]))));
}

function ouvrir() {
  const serveur = simulerServeur({
    'GET secteur/6': () => ({ corps: SECTEUR }),
    'GET secteur/perimetres': () => ({
      corps: [
        { idSecteur: 2, libelle: 'Secteur 2 - Servette', perimetre: TRIANGLE },
        { idSecteur: 6, libelle: SECTEUR.libelle, perimetre: null },
      ],
    }),
    'PUT secteur/6/perimetre': () => ({ corps: { secteur: { ...SECTEUR, version: 5 }, adressesModifiees: 12, adressesSansSecteur: 1 } }),
  });
  connecterEnTantQue(ROLES.ADMIN);
  allerA('/secteurDetail/6');
  render(<Application />);
  return serveur;
}

describe("périmètre d'un secteur", { timeout: 60_000 }, () => {
  it("dessine le périmètre, l'enregistre après confirmation avec la version lue et annonce les adresses réattribuées", async () => {
    const { appels } = ouvrir();
    await attendreTexte(L.aucunPerimetre, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: L.modifier })).toBeDisabled();
    expect(screen.getByRole('button', { name: L.enregistrer })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: L.dessiner }));
    await attendreTexte(L.aideDessin);
    terminerLeDessin(TRIANGLE);
    await waitFor(() => expect(screen.getByRole('button', { name: L.enregistrer })).toBeEnabled());
    expect(screen.getByRole('button', { name: L.modifier })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: L.enregistrer }));
    await attendreTexte(L.confirmation(SECTEUR.libelle));
    // the dialog's button, after the sector form's own
    await userEvent.click(screen.getAllByRole('button', { name: 'Enregistrer' }).at(-1)!);
    await attendreTexte(SECTEUR_PERIMETRE_SUCCES(12, 1));
    expect(SECTEUR_PERIMETRE_SUCCES(12, 1)).toBe(
      "Périmètre enregistré : 12 adresses changent de secteur ; 1 adresse de la commune n'a pas de secteur.",
    );
    const envoi = appels.find((a) => a.methode === 'PUT')!;
    expect(envoi.corps).toEqual({ version: 4, perimetre: [...TRIANGLE.slice(0, 2), [2_500_050, 1_118_080], TRIANGLE[0]] });
  });

  it("demande avant de quitter la fiche tant qu'un périmètre dessiné n'est pas enregistré", async () => {
    ouvrir();
    await userEvent.click(await screen.findByRole('button', { name: L.dessiner }, { timeout: 15_000 }));
    terminerLeDessin(TRIANGLE);
    await waitFor(() => expect(screen.getByRole('button', { name: L.enregistrer })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    const question = await attendreDialogue(FORMULAIRE_MESSAGES.quitterTitre);
    await userEvent.click(within(question).getByRole('button', { name: FORMULAIRE_MESSAGES.rester }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/secteurDetail/6');
  });

  it("refuse sur place un périmètre qui se croise, sans l'envoyer", async () => {
    const { appels } = ouvrir();
    await userEvent.click(await screen.findByRole('button', { name: L.dessiner }, { timeout: 15_000 }));
    terminerLeDessin([
      [2_500_000, 1_118_000],
      [2_500_100, 1_118_100],
      [2_500_100, 1_118_000],
      [2_500_000, 1_118_100],
    ]);
    await userEvent.click(await screen.findByRole('button', { name: L.enregistrer }));
    await attendreTexte(SECTEUR_MESSAGES.perimetreCroise);
    expect(appels.some((a) => a.methode === 'PUT')).toBe(false);
  });
});
