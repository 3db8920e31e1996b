import { ajouterJours, aujourdhui, DEBARRAS_DETAIL_LIBELLES as L, DEBARRAS_LIBELLES, ROLES, type Levee, type Role } from '@debarras/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { unDebarras, uneAdresse, uneAdresseException, uneLevee } from '../../test/fabriques';
import { monterPage } from '../../test/monter';
import { simulerServeur } from '../../test/serveur';
import { DebarrasDetailPage } from './DetailPage';
import { attendreDialogue } from '../../test/ecran';

// What an address's exception gives the form for the levée's date (docs/regles.md « Comportement du formulaire »).

const SECTEUR = 'Secteur 2 - Servette / Saint-Jean / Charmilles';
const dans = (jours: number) => ajouterJours(aujourdhui(), jours);
const jourAffiche = (jour: string) => jour.split('-').reverse().join('.');

const SERVETTE_12 = uneAdresse('6621000101', 'Rue de la Servette 12', SECTEUR);
const SERVETTE_14 = uneAdresse('6621000102', 'Rue de la Servette 14', SECTEUR);
const PENDANT_LES_TRAVAUX = uneLevee({ idLevee: 32, dateLevee: dans(2), nbDebarras: 4 });
const APRES_LES_TRAVAUX = uneLevee({ idLevee: 33, dateLevee: dans(10), nbDebarras: 4 });
const EXCEPTION = uneAdresseException(7, SERVETTE_12, {
  remarqueInterne: 'Sonner chez la concierge',
  remarquePublique: 'Déposer côté cour',
  xdepot: 2499070.5,
  ydepot: 1118930.25,
  remarqueTravaux: 'Trottoir fermé : déposer rue Voltaire',
  dateDebutTravaux: dans(1),
  dateFinTravaux: dans(5),
  xtravaux: 2499090,
  ytravaux: 1118960,
});
const ENREGISTRE = unDebarras({
  adresse: { idpAdr: SERVETTE_12.idpAdr, adresse: SERVETTE_12.adresse, secteur: SECTEUR },
  levee: PENDANT_LES_TRAVAUX,
  precisionLieu: 'Deuxième porte à gauche',
});

function ouvrir(chemin: string, role: Role = ROLES.GESTION) {
  return monterPage([{ path: '/debarrasDetail/:id?', element: <DebarrasDetailPage /> }], chemin, role);
}

function serveur(debarras = ENREGISTRE) {
  return simulerServeur({
    'GET adresse/': () => ({ corps: [SERVETTE_12, SERVETTE_14] }),
    'GET levee/next': () => ({ corps: [PENDANT_LES_TRAVAUX, APRES_LES_TRAVAUX] }),
    'GET objet/': () => ({ corps: [], entetes: { 'x-total-elements': '0' } }),
    'GET debarras/12': () => ({ corps: debarras }),
    [`GET adresseexception/byidpadr/${SERVETTE_12.idpAdr}`]: () => ({ corps: EXCEPTION }),
    [`GET adresseexception/byidpadr/${SERVETTE_14.idpAdr}`]: () => ({ corps: null }),
    'POST debarras/doublons': () => ({ status: 204 }),
    'POST debarras': () => ({ corps: { ...debarras, version: debarras.version + 1 } }),
  });
}

async function choisirAdresse(libelle: string) {
  await userEvent.type(screen.getByLabelText(L.rechercheAdresse), 'ser');
  await userEvent.click(await screen.findByText(libelle, { selector: '.ant-select-item-option-content *' }, { timeout: 2000 }));
}

async function choisirLevee(levee: Levee) {
  await userEvent.click(screen.getByRole('button', { name: L.autreLevee }));
  const dialogue = await attendreDialogue(L.leveesDisponibles);
  await userEvent.click(await within(dialogue).findByRole('button', { name: `Choisir la levée du ${jourAffiche(levee.dateLevee)}` }));
  await waitFor(() => expect(screen.getByTestId('date-levee')).toHaveTextContent(jourAffiche(levee.dateLevee)));
}

const champ = (libelle: string) => screen.getByLabelText(libelle);
const inclure = () => screen.getByRole('checkbox', { name: L.inclurePrecisionLieu });

describe("l'exception de l'adresse dans la fiche débarras", { timeout: 60_000 }, () => {
  it('pendant des travaux à la date de la levée, reprend leur remarque ; la remarque interne fait les précisions, non incluses avec les travaux', async () => {
    serveur();
    ouvrir('/debarrasDetail');
    await choisirAdresse('Rue de la Servette 12');
    await waitFor(() => expect(champ(L.travaux)).toHaveValue('Trottoir fermé : déposer rue Voltaire'));
    expect(screen.getByTestId('date-levee')).toHaveTextContent(jourAffiche(dans(2)));
    expect(champ(L.precisionLieu)).toHaveValue('Sonner chez la concierge');
    expect(inclure()).not.toBeChecked();

    // after the works, the precisions alone: included
    await choisirLevee(APRES_LES_TRAVAUX);
    await waitFor(() => expect(champ(L.travaux)).toHaveValue(''));
    expect(champ(L.precisionLieu)).toHaveValue('Sonner chez la concierge');
    expect(inclure()).toBeChecked();
  });

  it.each([
    [
      'hors des travaux, le point de dépôt',
      ENREGISTRE,
      APRES_LES_TRAVAUX,
      { travaux: '', pointDepotX: 2499070.5, pointDepotY: 1118930.25, inclurePrecisionLieu: '1' },
    ],
    [
      'pendant les travaux, le point des travaux',
      { ...ENREGISTRE, levee: APRES_LES_TRAVAUX },
      PENDANT_LES_TRAVAUX,
      { travaux: 'Trottoir fermé : déposer rue Voltaire', pointDepotX: 2499090, pointDepotY: 1118960, inclurePrecisionLieu: '0' },
    ],
  ])('un débarras enregistré garde ses valeurs, puis un changement de levée enregistre %s', async (_cas, debarras, levee, attendu) => {
    const { appels } = serveur(debarras);
    ouvrir('/debarrasDetail/12');
    expect(await screen.findByLabelText(L.precisionLieu)).toHaveValue('Deuxième porte à gauche');
    await waitFor(() => expect(appels.some((a) => a.url.pathname.endsWith(`/byidpadr/${SERVETTE_12.idpAdr}`))).toBe(true));
    // the exception, read, is not applied
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(champ(L.precisionLieu)).toHaveValue('Deuxième porte à gauche');
    expect(screen.getByRole('button', { name: L.enregistrer })).toBeDisabled();

    await choisirLevee(levee);
    await waitFor(() => expect(champ(L.precisionLieu)).toHaveValue('Sonner chez la concierge'));
    await userEvent.click(screen.getByRole('button', { name: L.enregistrer }));
    await waitFor(() => expect(appels.some((a) => a.methode === 'POST' && a.url.pathname.endsWith('/debarras'))).toBe(true));
    const corps = appels.find((a) => a.methode === 'POST' && a.url.pathname.endsWith('/debarras'))!.corps;
    expect(corps).toMatchObject({ precisionLieu: 'Sonner chez la concierge', levee: { idLevee: levee.idLevee }, ...attendu });
  });

  it("une adresse sans exception n'a plus de point de dépôt et rend ce que l'exception précédente avait écrit, pas ce qui a été tapé", async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail');
    await choisirAdresse('Rue de la Servette 12');
    await waitFor(() => expect(champ(L.travaux)).toHaveValue('Trottoir fermé : déposer rue Voltaire'));
    await userEvent.clear(champ(L.precisionLieu));
    await userEvent.type(champ(L.precisionLieu), 'Code 4521');

    await choisirAdresse('Rue de la Servette 14');
    await waitFor(() => expect(champ(L.travaux)).toHaveValue(''));
    expect(champ(L.precisionLieu)).toHaveValue('Code 4521');
    expect(inclure()).toBeChecked();
    expect(appels.some((a) => a.url.pathname.endsWith(`/byidpadr/${SERVETTE_14.idpAdr}`))).toBe(true);
  });

  it("lie la carte de l'adresse à la date de la levée, dans un nouvel onglet, dès qu'une adresse est choisie", async () => {
    serveur();
    ouvrir('/debarrasDetail');
    await screen.findByRole('heading', { name: L.nouveau });
    expect(screen.queryByRole('link', { name: L.carteAdresse })).not.toBeInTheDocument();
    await choisirAdresse('Rue de la Servette 12');
    await waitFor(() => expect(screen.getByTestId('date-levee')).toHaveTextContent(jourAffiche(dans(2))));
    const lien = screen.getByRole('link', { name: L.carteAdresse });
    expect(lien).toHaveAttribute('href', `/DebarrasCartographie/${SERVETTE_12.idpAdr}/${dans(2)}`);
    expect(lien).toHaveAttribute('target', '_blank');
    expect(champ(DEBARRAS_LIBELLES.adresse)).toHaveValue('Rue de la Servette 12');
  });

  it("ne montre pas la carte au rôle lecture seule, ni ne lit l'exception", async () => {
    const { appels } = serveur();
    ouvrir('/debarrasDetail/12', ROLES.LECTURE);
    expect(await screen.findByLabelText(L.precisionLieu)).toHaveValue('Deuxième porte à gauche');
    expect(screen.queryByRole('link', { name: L.carteAdresse })).not.toBeInTheDocument();
    expect(appels.some((a) => a.url.pathname.includes('/adresseexception/'))).toBe(false);
  });
});
