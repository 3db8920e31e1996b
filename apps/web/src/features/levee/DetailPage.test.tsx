import {
  ajouterJours,
  aujourdhui,
  FORMULAIRE_MESSAGES,
  LEVEE_LIBELLES,
  LEVEE_MESSAGES,
  ROLES,
  STATUT_DEBARRAS_LIBELLES,
  type DebarrasLigne,
  type Levee,
  type Role,
  EQUIPE_LIBELLES,
} from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';
import { exempleLevee } from './exemples';
import { attendreTexte, attendreDialogue } from '../../test/ecran';

const TOURNEE_VIDE = {
  depot: { x: 2498700, y: 1117100 },
  methode: 'DROITE',
  distanceMetres: 0,
  distanceOrdreRuesMetres: 0,
  manuel: false,
  arrets: [],
  sansCoordonnees: [],
};

function ouvrir(levee: Levee, role: Role = ROLES.GESTION, debarras: DebarrasLigne[] = []) {
  const serveur = simulerServeur({
    [`GET levee/${levee.idLevee}`]: () => ({ corps: levee }),
    'GET debarras/': () => ({ corps: debarras, entetes: { 'x-total-elements': String(debarras.length) } }),
    // the round has its own tests (TourneeLevee.test.tsx, with the map simulated)
    [`GET levee/${levee.idLevee}/tournee`]: () => ({ corps: TOURNEE_VIDE }),
    [`GET levee/${levee.idLevee}/resultats`]: () => ({ corps: [] }),
    'POST levee': (_u, init) => ({ corps: { ...levee, ...JSON.parse(String(init?.body)), version: levee.version + 1 } }),
    'POST levee/archiver': () => ({ corps: { ...levee, statut: 'ARCHIVE', version: levee.version + 1 } }),
  });
  connecterEnTantQue(role);
  allerA(`/leveeDetail/${levee.idLevee}`);
  render(<Application />);
  return serveur;
}

const bouton = (nom: string) => screen.getByRole('button', { name: nom });

describe("détail d'une levée", { timeout: 60_000 }, () => {
  it('titre la levée standard avec le jour de la semaine, le secteur et le statut ; seul le kilométrage se modifie', async () => {
    ouvrir(exempleLevee({ idLevee: 7, dateLevee: '2026-12-01', indisponibilite: 5, nbDebarrasMax: 25 }));
    expect(
      await screen.findByRole('heading', {
        name: 'Détail de la levée du mardi 01.12.2026 - Secteur 1 - Pâquis / Sécheron / Nations - Actif',
      }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(LEVEE_LIBELLES.maxDebarras)).toHaveValue('25'));
    expect(screen.getByLabelText(LEVEE_LIBELLES.maxDebarras)).toBeDisabled();
    expect(screen.getByLabelText(LEVEE_LIBELLES.indisponibilite)).toBeDisabled();
    expect(screen.getByLabelText(LEVEE_LIBELLES.indisponibilite)).toHaveValue('5');
    expect(screen.getByLabelText(LEVEE_LIBELLES.kilometrageDetail)).toBeEnabled();
    expect(screen.getByText(/Créé le 10\.01\.2026 - 09:00:00 par planification/)).toBeInTheDocument();
    expect(bouton('Enregistrer')).toBeEnabled();
    expect(bouton('Archiver')).toBeEnabled();
  });

  it("laisse modifier le maximum d'une levée supplémentaire et enregistre maximum, kilométrage et version", async () => {
    const { appels } = ouvrir(
      exempleLevee({ idLevee: 8, dateLevee: '2026-12-03', secteur: null, name: 'Escalade', supplementaire: 1, nbDebarrasMax: 12 }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Détail de la levée supplémentaire du jeudi 03.12.2026 - Escalade - Actif' }),
    ).toBeInTheDocument();
    const max = screen.getByLabelText(LEVEE_LIBELLES.maxDebarras);
    expect(max).toBeEnabled();
    await userEvent.clear(max);
    await userEvent.type(max, '15');
    await userEvent.type(screen.getByLabelText(LEVEE_LIBELLES.kilometrageDetail), '42.5');
    await userEvent.click(bouton('Enregistrer'));
    await waitFor(() =>
      expect(appels.find((a) => a.methode === 'POST')?.corps).toEqual({ idLevee: 8, nbDebarrasMax: 15, kilometrage: 42.5, version: 2 }),
    );
  });

  it('refuse un kilométrage négatif et un maximum vide avec les messages de la spécification', async () => {
    const { appels } = ouvrir(exempleLevee({ idLevee: 8, secteur: null, name: 'Escalade', supplementaire: 1, nbDebarrasMax: 12 }));
    const max = await screen.findByLabelText(LEVEE_LIBELLES.maxDebarras);
    await waitFor(() => expect(max).toHaveValue('12'));
    await userEvent.clear(max);
    await userEvent.type(screen.getByLabelText(LEVEE_LIBELLES.kilometrageDetail), '-3');
    await attendreTexte(LEVEE_MESSAGES.kilometrage);
    await attendreTexte(LEVEE_MESSAGES.maxObligatoire);
    expect(bouton('Enregistrer')).toBeDisabled();
    expect(bouton('Archiver')).toBeDisabled();
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);
  });

  it("fige tout d'une levée archivée", async () => {
    ouvrir(
      exempleLevee({ idLevee: 9, dateLevee: '2026-11-02', statut: 'ARCHIVE', supplementaire: 1, secteur: null, name: 'Marché' }),
      ROLES.ADMIN,
    );
    expect(await screen.findByRole('heading', { name: /- Marché - Archivé$/ })).toBeInTheDocument();
    expect(screen.getByLabelText(LEVEE_LIBELLES.maxDebarras)).toBeDisabled();
    expect(screen.getByLabelText(LEVEE_LIBELLES.kilometrageDetail)).toBeDisabled();
    expect(bouton('Enregistrer')).toBeDisabled();
    expect(bouton('Archiver')).toBeDisabled();
  });

  it('ne montre au rôle lecture seule ni « Enregistrer » ni « Archiver », et rien ne se modifie', async () => {
    ouvrir(exempleLevee({ idLevee: 10, supplementaire: 1, secteur: null }), ROLES.LECTURE);
    expect(await screen.findByRole('heading', { name: /^Détail de la levée supplémentaire/ })).toBeInTheDocument();
    expect(screen.getByLabelText(LEVEE_LIBELLES.maxDebarras)).toBeDisabled();
    expect(screen.getByLabelText(LEVEE_LIBELLES.kilometrageDetail)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archiver' })).not.toBeInTheDocument();
    expect(bouton('Retour à la liste')).toBeEnabled();
  });

  it("refuse d'archiver une levée future, sans appel au serveur", async () => {
    const { appels } = ouvrir(exempleLevee({ idLevee: 11, dateLevee: ajouterJours(aujourdhui(), 1) }));
    await screen.findByRole('heading', { name: /^Détail de la levée du/ });
    await userEvent.click(bouton('Archiver'));
    await attendreTexte(LEVEE_MESSAGES.archivageImpossible);
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);
  });

  it('archive la levée du jour après la confirmation « Annuler » / « Archiver », qui dit les arrêts sans résultat', async () => {
    const { appels } = ouvrir(exempleLevee({ idLevee: 12, dateLevee: aujourdhui(), nbDebarras: 4, nbResultats: 1 }));
    await screen.findByRole('heading', { name: /- Actif$/ });
    await userEvent.click(bouton('Archiver'));
    const dialogue = await screen.findByRole('dialog');
    expect(dialogue).toHaveTextContent(LEVEE_MESSAGES.confirmationArchivage);
    expect(dialogue).toHaveTextContent(EQUIPE_LIBELLES.confirmationArchivageSansResultat(3));
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Archiver' }).at(-1)!);
    expect(await screen.findByRole('heading', { name: /- Archivé$/ })).toBeInTheDocument();
    const archivage = appels.find((a) => a.methode === 'POST')!;
    expect(archivage.url.pathname).toMatch(/\/levee\/archiver$/);
    expect(archivage.corps).toEqual({ idLevee: 12, version: 2 });
    expect(bouton('Enregistrer')).toBeDisabled();
  });

  it('liste les débarras de la levée par numéro, 40 par page, avec un lien qui ouvre la fiche dans un nouvel onglet', async () => {
    const l = exempleLevee({ idLevee: 13 });
    const ligne: DebarrasLigne = {
      idDebarras: 501,
      numero: '2026-00501',
      statut: 'ACTIF',
      typeDemande: 'TELEPHONE',
      recurrent: false,
      sauvage: '0',
      adresse: { idpAdr: '6621000101', adresse: 'Rue de la Servette 12', secteur: null },
      nomPersonne: 'Mme Favre',
      telephone: null,
      email: null,
      punaises: 'false',
      punaisesDechets: 'false',
      levee: l,
      codeResultat: null,
      version: 0,
      createdDate: '2026-11-20T08:00:00Z',
      createdBy: 'gestion',
      lastModifiedDate: null,
      lastModifiedBy: null,
    };
    const { appels } = ouvrir(l, ROLES.LECTURE, [ligne]);
    expect(await screen.findByRole('heading', { name: 'Débarras de la levée (1)' })).toBeInTheDocument();
    const lien = await screen.findByRole('link', { name: '2026-00501' });
    expect(lien).toHaveAttribute('target', '_blank');
    expect(lien.getAttribute('href')).toMatch(/\/debarrasDetail\/501$/);
    expect(screen.getByText('Rue de la Servette 12')).toBeInTheDocument();
    expect(screen.getByText('Mme Favre')).toBeInTheDocument();
    expect(screen.getByText(STATUT_DEBARRAS_LIBELLES.ACTIF)).toBeInTheDocument();
    const requete = appels.find((a) => a.url.pathname.endsWith('/debarras/'))!.url.searchParams;
    expect(Object.fromEntries(requete)).toMatchObject({ idLevee: '13', size: '40', sort: 'numero,asc', page: '0' });
  });

  it("dit « Aucun débarras associé à cette levée » quand elle n'en a pas", async () => {
    ouvrir(exempleLevee({ idLevee: 14 }));
    await attendreTexte(LEVEE_LIBELLES.aucunDebarras);
  });

  it('demande avant de quitter un kilométrage saisi mais pas enregistré', async () => {
    ouvrir(exempleLevee({ idLevee: 15, dateLevee: '2026-12-01' }));
    await userEvent.type(await screen.findByLabelText(LEVEE_LIBELLES.kilometrageDetail), '42');
    await userEvent.click(bouton('Retour à la liste'));
    const question = await attendreDialogue(FORMULAIRE_MESSAGES.quitterTitre);
    await userEvent.click(within(question).getByRole('button', { name: FORMULAIRE_MESSAGES.rester }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(LEVEE_LIBELLES.kilometrageDetail)).toHaveValue('42');
  });
});
