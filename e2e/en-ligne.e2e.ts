import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  dateLisible,
  REPLANIFICATION_LIBELLES,
  REPLANIFICATION_MESSAGES,
  TEXTES_EN_LIGNE,
  type AdresseEnLigne,
  type DebarrasLigne,
  type LangueEnLigne,
  type Reservation,
} from '@debarras/domain';
import type { Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { violationsGraves } from './lib/accessibilite.js';
import { lire } from './lib/debarras.js';
import { INSTANT_E2E } from './lib/horloge.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();
const fr = TEXTES_EN_LIGNE.fr;
const en = TEXTES_EN_LIGNE.en;

/** The residents' phone, in portrait. */
const MOBILE = { width: 390, height: 844 };

/** No serious or critical axe violation on the page as it is now; `ecran` names it in the failure. */
async function sansViolation(ecran: string) {
  const violations = await violationsGraves(s.page);
  if (violations.length) await s.capture(`axe-en-ligne-${ecran}`);
  expect(violations, ecran).toEqual([]);
}

/** A bookable address of the demo register, as the public search offers it. */
async function adresseReservable(): Promise<AdresseEnLigne> {
  const reponse = await s.page.request.get(s.url('/en-ligne/api/adresses?q=Rue du Cendrier'));
  const adresse = ((await reponse.json()) as AdresseEnLigne[]).find((a) => a.reservable);
  expect(adresse, 'une adresse réservable du registre de démonstration').toBeDefined();
  return adresse!;
}

const titreEtape = (t: typeof fr, n: number, nom: string) => s.page.getByRole('heading', { level: 2, name: `${t.etapeSur(n, 5)} ${nom}` });
const suivant = (t: typeof fr) => s.page.getByRole('button', { name: t.suivant }).click();

/**
 * The five steps at a phone's size, as a resident goes through them, axe run on each: one sofa, the first
 * date offered. Answers the booking's number and its session (the reservations log's row).
 */
async function reserver(t: typeof fr, langue: LangueEnLigne, email: string) {
  const adresse = await adresseReservable();
  await s.page.setViewportSize(MOBILE);
  await s.page.goto(s.url(`/en-ligne/${langue === 'en' ? '?lang=en' : ''}`));
  await s.page.locator(`html[lang="${langue}"]`).waitFor();
  await titreEtape(t, 1, t.etapeAdresse).waitFor();
  await sansViolation(`${langue}-adresse`);
  await s.page.getByLabel(t.rechercherAdresse).fill(adresse.adresse);
  await s.page.getByRole('radio', { name: adresse.adresse, exact: true }).check();
  await sansViolation(`${langue}-adresse-choisie`);
  await suivant(t);

  await titreEtape(t, 2, t.etapeObjets).waitFor();
  const canape = langue === 'en' ? 'Sofa, couch' : 'Canapé, sofa';
  await s.page.getByLabel(t.quantitePour(canape)).waitFor();
  await sansViolation(`${langue}-objets`);
  await s.page.getByRole('button', { name: t.unDePlus(canape) }).click();
  // « Suivant » in sight at the top of the long list, without scrolling to its end
  const boite = (await s.page.getByRole('button', { name: t.suivant }).boundingBox())!;
  expect(boite.y + boite.height).toBeLessThanOrEqual(MOBILE.height);
  await suivant(t);

  await titreEtape(t, 3, t.etapeDate).waitFor();
  const premiereDate = s.page.getByRole('radio').first();
  await premiereDate.waitFor();
  await sansViolation(`${langue}-date`);
  await premiereDate.check();
  await suivant(t);

  await titreEtape(t, 4, t.etapeContact).waitFor();
  await sansViolation(`${langue}-coordonnees`);
  await s.page.getByLabel(t.nom).fill('Jeanne Exemple');
  await s.page.getByLabel(t.email).fill(email);
  // a number of its own: the same address with the same phone is refused as a duplicate (docs/regles.md « Doublons »)
  await s.page.getByLabel(t.telephone).fill(`079${String(Date.now()).slice(-7)}`);
  await s.page.getByRole('checkbox', { name: t.consentement }).check();
  await suivant(t);

  await titreEtape(t, 5, t.etapeResume).waitFor();
  await sansViolation(`${langue}-resume`);
  const confirmation = s.page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/en-ligne/api/reservations'),
  );
  await s.page.getByRole('button', { name: t.confirmer }).click();
  const { session } = (await confirmation).postDataJSON() as { session: string };

  const merci = s.page.getByRole('heading', { level: 2, name: /\d{4}-\d{5}/ });
  await merci.waitFor();
  await s.page.getByText(t.merci).waitFor();
  await s.page.getByText(t.delaiValidation(120)).waitFor();
  await s.page.getByRole('heading', { level: 3, name: t.consignesTitre }).waitFor();
  await sansViolation(`${langue}-merci`);
  const numero = /(\d{4}-\d{5})/.exec((await merci.textContent())!)![1]!;
  expect(await merci.textContent()).toBe(t.numeroReservation(numero));
  return { adresse, numero, session };
}

/** The body of a text e-mail as nodemailer writes it: quoted-printable, soft line breaks `=` at line ends. */
function decoderQuotedPrintable(texte: string): string {
  const octets = Buffer.from(texte.replace(/=\r?\n/g, ''), 'latin1');
  const decode: number[] = [];
  for (let i = 0; i < octets.length; i++) {
    const hexa = octets[i] === 0x3d ? /^[0-9A-F]{2}$/.exec(octets.subarray(i + 1, i + 3).toString('latin1')) : null;
    if (hexa) {
      decode.push(parseInt(hexa[0], 16));
      i += 2;
    } else decode.push(octets[i]!);
  }
  return Buffer.from(decode).toString('utf8');
}

/** The validation link and the booking's link of the newest e-mail sent to `email`. */
async function liensDuCourriel(email: string, langue: LangueEnLigne) {
  const dossier = inject('dossierCourriels');
  const fichiers = (await readdir(dossier)).filter((f) => f.includes(`-${email}-`)).sort();
  expect(fichiers.length, `un courriel à ${email}`).toBeGreaterThan(0);
  const texte = decoderQuotedPrintable(await readFile(path.join(dossier, fichiers.at(-1)!), 'utf8'));
  const lien = (page: string) => {
    const trouve = new RegExp(`https?://\\S+/en-ligne/${page}/[A-Za-z0-9_-]{43}\\?lang=${langue}`).exec(texte);
    expect(trouve, `le lien ${page} dans :\n${texte}`).not.toBeNull();
    return trouve![0];
  };
  return { validation: lien('validation'), reservation: lien('reservation') };
}

describe('réservation en ligne (habitants, sans connexion, sur un téléphone)', { timeout: 180_000 }, () => {
  it('réserve en français, valide par le lien de l’e-mail, revoit sa réservation ; le back-office la voit Actif et Internet', async () => {
    const email = 'habitant.fr@example.org';
    const { adresse, numero, session } = await reserver(fr, 'fr', email);
    await s.capture('en-ligne-merci');

    const liens = await liensDuCourriel(email, 'fr');
    await s.page.goto(liens.validation);
    await s.page.getByText(fr.validee).waitFor();
    await s.page.getByRole('heading', { level: 2, name: fr.numeroReservation(numero) }).waitFor();
    await s.page.getByText('1 × Canapé, sofa').waitFor();
    await sansViolation('fr-validation');

    await s.page.getByRole('link', { name: fr.voirReservation }).click();
    await s.page.waitForURL(liens.reservation.replace('?lang=fr', ''));
    await s.page.getByRole('heading', { level: 2, name: fr.numeroReservation(numero) }).waitFor();
    // waited for, not read once: the booking's details may render after its heading
    await s.page.getByText(fr.validee).waitFor();
    await s.page.getByText(adresse.adresse).waitFor();
    await s.page.getByRole('button', { name: fr.modifier }).waitFor();
    await sansViolation('fr-reservation');
    await s.capture('en-ligne-reservation');

    await s.page.setViewportSize({ width: 1400, height: 900 });
    await s.connecter('gestion');
    const [ligne] = await lire<DebarrasLigne[]>(s, `debarras/?numero=${numero}`);
    expect(ligne).toMatchObject({ numero, statut: 'ACTIF', typeDemande: 'INTERNET' });
    expect(ligne!.adresse.idpAdr).toBe(adresse.idpAdr);

    // the reservations log is the administrators' screen
    await s.connecter('admin');
    const [journal] = await lire<Reservation[]>(s, `reservation/?idSession=${session}`);
    expect(journal).toMatchObject({ type: 'creation', idSession: session, langue: 'fr', rejetEmail: 0 });
    expect(journal!.timestampReservation).not.toBeNull();
    expect(journal!.timestampConfirmation).not.toBeNull();
    expect(journal!.timestampValidation).not.toBeNull();
    await s.page.goto(s.url('/reservationListe'));
    const rangee = s.page.locator('.tableau-liste tbody tr.ligne-liste', { hasText: session });
    await rangee.waitFor();
    expect(await rangee.getAttribute('class')).toContain('ligne-aboutie');
    expect(
      await rangee
        .locator('td')
        .last()
        .evaluate((td) => getComputedStyle(td).backgroundColor),
    ).toBe('rgb(246, 255, 237)');
  });

  it('réserve et valide en anglais avec ?lang=en', async () => {
    const email = 'resident.en@example.org';
    await reserver(en, 'en', email);
    await s.page.getByRole('heading', { level: 1, name: en.titre }).waitFor();
    expect(await s.page.getByRole('link', { name: en.langueAutre }).getAttribute('hreflang')).toBe('fr');

    const liens = await liensDuCourriel(email, 'en');
    await s.page.goto(liens.validation);
    await s.page.locator('html[lang="en"]').waitFor();
    await s.page.getByText(en.validee).waitFor();
    // the items under their English label (the demo catalogue has them)
    await s.page.getByText('1 × Sofa, couch').waitFor();
    await sansViolation('en-validation');
    expect(await s.page.getByRole('link', { name: en.voirReservation }).getAttribute('href')).toMatch(/\?lang=en$/);
  });

  it('ne charge que ses propres fichiers, au plus 120 Ko de JavaScript compressé, sans rien du back-office', async () => {
    // a script's size is known only once its body has arrived, after its response event: the promises are kept and
    // awaited before summing, or a size still on its way would be left out of the total
    const tailles: Promise<{ url: string; octets: number }>[] = [];
    const surReponse = (r: Response) => {
      if (r.request().resourceType() === 'script')
        tailles.push(
          r
            .request()
            .sizes()
            .then((t) => ({ url: r.url(), octets: t.responseBodySize })),
        );
    };
    s.page.on('response', surReponse);
    // a script an earlier test of the file loaded would come from the memory cache, of no size: a route turns the cache off
    await s.page.route('**/*', (route) => route.continue());
    await s.page.setViewportSize(MOBILE);
    await s.page.goto(s.url('/en-ligne/'));
    await s.page.getByLabel(fr.rechercherAdresse).waitFor();
    // the page is ready, its scripts all requested; a later response would only add a promise no one awaits
    s.page.off('response', surReponse);
    const scripts = await Promise.all(tailles);
    const transferes = scripts.reduce((total, f) => total + f.octets, 0);
    const bilan = `Pages des habitants : ${scripts.length} fichier(s) JavaScript, ${Math.round(transferes / 1000)} Ko transférés`;
    console.log(bilan);
    expect(transferes, bilan).toBeLessThanOrEqual(120_000);
    expect(
      scripts.every((f) => f.octets > 0),
      bilan,
    ).toBe(true);
    expect(scripts.map((f) => path.basename(new URL(f.url).pathname))).toEqual([expect.stringMatching(/^en-ligne-[\w-]+\.js$/)]);
  });

  it('montre les objets refusés avec leur lien, et avance au clavier seul', async () => {
    const adresse = await adresseReservable();
    await s.page.setViewportSize(MOBILE);
    await s.page.goto(s.url('/en-ligne/'));
    const recherche = s.page.getByLabel(fr.rechercherAdresse);
    await recherche.waitFor();

    // the keyboard only: typing, Tab into the list, an arrow to choose, Tab to « Suivant », Enter
    await recherche.focus();
    await s.page.keyboard.type(adresse.adresse);
    const choix = s.page.getByRole('radio', { name: adresse.adresse, exact: true });
    await choix.waitFor();
    await s.page.keyboard.press('Tab');
    const radios = s.page.getByRole('radio');
    // bounded: an arrow that no longer moves the choice would otherwise loop until the test's timeout, saying nothing;
    // one press per radio is a full turn of the group
    for (let fleches = 0; !(await choix.isChecked()); fleches++) {
      const nombre = await radios.count();
      expect(fleches, `« ${adresse.adresse} » toujours pas cochée après ${nombre} flèche(s) vers le bas`).toBeLessThan(nombre);
      expect(await radios.evaluateAll((r) => r.some((e) => e === document.activeElement))).toBe(true);
      await s.page.keyboard.press('ArrowDown');
    }
    await s.page.keyboard.press('Tab');
    expect(await s.page.evaluate(() => document.activeElement?.textContent)).toBe(fr.suivant);
    await s.page.keyboard.press('Enter');
    const titre = titreEtape(fr, 2, fr.etapeObjets);
    await titre.waitFor();
    await expect.poll(() => titre.evaluate((h) => h === document.activeElement)).toBe(true);

    // the refused objects, each with where to take it, in a new tab
    const refuses = s.page.getByRole('region', { name: fr.objetsInterdits });
    const liens = refuses.getByRole('link', { name: new RegExp(`^${fr.voirPourquoi.replace('?', '\\?')} `) });
    expect(await liens.count()).toBeGreaterThan(0);
    const lien = liens.first();
    expect(await lien.getAttribute('href')).toMatch(/^https?:\/\//);
    expect(await lien.getAttribute('target')).toBe('_blank');
    expect(await lien.getAttribute('rel')).toBe('noopener');
    expect(await lien.evaluate((a) => a.getBoundingClientRect().height)).toBeGreaterThanOrEqual(44);

    // the search first, then a quantity typed: Enter sends the step as « Suivant » would
    await s.page.keyboard.press('Tab');
    expect(await s.page.evaluate(() => document.activeElement?.id)).toMatch(/-recherche$/);
    await s.page.keyboard.press('Tab');
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(fr.quantitePour('Canapé, sofa'));
    await s.page.keyboard.type('2');
    await s.page.keyboard.press('Enter');
    await titreEtape(fr, 3, fr.etapeDate).waitFor();
    await s.capture('en-ligne-date');
  });
});

describe('une réservation non levée (issue 30)', { timeout: 180_000 }, () => {
  it('replanifiée par le bureau, sa page dit « Non levé », pourquoi et la nouvelle date', async () => {
    const email = 'habitant.non-leve@example.org';
    const { numero } = await reserver(fr, 'fr', email);
    const liens = await liensDuCourriel(email, 'fr');
    await s.page.goto(liens.validation);
    await s.page.getByText(fr.validee).waitFor();

    // the crew found nothing at the door; the office plans it again from « À replanifier »
    await s.page.setViewportSize({ width: 1440, height: 900 });
    await s.connecter('gestion');
    const [d] = await lire<DebarrasLigne[]>(s, `debarras/?numero=${numero}`);
    const enregistre = await s.page.request.post(s.url(`/rest/levee/${d!.levee.idLevee}/equipe/resultats`), {
      data: [{ idClient: crypto.randomUUID(), idDebarras: d!.idDebarras, resultat: 'ABSENT', horodatage: INSTANT_E2E.toISOString() }],
    });
    expect(enregistre.status()).toBe(200);
    await s.page.goto(s.url('/aReplanifier'));
    await s.page.getByText(/^Non levés par l’équipe/).click();
    const ligne = s.page.getByRole('row').filter({ hasText: numero });
    await ligne.getByRole('checkbox', { name: numero }).check();
    await s.page.getByRole('button', { name: REPLANIFICATION_LIBELLES.replanifier(1) }).click();
    const dialogue = s.page.getByRole('dialog', { name: REPLANIFICATION_LIBELLES.modale });
    await dialogue.getByRole('button', { name: REPLANIFICATION_LIBELLES.replanifier(1) }).click();
    await s.page.getByText(REPLANIFICATION_MESSAGES.deplaces(1), { exact: false }).waitFor();
    const [replanifie] = await lire<DebarrasLigne[]>(s, `debarras/?numero=${numero}`);
    expect(replanifie!.levee.idLevee).not.toBe(d!.levee.idLevee);

    // the resident's page, on a phone
    await s.page.setViewportSize(MOBILE);
    await s.page.goto(liens.reservation);
    await s.page.getByText(fr.nonLeve, { exact: true }).waitFor();
    await s.page.getByText(fr.motifsNonLeve.ABSENT, { exact: false }).waitFor();
    await s.page.getByText(fr.nouvelleDate(dateLisible(replanifie!.levee.dateLevee, 'fr'))).waitFor();
    await s.capture('en-ligne-non-leve');
    await sansViolation('fr-non-leve');
  });
});
