import { describe, expect, it } from 'vitest';
import {
  DEBARRAS_FILTRE_DEFAUT,
  DEBARRAS_MESSAGES,
  DEBARRAS_SUCCES,
  DEBARRAS_TAILLE_PAGE,
  DEBARRAS_TRI_DEFAUT,
  debarrasListeSchema,
  debarrasSaisieSchema,
  formatNumero,
  libelleStatutDebarras,
  libelleTypeJournal,
  TELEPHONE_MESSAGES,
  TYPES_DEMANDE_SAISISSABLES,
} from './index.js';

const valide = {
  adresse: { idpAdr: '12345' },
  levee: { idLevee: 3 },
  nomPersonne: 'Dupont',
  telephone: '022 418 00 00',
  debarrasObjets: [{ objet: { idObjet: 1 }, quantite: 2 }],
};
const messages = (donnees: unknown) => debarrasSaisieSchema.safeParse(donnees).error?.issues.map((i) => i.message) ?? [];

describe("saisie d'un débarras", () => {
  it("exige l'adresse", () => {
    expect(messages({ ...valide, adresse: undefined })).toEqual([DEBARRAS_MESSAGES.adresseObligatoire]);
    expect(messages({ ...valide, adresse: { idpAdr: ' ' } })).toEqual(["La saisie de l'adresse est obligatoire"]);
  });

  it('exige le nom du demandeur et un téléphone ou un e-mail, sauf pour un sauvage', () => {
    expect(messages({ ...valide, nomPersonne: ' ', telephone: null })).toEqual([
      'La saisie du nom du demandeur est obligatoire',
      "La saisie d'au moins un n° de téléphone ou un e-mail est obligatoire",
    ]);
    expect(messages({ ...valide, nomPersonne: null, telephone: null, sauvage: '1' })).toEqual([]);
    expect(messages({ ...valide, telephone: null, email: 'a@example.org' })).toEqual([]);
  });

  it('refuse un e-mail invalide', () => {
    expect(messages({ ...valide, email: 'pas-un-email' })).toEqual(['Veuillez saisir un e-mail valide']);
  });

  it('refuse un numéro de téléphone impossible, et enregistre les autres dans leur format unique', () => {
    expect(messages({ ...valide, telephone: '079 123 45' })).toEqual([TELEPHONE_MESSAGES.invalide]);
    expect(messages({ ...valide, telephone: '079 123 45 67 le soir' })).toEqual([TELEPHONE_MESSAGES.invalide]);
    expect(debarrasSaisieSchema.parse({ ...valide, telephone: '+41791234567' }).telephone).toBe('079 123 45 67');
    expect(debarrasSaisieSchema.parse({ ...valide, telephone: '0033 1 23 45 67 89' }).telephone).toBe('+33 1 23 45 67 89');
    expect(debarrasSaisieSchema.parse({ ...valide, telephone: ' ', email: 'a@example.org' }).telephone).toBeNull();
  });

  it('limite la quantité par ligne à 0..100 et exige au moins un objet au total', () => {
    expect(messages({ ...valide, debarrasObjets: [{ objet: { idObjet: 1 }, quantite: 101 }] })).toEqual([DEBARRAS_MESSAGES.quantite]);
    expect(messages({ ...valide, debarrasObjets: [{ objet: { idObjet: 1 }, quantite: -1 }] })[0]).toBe(DEBARRAS_MESSAGES.quantite);
    expect(messages({ ...valide, debarrasObjets: [{ objet: { idObjet: 1 }, quantite: 0 }] })).toEqual([DEBARRAS_MESSAGES.objetObligatoire]);
    expect(messages({ ...valide, debarrasObjets: [] })).toEqual([DEBARRAS_MESSAGES.objetObligatoire]);
  });

  it("écarte les lignes à zéro, force « punaises » avec « punaises déchets » et applique les valeurs d'un nouveau débarras", () => {
    const d = debarrasSaisieSchema.parse({
      ...valide,
      punaisesDechets: true,
      debarrasObjets: [
        { objet: { idObjet: 1 }, quantite: 2 },
        { objet: { idObjet: 2 }, quantite: 0 },
        { objet: { idObjet: 3 }, quantite: null },
      ],
    });
    expect(d.debarrasObjets).toEqual([{ objet: { idObjet: 1 }, quantite: 2, remarque: null }]);
    expect(d).toMatchObject({
      punaises: 'true',
      punaisesDechets: 'true',
      typeDemande: 'TELEPHONE',
      sauvage: '0',
      inclurePrecisionLieu: '1',
    });
  });

  it('propose à la saisie les types téléphone, oral et écrit, pas internet', () => {
    expect(TYPES_DEMANDE_SAISISSABLES).toEqual(['TELEPHONE', 'ORAL', 'ECRIT']);
  });
});

describe('libellés et messages', () => {
  it('nomme les statuts et les actions du journal, « Inconnu » sinon', () => {
    expect(['ACTIF', 'ARCHIVE', 'SUPPRIME', 'AUTRE'].map(libelleStatutDebarras)).toEqual(['Actif', 'Archivé', 'Supprimé', 'Inconnu']);
    expect(['CREATION', 'REAFFECTATION', 'ANONYMISATION', 'toString'].map(libelleTypeJournal)).toEqual([
      'Création',
      'Réaffectation',
      'Anonymisation',
      'Inconnu',
    ]);
  });

  it('numérote AAAA-NNNNN', () => {
    expect(formatNumero(2026, 1)).toBe('2026-00001');
    expect(formatNumero(2026, 32000)).toBe('2026-32000');
  });

  it('reprend les messages de succès de la spécification', () => {
    expect(DEBARRAS_SUCCES.cree('2026-00001')).toBe('Le débarras 2026-00001 a été correctement créé');
    expect(DEBARRAS_SUCCES.supprime('2026-00001')).toBe('Le debarras 2026-00001 a été correctement supprimé');
  });
});

describe('liste des débarras', () => {
  it('trie par date de création décroissante, filtre les actifs, 30 par page', () => {
    expect(DEBARRAS_TRI_DEFAUT).toEqual([{ champ: 'createdDate', sens: 'desc' }]);
    expect(DEBARRAS_FILTRE_DEFAUT).toEqual({ statut: 'ACTIF' });
    expect(DEBARRAS_TAILLE_PAGE).toBe(30);
  });

  it('lit les filtres de la spécification et le tri sur la date de levée', () => {
    const q = debarrasListeSchema.parse({
      statut: 'ACTIF',
      startDateLevee: '2026-01-01',
      idLevee: '4',
      sort: 'levee.dateLevee,desc',
      adresse_adresse: 'Servette',
    });
    expect(q).toMatchObject({
      statut: 'ACTIF',
      startDateLevee: '2026-01-01',
      idLevee: 4,
      adresse_adresse: 'Servette',
      sort: [{ champ: 'levee.dateLevee', sens: 'desc' }],
    });
    expect(debarrasListeSchema.safeParse({ statut: 'PERDU' }).success).toBe(false);
  });

  it('filtre et trie sur le téléphone', () => {
    expect(debarrasListeSchema.parse({ telephone: '079 123', sort: 'telephone,asc' })).toMatchObject({
      telephone: '079 123',
      sort: [{ champ: 'telephone', sens: 'asc' }],
    });
  });
});
