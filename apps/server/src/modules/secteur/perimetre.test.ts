import { CARTE_MESSAGES, ERREURS, SECTEUR_MESSAGES, VERSION_MESSAGES } from '@debarras/domain';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adresse } from '../../db/schema.js';
import { appDeTest, refus } from '../../test/app.js';
import { unSecteur } from '../../test/fabriques.js';
import { enregistrer, type SaisieAdresse } from '../adresse/index.js';

const t = appDeTest();
const INTERDIT = { statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' };

/** A square ring of side 200 m around a point, open as the map draws it. */
const carre = (x: number, y: number): [number, number][] => [
  [x - 100, y - 100],
  [x + 100, y - 100],
  [x + 100, y + 100],
  [x - 100, y + 100],
];

const uneAdresse = (idpAdr: string, x: number, y: number, secteur: string | null, noCommune = 6621): SaisieAdresse => ({
  idpAdr,
  typeVoie: 'Rue',
  liant: 'du',
  nomVoie: 'Périmètre',
  noAdresse: '1',
  commune: noCommune === 6621 ? 'Genève' : 'Carouge (GE)',
  noPostal: '1204',
  nomNpa: 'Genève',
  x,
  y,
  noCommune,
  secteur,
  gestionnaire: 'VILLE DE GENEVE',
});

const secteurDe = async (...ids: string[]) =>
  Object.fromEntries(
    (await t.base.db.select({ id: adresse.idpAdr, secteur: adresse.secteur }).from(adresse).where(inArray(adresse.idpAdr, ids))).map(
      (a) => [a.id, a.secteur],
    ),
  );

const dessiner = (id: number, payload: object, compte: 'admin' | 'technique' | 'gestion' | 'lecture' = 'admin') =>
  t.en(compte, { method: 'PUT', url: `/webdeb/rest/secteur/${id}/perimetre`, payload });

let nord: Awaited<ReturnType<typeof unSecteur>>;
let sud: Awaited<ReturnType<typeof unSecteur>>;

beforeAll(async () => {
  nord = await unSecteur(t.base.db, { libelle: 'Nord' });
  sud = await unSecteur(t.base.db, { libelle: 'Sud' });
  await enregistrer(
    t.base.db,
    [
      uneAdresse('P-DEDANS', 2500100, 1117100, null),
      uneAdresse('P-SORTIE', 2500300, 1117100, 'Nord'),
      uneAdresse('P-AU-SUD', 2500500, 1117100, null),
      uneAdresse('P-NULLE-PART', 2502000, 1119000, null),
      uneAdresse('P-CAROUGE', 2500100, 1116000, null, 6608),
    ],
    'test',
  );
});

describe('périmètres des secteurs', () => {
  it("donne le secteur aux adresses du périmètre, l'ôte à celles qui en sortent sauf si un autre périmètre les contient, et compte ce qui change", async () => {
    const premier = await dessiner(sud.idSecteur, { version: 0, perimetre: carre(2500500, 1117100) });
    expect(premier.statusCode, premier.body).toBe(200);
    expect(premier.json()).toMatchObject({ adressesModifiees: 1 });
    // as an import would have left it: in the south's perimeter, but the north's sector
    await t.base.db.update(adresse).set({ secteur: 'Nord' }).where(eq(adresse.idpAdr, 'P-AU-SUD'));

    const r = await dessiner(nord.idSecteur, { version: 0, perimetre: carre(2500100, 1117100) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      secteur: expect.objectContaining({ idSecteur: nord.idSecteur, libelle: 'Nord', version: 1, lastModifiedBy: 'admin' }),
      adressesModifiees: 3,
      // the served commune's (6621) addresses without a sector: P-SORTIE and P-NULLE-PART, not Carouge's
      adressesSansSecteur: 2,
    });
    expect(await secteurDe('P-DEDANS', 'P-SORTIE', 'P-AU-SUD', 'P-NULLE-PART', 'P-CAROUGE')).toEqual({
      'P-DEDANS': 'Nord',
      'P-SORTIE': null,
      'P-AU-SUD': 'Sud',
      'P-NULLE-PART': null,
      'P-CAROUGE': null,
    });
  });

  it('donne chaque périmètre, fermé, et null au secteur qui n’en a pas', async () => {
    const r = await t.en('technique', { url: '/webdeb/rest/secteur/perimetres' });
    expect(r.statusCode, r.body).toBe(200);
    const perimetres = r.json() as Array<{ idSecteur: number; libelle: string; perimetre: [number, number][] | null }>;
    const ferme = [...carre(2500100, 1117100), carre(2500100, 1117100)[0]];
    expect(perimetres.find((p) => p.idSecteur === nord.idSecteur)).toEqual({
      idSecteur: nord.idSecteur,
      libelle: 'Nord',
      perimetre: ferme,
    });
    const sans = await unSecteur(t.base.db);
    expect((await t.en('admin', { url: '/webdeb/rest/secteur/perimetres' })).json()).toContainEqual({
      idSecteur: sans.idSecteur,
      libelle: sans.libelle,
      perimetre: null,
    });
  });

  it('accepte un anneau déjà fermé, et ne change aucune adresse quand le périmètre ne change pas', async () => {
    const ferme = [...carre(2500100, 1117100), carre(2500100, 1117100)[0]];
    const r = await dessiner(nord.idSecteur, { version: 1, perimetre: ferme });
    expect(r.json()).toMatchObject({ secteur: { version: 2 }, adressesModifiees: 0, adressesSansSecteur: 2 });
  });

  it('refuse une version périmée sans rien changer', async () => {
    const perimee = refus(await dessiner(nord.idSecteur, { version: 1, perimetre: carre(2502000, 1119000) }));
    expect(perimee).toMatchObject({ statut: 409, code: 'CONFLIT_VERSION' });
    expect(perimee.errMsg).toMatch(/^Cet enregistrement a été modifié par admin le /);
    expect(await secteurDe('P-NULLE-PART', 'P-DEDANS')).toEqual({ 'P-NULLE-PART': null, 'P-DEDANS': 'Nord' });
  });

  it('répond 404 INTROUVABLE pour un secteur inconnu', async () => {
    expect(refus(await dessiner(999999, { version: 0, perimetre: carre(2500100, 1117100) }))).toEqual({
      statut: 404,
      errMsg: ERREURS.introuvable(SECTEUR_MESSAGES.introuvable),
      code: 'INTROUVABLE',
    });
  });

  it.each([
    [{ perimetre: carre(2500100, 1117100) }, VERSION_MESSAGES.obligatoire],
    [{ version: 2 }, CARTE_MESSAGES.perimetreTropCourt],
    [
      {
        version: 2,
        perimetre: [
          [2500000, 1117000],
          [2500100, 1117000],
          [2500100, 1117000],
          [2500000, 1117000],
        ],
      },
      CARTE_MESSAGES.perimetreTropCourt,
    ],
    [
      {
        version: 2,
        perimetre: [
          [2500000, 1117000],
          [2500100, 1117100],
          [2500100, 1117000],
          [2500000, 1117100],
        ],
      },
      SECTEUR_MESSAGES.perimetreCroise,
    ],
    [
      {
        version: 2,
        perimetre: [
          [2500000, 1117000],
          [2500100, 1117000],
          [2500200, 1117000],
        ],
      },
      SECTEUR_MESSAGES.perimetreCroise,
    ],
    [
      {
        version: 2,
        perimetre: [
          [2600000, 1117000],
          [2500100, 1117000],
          [2500100, 1117100],
        ],
      },
      CARTE_MESSAGES.horsCanton,
    ],
  ])('refuse %j : « %s »', async (payload, message) => {
    expect(refus(await dessiner(nord.idSecteur, payload))).toEqual({ statut: 400, errMsg: message, code: 'SAISIE_INVALIDE' });
  });

  it('réserve les périmètres aux rôles admin et technique', async () => {
    for (const compte of ['lecture', 'gestion'] as const) {
      expect(refus(await t.en(compte, { url: '/webdeb/rest/secteur/perimetres' }))).toEqual(INTERDIT);
      expect(refus(await dessiner(nord.idSecteur, { version: 2, perimetre: carre(2500100, 1117100) }, compte))).toEqual(INTERDIT);
    }
    expect((await dessiner(nord.idSecteur, { version: 2, perimetre: carre(2500100, 1117100) }, 'technique')).json()).toMatchObject({
      secteur: { version: 3, lastModifiedBy: 'technique' },
    });
  });
});
