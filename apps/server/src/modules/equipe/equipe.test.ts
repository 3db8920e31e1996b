import { randomUUID } from 'node:crypto';
import { DOMAINES_EVENEMENT, EQUIPE_MESSAGES, PARAMETRE_CLES, type StatutResultat, type TourneeEquipe } from '@debarras/domain';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { objet, parametre } from '../../db/schema.js';
import { appDeTest, dans, INSTANT_DE_TEST, refus, unique, type Compte } from '../../test/app.js';
import { dernierEvenement, uneAdresse, uneLevee, unDebarras } from '../../test/fabriques.js';

const t = appDeTest();
const REST = '/webdeb/rest';
const API = '/webdeb/tournee/api';

let idObjet: number;
beforeAll(async () => {
  [{ idObjet }] = (await t.base.db.select({ idObjet: objet.idObjet }).from(objet).where(eq(objet.type, 'Objet')).limit(1)) as [
    { idObjet: number },
  ];
});

/** A levée on that day with two débarras (the first with 3 of an object), and its crews' link's token. */
async function uneTourneeEquipe(jours = 1) {
  const l = await uneLevee(t.base.db, { dateLevee: dans(jours), nom: unique('Tournée'), supplementaire: 1, nbDebarrasMax: 50 });
  const premier = await unDebarras(
    t.base.db,
    { idLevee: l.idLevee, idpAdr: await uneAdresse(t.base.db, unique('Rue A')), telephone: '079 123 45 67', sauvage: true },
    [{ idObjet, quantite: 3 }],
  );
  const second = await unDebarras(t.base.db, { idLevee: l.idLevee, idpAdr: await uneAdresse(t.base.db, unique('Rue B')) });
  return { levee: l, premier, second, jeton: await nouveauJeton(l.idLevee) };
}

async function nouveauJeton(idLevee: number, compte: Compte = 'gestion') {
  const r = await t.en(compte, { method: 'POST', url: `${REST}/levee/${idLevee}/lien-equipe` });
  expect(r.statusCode).toBe(200);
  return new URL(r.json().url).searchParams.get('j')!;
}

const avecJeton = (jeton: string | undefined) => (jeton === undefined ? {} : { authorization: `Bearer ${jeton}` });
const lire = (jeton?: string) => t.app.inject({ url: `${API}/tournee`, headers: avecJeton(jeton) });
const envoyer = (jeton: string, resultats: object[]) =>
  t.app.inject({ method: 'POST', url: `${API}/resultats`, headers: avecJeton(jeton), payload: resultats });
const statuts = async (jeton: string, resultats: object[]) => {
  const r = await envoyer(jeton, resultats);
  expect(r.statusCode).toBe(200);
  return r.json() as StatutResultat[];
};
const un = (idDebarras: number, champs: object = {}) => ({
  idClient: randomUUID(),
  idDebarras,
  resultat: 'LEVE',
  horodatage: INSTANT_DE_TEST.toISOString(),
  ...champs,
});
const minutesApres = (minutes: number) => new Date(INSTANT_DE_TEST.getTime() + minutes * 60_000).toISOString();

/** A multipart body: the fields, then the file `photo`. */
function formulairePhoto(champs: Record<string, string>, photo?: Buffer) {
  const limite = `----debarras${randomUUID()}`;
  const parties: Buffer[] = Object.entries(champs).map(([nom, valeur]) =>
    Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="${nom}"\r\n\r\n${valeur}\r\n`),
  );
  if (photo) {
    parties.push(
      Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    );
    parties.push(photo, Buffer.from('\r\n'));
  }
  parties.push(Buffer.from(`--${limite}--\r\n`));
  return { payload: Buffer.concat(parties), headers: { 'content-type': `multipart/form-data; boundary=${limite}` } };
}
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 1)]);
const envoyerPhoto = (jeton: string, champs: Record<string, string>, photo?: Buffer) => {
  const f = formulairePhoto(champs, photo);
  return t.app.inject({ method: 'POST', url: `${API}/photos`, payload: f.payload, headers: { ...f.headers, ...avecJeton(jeton) } });
};

describe('le lien équipe', () => {
  it.each(['gestion', 'admin', 'technique'] as const)('est donné au rôle %s depuis le détail de la levée', async (compte) => {
    const l = await uneLevee(t.base.db, { dateLevee: dans(1), nom: unique('Tournée'), supplementaire: 1 });
    const r = await t.en(compte, { method: 'POST', url: `${REST}/levee/${l.idLevee}/lien-equipe` });
    expect(r.statusCode).toBe(200);
    const lien = r.json();
    expect(lien.url).toMatch(/^http:\/\/localhost:8080\/webdeb\/tournee\/\?j=[A-Za-z0-9_-]{43}$/);
    // from 00:00 of Wednesday 18.11 (the working day before) to 36 hours after Thursday 19.11 starts
    expect(lien.valideDu).toBe('2026-11-17T23:00:00.000Z');
    expect(lien.valideAu).toBe('2026-11-20T11:00:00.000Z');
  });

  it('est refusé au rôle lecture', async () => {
    const l = await uneLevee(t.base.db, { dateLevee: dans(1), nom: unique('Tournée'), supplementaire: 1 });
    expect(refus(await t.en('lecture', { method: 'POST', url: `${REST}/levee/${l.idLevee}/lien-equipe` }))).toMatchObject({
      statut: 403,
      code: 'NON_AUTORISE',
    });
  });

  it('ouvre la tournée de sa levée, et elle seule', async () => {
    const { levee: l, premier, jeton } = await uneTourneeEquipe();
    const r = await lire(jeton);
    expect(r.statusCode).toBe(200);
    const tournee = r.json() as TourneeEquipe;
    expect(tournee.levee).toMatchObject({ idLevee: l.idLevee, dateLevee: dans(1) });
    expect(tournee.expireLe).toBe('2026-11-20T11:00:00.000Z');
    expect(tournee.arrets).toHaveLength(2);
    const arret = tournee.arrets.find((a) => a.idDebarras === premier.idDebarras)!;
    expect(arret).toMatchObject({ numero: premier.numero, telephone: '079 123 45 67', alertes: ['SAUVAGE'], resultat: null });
    expect(arret.objets).toEqual([expect.objectContaining({ idObjet, quantite: 3 })]);
    expect(arret.navigation).toMatch(/^geo:46\.\d{6},6\.\d{6}$/);
    // nothing else of the requester
    expect(JSON.stringify(tournee)).not.toContain('Dupont');
  });

  it('refuse (401) un jeton absent, faux ou révoqué', async () => {
    const { levee: l, jeton } = await uneTourneeEquipe();
    expect(refus(await lire())).toMatchObject({ statut: 401, code: 'NON_AUTHENTIFIE', errMsg: EQUIPE_MESSAGES.lienManquant });
    expect(refus(await lire(`${jeton.slice(0, -1)}x`))).toMatchObject({ statut: 401, errMsg: EQUIPE_MESSAGES.lienInvalide });
    const nouveau = await nouveauJeton(l.idLevee);
    expect(refus(await lire(jeton))).toMatchObject({ statut: 401, code: 'NON_AUTHENTIFIE' });
    expect((await lire(nouveau)).statusCode).toBe(200);
    expect((await dernierEvenement(t.base.db, DOMAINES_EVENEMENT.tournee))?.texte).toMatch(
      /nouveau lien équipe ; 1 lien précédent révoqué\.$/,
    );
  });

  it('refuse (401) un lien avant le jour ouvrable précédant la levée, et après ses heures', async () => {
    // Friday 20.11: its sheets go out on Thursday evening, the link opens at 00:00 on Thursday
    expect((await lire((await uneTourneeEquipe(2)).jeton)).statusCode).toBe(401);
    // Monday 16.11: 36 hours after it started, Tuesday noon, is past
    expect((await lire((await uneTourneeEquipe(-2)).jeton)).statusCode).toBe(401);
    // today's and yesterday's, until tomorrow noon: open
    expect((await lire((await uneTourneeEquipe(0)).jeton)).statusCode).toBe(200);
    const hier = await uneTourneeEquipe(-1);
    expect((await lire(hier.jeton)).statusCode).toBe(200);
    await t.base.db.update(parametre).set({ valeur: '12' }).where(eq(parametre.cle, PARAMETRE_CLES.tourneeLienHeures));
    try {
      expect((await lire(hier.jeton)).statusCode).toBe(401);
    } finally {
      await t.base.db.update(parametre).set({ valeur: '36' }).where(eq(parametre.cle, PARAMETRE_CLES.tourneeLienHeures));
    }
  });

  it('n’ouvre rien du back-office', async () => {
    const { jeton } = await uneTourneeEquipe();
    const r = await t.app.inject({ url: `${REST}/levee`, headers: avecJeton(jeton) });
    expect(r.statusCode).toBe(401);
    expect((await t.app.inject({ url: `${API}/levee`, headers: avecJeton(jeton) })).statusCode).toBe(404);
  });

  it('ouvre aussi la tournée au personnel connecté (gestion, admin, technique), pas au rôle lecture', async () => {
    const { levee: l } = await uneTourneeEquipe();
    for (const compte of ['gestion', 'admin', 'technique'] as const) {
      expect((await t.en(compte, { url: `${REST}/levee/${l.idLevee}/equipe` })).statusCode).toBe(200);
    }
    expect((await t.en('lecture', { url: `${REST}/levee/${l.idLevee}/equipe` })).statusCode).toBe(403);
  });
});

describe('les résultats', () => {
  it('montre le résultat dans la liste des débarras, la filtre par résultat, et compte les arrêts faits de la levée', async () => {
    const { levee: l, premier, second, jeton } = await uneTourneeEquipe();
    await statuts(jeton, [un(premier.idDebarras, { resultat: 'ABSENT' })]);
    const numeros = async (filtre = '') => {
      const r = await t.en('lecture', { url: `${REST}/debarras/?idLevee=${l.idLevee}&sort=numero,asc${filtre}` });
      expect(r.statusCode).toBe(200);
      return (r.json() as Array<{ numero: string; codeResultat: string | null }>).map((d) => [d.numero, d.codeResultat]);
    };
    expect(await numeros()).toEqual(
      [
        [premier.numero, 'ABSENT'],
        [second.numero, null],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    expect(await numeros('&resultat=ABSENT')).toEqual([[premier.numero, 'ABSENT']]);
    expect(await numeros('&resultat=AUCUN')).toEqual([[second.numero, null]]);
    expect(await numeros('&resultat=LEVE')).toEqual([]);
    expect(refus(await t.en('lecture', { url: `${REST}/debarras/?resultat=PERDU` }))).toMatchObject({
      statut: 400,
      code: 'SAISIE_INVALIDE',
    });
    expect((await t.en('lecture', { url: `${REST}/levee/${l.idLevee}` })).json()).toMatchObject({ nbDebarras: 2, nbResultats: 1 });
  });

  it('enregistre un résultat par arrêt, le montre sur la tournée et l’écrit dans les messages', async () => {
    const { premier, jeton } = await uneTourneeEquipe();
    const r = un(premier.idDebarras, { resultat: 'ABSENT', remarque: 'Rien sur le trottoir' });
    expect(await statuts(jeton, [r])).toEqual([{ idClient: r.idClient, statut: 'enregistre' }]);
    const arret = ((await lire(jeton)).json() as TourneeEquipe).arrets.find((a) => a.idDebarras === premier.idDebarras)!;
    expect(arret.resultat).toMatchObject({ idClient: r.idClient, code: 'ABSENT', remarque: 'Rien sur le trottoir', photo: false });
    expect((await dernierEvenement(t.base.db, DOMAINES_EVENEMENT.tournee))?.texte).toBe(
      `Débarras n° ${premier.numero} : résultat « Rien à lever » enregistré par l’équipe.`,
    );
  });

  it('n’enregistre qu’une fois un résultat envoyé deux fois', async () => {
    const { premier, jeton } = await uneTourneeEquipe();
    const r = un(premier.idDebarras);
    await statuts(jeton, [r]);
    expect(await statuts(jeton, [r])).toEqual([{ idClient: r.idClient, statut: 'deja_enregistre' }]);
  });

  it('garde le premier résultat et range le second en conflit quand il ne le nomme pas', async () => {
    const { premier, jeton } = await uneTourneeEquipe();
    const a = un(premier.idDebarras);
    const b = un(premier.idDebarras, { resultat: 'INACCESSIBLE' });
    expect((await statuts(jeton, [a, b])).map((s) => s.statut)).toEqual(['enregistre', 'conflit']);
    const arret = ((await lire(jeton)).json() as TourneeEquipe).arrets.find((x) => x.idDebarras === premier.idDebarras)!;
    expect(arret.resultat?.code).toBe('LEVE');
    expect((await dernierEvenement(t.base.db, DOMAINES_EVENEMENT.tournee))?.texte).toMatch(/conflit à vérifier\.$/);
  });

  it('ne garde pas plus de 5 résultats en conflit pour un arrêt', async () => {
    const { premier, jeton } = await uneTourneeEquipe();
    const envois = [un(premier.idDebarras), ...Array.from({ length: 6 }, () => un(premier.idDebarras, { resultat: 'ABSENT' }))];
    const recus = await statuts(jeton, envois);
    expect(recus.map((s) => s.statut)).toEqual(['enregistre', 'conflit', 'conflit', 'conflit', 'conflit', 'conflit', 'refuse']);
    expect(recus[6]).toMatchObject({ code: 'ETAT_INVALIDE', message: EQUIPE_MESSAGES.tropDeConflits });
  });

  it('montre au bureau, à tout rôle, le résultat en vigueur de chaque débarras, qui l’a donné, et les conflits gardés', async () => {
    const { levee: l, premier, second, jeton } = await uneTourneeEquipe();
    const a = un(premier.idDebarras, { remarque: 'Trois cartons' });
    const b = un(premier.idDebarras, { resultat: 'REFUSE' });
    await statuts(jeton, [a, b]);
    const r = await t.en('lecture', { url: `${REST}/levee/${l.idLevee}/resultats` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([
      expect.objectContaining({
        idDebarras: premier.idDebarras,
        idClient: a.idClient,
        code: 'LEVE',
        remarque: 'Trois cartons',
        photo: false,
        par: expect.stringMatching(/^équipe \(lien \d+\)$/),
        conflits: [expect.objectContaining({ idClient: b.idClient, code: 'REFUSE' })],
      }),
    ]);
    expect(r.json().some((x: { idDebarras: number }) => x.idDebarras === second.idDebarras)).toBe(false);
  });

  it('corrige depuis le téléphone dans les 15 minutes, plus après', async () => {
    const { premier, second, jeton } = await uneTourneeEquipe();
    const a = un(premier.idDebarras, { horodatage: minutesApres(-30) });
    const correction = un(premier.idDebarras, { resultat: 'PARTIEL', remplace: a.idClient, horodatage: minutesApres(-15) });
    expect((await statuts(jeton, [a, correction])).map((s) => s.statut)).toEqual(['enregistre', 'enregistre']);
    const b = un(second.idDebarras, { horodatage: minutesApres(-30) });
    const tardive = un(second.idDebarras, { resultat: 'ABSENT', remplace: b.idClient, horodatage: minutesApres(-14) });
    expect(await statuts(jeton, [b, tardive])).toEqual([
      { idClient: b.idClient, statut: 'enregistre' },
      { idClient: tardive.idClient, statut: 'refuse', code: 'ETAT_INVALIDE', message: EQUIPE_MESSAGES.correctionTardive },
    ]);
    const arrets = ((await lire(jeton)).json() as TourneeEquipe).arrets;
    expect(arrets.map((x) => [x.idDebarras, x.resultat?.code])).toEqual(
      expect.arrayContaining([
        [premier.idDebarras, 'PARTIEL'],
        [second.idDebarras, 'LEVE'],
      ]),
    );
  });

  it('laisse le personnel corriger après les 15 minutes', async () => {
    const { levee: l, premier, jeton } = await uneTourneeEquipe();
    const a = un(premier.idDebarras, { horodatage: minutesApres(-60) });
    await statuts(jeton, [a]);
    const correction = un(premier.idDebarras, { resultat: 'REFUSE', remplace: a.idClient });
    const r = await t.en('gestion', { method: 'POST', url: `${REST}/levee/${l.idLevee}/equipe/resultats`, payload: [correction] });
    expect(r.json()).toEqual([{ idClient: correction.idClient, statut: 'enregistre' }]);
    expect((await dernierEvenement(t.base.db, DOMAINES_EVENEMENT.tournee))?.texte).toMatch(
      /corrigé par le bureau, « Levé » devient « Refusé, non conforme »/,
    );
  });

  it('refuse (403) un débarras d’une autre levée, sans rien enregistrer', async () => {
    const { premier, jeton } = await uneTourneeEquipe();
    const autre = await uneTourneeEquipe();
    const ici = un(premier.idDebarras);
    expect(refus(await envoyer(jeton, [ici, un(autre.premier.idDebarras)]))).toMatchObject({
      statut: 403,
      code: 'NON_AUTORISE',
      errMsg: EQUIPE_MESSAGES.autreLevee,
    });
    expect(await statuts(jeton, [ici])).toEqual([{ idClient: ici.idClient, statut: 'enregistre' }]);
  });

  it('refuse (400) un code de résultat inconnu, un identifiant qui n’est pas un UUID et une heure illisible', async () => {
    const { premier, jeton } = await uneTourneeEquipe();
    expect(refus(await envoyer(jeton, [un(premier.idDebarras, { resultat: 'PERDU' })]))).toMatchObject({
      statut: 400,
      code: 'SAISIE_INVALIDE',
      errMsg: EQUIPE_MESSAGES.resultatInvalide,
    });
    expect(refus(await envoyer(jeton, [un(premier.idDebarras, { idClient: '12' })])).errMsg).toBe(EQUIPE_MESSAGES.idClientInvalide);
    expect(refus(await envoyer(jeton, [un(premier.idDebarras, { horodatage: 'hier' })])).errMsg).toBe(EQUIPE_MESSAGES.horodatageInvalide);
    expect(refus(await envoyer(jeton, [])).errMsg).toBe(EQUIPE_MESSAGES.envoiVide);
  });

  it('refuse un résultat daté du futur et des objets restés qui ne sont pas ceux du débarras', async () => {
    const { premier, jeton } = await uneTourneeEquipe();
    const futur = un(premier.idDebarras, { horodatage: minutesApres(60 * 24) });
    const tropDObjets = un(premier.idDebarras, { resultat: 'PARTIEL', objetsRestants: [{ idObjet, quantite: 4 }] });
    const horsPartiel = un(premier.idDebarras, { objetsRestants: [{ idObjet, quantite: 1 }] });
    expect((await statuts(jeton, [futur, tropDObjets, horsPartiel])).map((s) => s.message)).toEqual([
      EQUIPE_MESSAGES.horodatageFutur,
      EQUIPE_MESSAGES.objetsRestantsInvalides,
      EQUIPE_MESSAGES.objetsRestantsHorsPartiel,
    ]);
    const partiel = un(premier.idDebarras, { resultat: 'PARTIEL', objetsRestants: [{ idObjet, quantite: 2 }] });
    expect((await statuts(jeton, [partiel]))[0]?.statut).toBe('enregistre');
    const arret = ((await lire(jeton)).json() as TourneeEquipe).arrets.find((x) => x.idDebarras === premier.idDebarras)!;
    expect(arret.resultat?.objetsRestants).toEqual([{ idObjet, quantite: 2 }]);
  });
});

describe('les photos', () => {
  it('garde la photo d’un résultat reçu, une fois, et la montre au bureau', async () => {
    const { premier, jeton } = await uneTourneeEquipe();
    const r = un(premier.idDebarras);
    await statuts(jeton, [r]);
    const champs = { idClient: r.idClient, idDebarras: String(premier.idDebarras) };
    const envoi = await envoyerPhoto(jeton, champs, JPEG);
    expect(envoi.statusCode).toBe(200);
    expect(envoi.json()).toEqual({ idClient: r.idClient, statut: 'enregistre' });
    expect((await envoyerPhoto(jeton, champs, JPEG)).json().statut).toBe('deja_enregistre');
    const arret = ((await lire(jeton)).json() as TourneeEquipe).arrets.find((x) => x.idDebarras === premier.idDebarras)!;
    expect(arret.resultat?.photo).toBe(true);
    const vue = await t.en('lecture', { url: `${REST}/resultat/${r.idClient}/photo` });
    expect(vue.statusCode).toBe(200);
    expect(vue.headers['content-type']).toBe('image/jpeg');
    expect(vue.rawPayload.equals(JPEG)).toBe(true);
  });

  it('refuse une photo qui n’est pas une image JPEG, PNG ou WebP, quel que soit son nom', async () => {
    const { premier, jeton } = await uneTourneeEquipe();
    const r = un(premier.idDebarras);
    await statuts(jeton, [r]);
    const pdf = Buffer.from('%PDF-1.7 pas une photo');
    expect(refus(await envoyerPhoto(jeton, { idClient: r.idClient, idDebarras: String(premier.idDebarras) }, pdf))).toMatchObject({
      statut: 400,
      code: 'SAISIE_INVALIDE',
      errMsg: EQUIPE_MESSAGES.photoType,
    });
  });

  it('refuse une photo de plus de 500 Ko', async () => {
    const { premier, jeton } = await uneTourneeEquipe();
    const r = un(premier.idDebarras);
    await statuts(jeton, [r]);
    const grande = Buffer.concat([JPEG, Buffer.alloc(500 * 1024, 2)]);
    expect(refus(await envoyerPhoto(jeton, { idClient: r.idClient, idDebarras: String(premier.idDebarras) }, grande))).toMatchObject({
      statut: 400,
      errMsg: EQUIPE_MESSAGES.photoTropGrande,
    });
  });

  it('refuse une photo sans résultat reçu (404), d’un débarras d’une autre levée (403), sans fichier (400)', async () => {
    const { premier, jeton } = await uneTourneeEquipe();
    const autre = await uneTourneeEquipe();
    const champs = { idClient: randomUUID(), idDebarras: String(premier.idDebarras) };
    expect(refus(await envoyerPhoto(jeton, champs, JPEG))).toMatchObject({ statut: 404, errMsg: EQUIPE_MESSAGES.photoSansResultat });
    expect(refus(await envoyerPhoto(jeton, { ...champs, idDebarras: String(autre.premier.idDebarras) }, JPEG)).statut).toBe(403);
    expect(refus(await envoyerPhoto(jeton, champs)).statut).toBe(400);
  });
});

describe('le lien sur les feuilles de route', () => {
  const imprimer = (jour: string, type: string, compte: Compte = 'gestion') =>
    t.en(compte, { url: `${REST}/levee/print/?date=${jour}&type=${type}` });
  const liensDans = (texte: string) =>
    [...texte.matchAll(/http:\/\/localhost:8080\/webdeb\/tournee\/\?j=([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);

  it('imprime en PDF, en tête de chaque levée, un lien qui ouvre sa tournée, avec ses dates', async () => {
    const { levee: l } = await uneTourneeEquipe(1);
    const r = await imprimer(dans(1), 'Pdf');
    expect(r.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(r.rawPayload)), { mergePages: true });
    expect(text).toContain('Tournée sur le téléphone de l’équipe');
    expect(text).toContain('Lien valable du 18.11.2026 à 00:00 au 20.11.2026 à 12:00, pour cette levée seulement.');
    const jetons = liensDans(text as string);
    expect(jetons.length).toBeGreaterThan(0);
    const ouvertes = await Promise.all(jetons.map(async (j) => ((await lire(j)).json() as TourneeEquipe).levee.idLevee));
    expect(ouvertes).toContain(l.idLevee);
  });

  it('imprime le lien en Word, pas en Excel ; un lien imprimé plus tôt reste bon', async () => {
    await uneTourneeEquipe(1);
    const word = await JSZip.loadAsync((await imprimer(dans(1), 'Word')).rawPayload);
    const [avant] = liensDans(await word.file('word/document.xml')!.async('string'));
    expect(avant).toBeDefined();
    const excel = await JSZip.loadAsync((await imprimer(dans(1), 'Excel')).rawPayload);
    const feuilles = await Promise.all(Object.values(excel.files).map((f) => f.async('string')));
    expect(feuilles.some((x) => x.includes('/tournee/?j='))).toBe(false);
    await imprimer(dans(1), 'Pdf');
    expect((await lire(avant)).statusCode).toBe(200);
  });

  it('n’imprime pas de lien pour le rôle lecture, qui ne peut pas enregistrer de résultat', async () => {
    await uneTourneeEquipe(1);
    const r = await imprimer(dans(1), 'Pdf', 'lecture');
    expect(r.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(r.rawPayload)), { mergePages: true });
    expect(liensDans(text as string)).toEqual([]);
  });
});
