import { ajouterJours, aujourdhui, formatJour, LEVEE_LIBELLES, LEVEE_MESSAGES, LEVEE_SUCCES, ROLES } from '@debarras/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Application } from '../../app/Application';
import { allerA, connecterEnTantQue, simulerServeur } from '../../test/serveur';
import { exempleLevee } from './exemples';
import { attendreTexte } from '../../test/ecran';

const SECTEURS = ['Secteur 1 - Pâquis / Sécheron / Nations', 'Secteur 4 - Eaux-Vives / Champel'];
const dans = (jours: number) => ajouterJours(aujourdhui(), jours);

function serveur(reponseDisponibilite = { statut: '0', message: LEVEE_MESSAGES.leveesModifiees(3), depassements: [] as unknown[] }) {
  return simulerServeur({
    'GET secteur/labels': () => ({ corps: SECTEURS }),
    'GET levee/': () => ({ corps: [exempleLevee()], entetes: { 'x-total-elements': '1' } }),
    'POST levee': (_u, init) => ({
      corps: exempleLevee({ ...JSON.parse(String(init?.body)), idLevee: 40, supplementaire: 1, secteur: null }),
    }),
    'POST levee/indisponibilite': () => ({ corps: reponseDisponibilite }),
  });
}

/** Opens a Levée menu entry, as a manager, from the levée list. */
async function ouvrirDepuisLeMenu(entree: string) {
  connecterEnTantQue(ROLES.GESTION);
  allerA('/leveeListe');
  render(<Application />);
  await userEvent.hover(await screen.findByRole('menuitem', { name: 'Levée' }));
  await userEvent.click(await screen.findByText(entree));
  return screen.findByRole('dialog');
}

/** A field of the menu's dialog (the list behind it has columns of the same names). */
const champ = (libelle: string) => within(screen.getAllByRole('dialog')[0]!).getByLabelText(libelle);

// Typed then left with Tab, as a person would; the field holds the date before the test reads its messages.
const saisirDate = async (libelle: string, jour: string) => {
  await userEvent.clear(champ(libelle));
  await userEvent.type(champ(libelle), formatJour(jour));
  await userEvent.tab();
  await waitFor(() => expect(champ(libelle)).toHaveValue(formatJour(jour)));
};
/** A sector of the dialog's list (the levée list behind it shows the same labels in its cells' titles). */
async function choisirSecteur(libelle: string) {
  await userEvent.click(champ(LEVEE_LIBELLES.secteur));
  const option = await waitFor(() => {
    const trouvee = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.getAttribute('title') === libelle);
    if (!trouvee) throw new Error(`option ${libelle} absente`);
    return trouvee;
  });
  await userEvent.click(option);
}

const listeDemandee = (appels: ReturnType<typeof serveur>['appels']) =>
  appels.filter((a) => a.url.pathname.endsWith('/levee/')).at(-1)?.url.searchParams;

describe('« Ajouter une levée supplémentaire »', { timeout: 60_000 }, () => {
  it('affiche les messages de validation de la spécification', async () => {
    const { appels } = serveur();
    const dialogue = await ouvrirDepuisLeMenu('Ajouter une levée supplémentaire');
    await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
    await attendreTexte(LEVEE_MESSAGES.dateObligatoire);
    await attendreTexte(LEVEE_MESSAGES.nomObligatoire);
    await attendreTexte(LEVEE_MESSAGES.maxObligatoire);
    await userEvent.type(champ(LEVEE_LIBELLES.maxDebarras), '0');
    await attendreTexte(LEVEE_MESSAGES.maxMinimum);
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);
  });

  it('crée la levée puis ouvre la liste filtrée sur sa date et les levées supplémentaires', async () => {
    const { appels } = serveur();
    const jour = dans(12);
    const dialogue = await ouvrirDepuisLeMenu('Ajouter une levée supplémentaire');
    await saisirDate(LEVEE_LIBELLES.dateLevee, jour);
    await userEvent.type(champ(LEVEE_LIBELLES.nom), '  Escalade ');
    await userEvent.type(champ(LEVEE_LIBELLES.maxDebarras), '20');
    await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Levées (1)' })).toBeInTheDocument();
    expect(appels.find((a) => a.methode === 'POST')!.corps).toEqual({ dateLevee: jour, name: 'Escalade', nbDebarrasMax: 20 });
    await attendreTexte(LEVEE_SUCCES.ajoutee({ secteur: null, name: 'Escalade', dateLevee: jour }));
    expect(window.location.pathname).toBe('/leveeListe');
    const recherche = listeDemandee(appels)!;
    expect(Object.fromEntries(['statut', 'dateFrom', 'dateTo', 'supplementaire'].map((c) => [c, recherche.get(c)]))).toEqual({
      statut: 'ACTIF',
      dateFrom: jour,
      dateTo: jour,
      supplementaire: '1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('« Modifier une disponibilité »', { timeout: 60_000 }, () => {
  it('affiche les messages de validation de la spécification', async () => {
    const { appels } = serveur();
    const dialogue = await ouvrirDepuisLeMenu('Modifier une disponibilité');
    await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
    await attendreTexte(LEVEE_MESSAGES.dateDebutObligatoire);
    await attendreTexte(LEVEE_MESSAGES.dateFinObligatoire);
    await attendreTexte(LEVEE_MESSAGES.nouveauMaxObligatoire);
    await attendreTexte(LEVEE_MESSAGES.secteurObligatoire);

    await userEvent.type(champ(LEVEE_LIBELLES.nouveauMax), '-1');
    await attendreTexte(LEVEE_MESSAGES.nouveauMaxMinimum);
    await saisirDate(LEVEE_LIBELLES.dateDebut, dans(-1));
    await attendreTexte(LEVEE_MESSAGES.debutAvantAujourdhui);
    await saisirDate(LEVEE_LIBELLES.dateDebut, dans(5));
    // the start date is copied into the end date first: typing before it lands would be overwritten
    await waitFor(() => expect(champ(LEVEE_LIBELLES.dateFin)).toHaveValue(formatJour(dans(5))));
    // the copied end date clears its « obligatoire » message
    await waitFor(() => expect(screen.queryByText(LEVEE_MESSAGES.dateFinObligatoire)).not.toBeInTheDocument());
    await saisirDate(LEVEE_LIBELLES.dateFin, dans(4));
    await attendreTexte(LEVEE_MESSAGES.finAvantDebut);
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);
  });

  it("reporte la date de début dans la date de fin, et n'envoie rien si la confirmation est refusée", async () => {
    const { appels } = serveur();
    const dialogue = await ouvrirDepuisLeMenu('Modifier une disponibilité');
    await saisirDate(LEVEE_LIBELLES.dateDebut, dans(5));
    expect(champ(LEVEE_LIBELLES.dateFin)).toHaveValue(formatJour(dans(5)));
    await userEvent.type(champ(LEVEE_LIBELLES.nouveauMax), '10');
    await choisirSecteur(SECTEURS[1]!);
    await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
    const [confirmation] = await screen.findAllByText(LEVEE_MESSAGES.confirmationDisponibilite);
    await userEvent.click(within(confirmation!.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByText(LEVEE_MESSAGES.confirmationDisponibilite)).not.toBeInTheDocument());
    expect(appels.some((a) => a.methode === 'POST')).toBe(false);
    expect(screen.getByRole('dialog', { name: LEVEE_LIBELLES.modaleDisponibilite })).toBeInTheDocument();
  });

  it('après confirmation, confirme le changement par « Succès » avec le message du serveur', async () => {
    serveur();
    const dialogue = await ouvrirDepuisLeMenu('Modifier une disponibilité');
    await saisirDate(LEVEE_LIBELLES.dateDebut, dans(3));
    await userEvent.type(champ(LEVEE_LIBELLES.nouveauMax), '20');
    await choisirSecteur(SECTEURS[0]!);
    await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
    const [confirmation] = await screen.findAllByText(LEVEE_MESSAGES.confirmationDisponibilite);
    await userEvent.click(within(confirmation!.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Oui' }));
    await attendreTexte(LEVEE_MESSAGES.leveesModifiees(3));
    expect(screen.getByText('Succès')).toBeInTheDocument();
  });

  it('après confirmation, avertit des dépassements et ouvre la liste filtrée', async () => {
    const message = `${LEVEE_MESSAGES.leveesModifiees(2)}. ${LEVEE_MESSAGES.depassements('01.12.2026 (4)')}`;
    const { appels } = serveur({ statut: '1', message, depassements: [{ dateLevee: '2026-12-01', nbDebarras: 4 }] });
    const dialogue = await ouvrirDepuisLeMenu('Modifier une disponibilité');
    await saisirDate(LEVEE_LIBELLES.dateDebut, dans(3));
    await userEvent.type(champ(LEVEE_LIBELLES.nouveauMax), '2');
    await choisirSecteur(SECTEURS[0]!);
    await userEvent.click(within(dialogue).getByRole('button', { name: 'OK' }));
    const [confirmation] = await screen.findAllByText(LEVEE_MESSAGES.confirmationDisponibilite);
    await userEvent.click(within(confirmation!.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Oui' }));

    await attendreTexte(message);
    expect(screen.getByText('Attention')).toBeInTheDocument();
    expect(appels.find((a) => a.methode === 'POST')!.corps).toEqual({
      dateFrom: dans(3),
      dateTo: dans(3),
      newMax: 2,
      secteurLibelle: SECTEURS[0],
    });
    expect(await screen.findByRole('heading', { name: 'Levées (1)' })).toBeInTheDocument();
    const recherche = listeDemandee(appels)!;
    expect(
      Object.fromEntries(['statut', 'dateFrom', 'dateTo', 'secteurLibelle', 'nbDebarrasMax'].map((c) => [c, recherche.get(c)])),
    ).toEqual({ statut: 'ACTIF', dateFrom: dans(3), dateTo: dans(3), secteurLibelle: SECTEURS[0], nbDebarrasMax: '2' });
  });
});
