import { ajouterJours, aujourdhui, DEBARRAS_MESSAGES, type Debarras, type Levee } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import {
  avecException,
  avecPunaisesDechets,
  choisirLevee,
  droitsDe,
  erreursDe,
  estModifie,
  manquantsDe,
  raccourciDe,
  valeursInitiales,
  versSaisie,
  type ApportException,
  type Valeurs,
} from './formulaire';
import type { LigneObjet } from '../../entites/objet/lignesObjets';
import { uneLevee } from '../../test/fabriques';

const JOUR = '2026-03-10';
const SECTEUR = 'Secteur 2 - Servette / Saint-Jean / Charmilles';
const levee = (idLevee: number, valeurs: Partial<Levee> = {}): Levee =>
  uneLevee({ idLevee, dateLevee: '2026-03-11', nbDebarras: 3, ...valeurs });
const ligne = (idObjet: number, quantite: number, remarque: string | null = null): LigneObjet => ({
  objet: { idObjet, libelle: `Objet ${idObjet}` },
  quantite,
  remarque,
});
const complet = (change: Partial<Valeurs> = {}): Valeurs => ({
  ...valeursInitiales(),
  adresse: { idpAdr: '6621000101', adresse: 'Rue de la Servette 12', secteur: SECTEUR },
  levee: levee(5),
  nomPersonne: 'Mme Favre',
  telephone: '022 418 00 00',
  debarrasObjets: [ligne(1, 2)],
  ...change,
});

describe("choix de la levée d'une adresse", () => {
  it('prend la première levée standard du secteur, à partir de demain, qui a encore de la place', () => {
    const levees = [
      levee(1, { dateLevee: '2026-03-09' }),
      levee(2, { supplementaire: 1, secteur: null, name: 'Escalade' }),
      levee(3, { secteur: { id: 4, libelle: 'Secteur 4' } }),
      levee(4, { nbDebarras: 30 }),
      levee(5, { dateLevee: '2026-03-12' }),
      levee(6, { dateLevee: '2026-03-13' }),
    ];
    expect(choisirLevee(levees, SECTEUR, '0', JOUR)?.idLevee).toBe(5);
  });

  it('ne propose pas la levée du jour, dont les feuilles de route sont parties, la règle du serveur', () => {
    expect(choisirLevee([levee(11, { dateLevee: JOUR }), levee(12)], SECTEUR, '0', JOUR)?.idLevee).toBe(12);
    expect(choisirLevee([levee(13, { dateLevee: '2026-03-11', statut: 'ARCHIVE' }), levee(14)], SECTEUR, '0', JOUR)?.idLevee).toBe(14);
  });

  it('ne laisse pas les réservations en ligne en attente de validation écarter une levée', () => {
    expect(choisirLevee([levee(4, { nbDebarras: 28, nbReservationsEnCours: 2 }), levee(5)], SECTEUR, '0', JOUR)?.idLevee).toBe(4);
  });

  it('prend la première levée rendue quand aucune ne convient, et toujours pour un débarras sauvage', () => {
    const pleines = [levee(7, { nbDebarras: 30 }), levee(8, { nbDebarras: 31 })];
    expect(choisirLevee(pleines, SECTEUR, '0', JOUR)?.idLevee).toBe(7);
    expect(choisirLevee([levee(9, { supplementaire: 1 }), levee(10)], SECTEUR, '1', JOUR)?.idLevee).toBe(9);
    expect(choisirLevee([], SECTEUR, '0', JOUR)).toBeNull();
  });
});

describe('règles du formulaire', () => {
  it('un nouveau débarras part actif, par téléphone, non sauvage, sans punaises, précisions incluses', () => {
    expect(valeursInitiales()).toMatchObject({
      typeDemande: 'TELEPHONE',
      sauvage: '0',
      punaises: 'false',
      punaisesDechets: 'false',
      inclurePrecisionLieu: '1',
      adresse: null,
      levee: null,
    });
  });

  it("« punaises déchets » force « punaises » et le rend à l'utilisateur une fois décoché", () => {
    const coche = avecPunaisesDechets(complet(), true);
    expect(coche).toMatchObject({ punaises: 'true', punaisesDechets: 'true' });
    expect(avecPunaisesDechets(coche, false)).toMatchObject({ punaises: 'true', punaisesDechets: 'false' });
  });

  it("envoie l'identifiant et la version, sans les lignes d'objets vides", () => {
    const saisie = versSaisie(complet({ debarrasObjets: [ligne(1, 2, 'lourd'), ligne(2, 0)] }), { idDebarras: 12, version: 3 });
    expect(saisie).toMatchObject({ idDebarras: 12, version: 3, adresse: { idpAdr: '6621000101' }, levee: { idLevee: 5 } });
    expect(saisie.debarrasObjets).toEqual([{ objet: { idObjet: 1 }, quantite: 2, remarque: 'lourd' }]);
    expect(versSaisie(complet())).not.toHaveProperty('idDebarras');
  });

  it('donne tous les messages de validation de la spécification à la fois', () => {
    expect(erreursDe(valeursInitiales())).toEqual({
      adresse: DEBARRAS_MESSAGES.adresseObligatoire,
      levee: DEBARRAS_MESSAGES.leveeObligatoire,
      nomPersonne: DEBARRAS_MESSAGES.nomObligatoire,
      telephone: DEBARRAS_MESSAGES.contactObligatoire,
      debarrasObjets: DEBARRAS_MESSAGES.objetObligatoire,
    });
    expect(erreursDe(complet())).toEqual({});
    expect(erreursDe(complet({ telephone: '', email: 'x@' }))).toEqual({ email: DEBARRAS_MESSAGES.emailInvalide });
    expect(erreursDe(complet({ sauvage: '1', nomPersonne: '', telephone: '' }))).toEqual({});
    expect(erreursDe(complet({ debarrasObjets: [ligne(1, 0)] }))).toEqual({
      debarrasObjets: DEBARRAS_MESSAGES.objetObligatoire,
    });
  });

  it('voit si quelque chose a changé', () => {
    const d = { ...complet(), levee: levee(5, { dateLevee: ajouterJours(aujourdhui(), 2) }) };
    expect(estModifie(d, { ...d })).toBe(false);
    expect(estModifie(d, { ...d, remarqueGenerale: 'x' })).toBe(true);
  });

  it("ne laisse modifier qu'un débarras actif, ou les remarques générales d'un archivé, et rien en lecture seule", () => {
    expect(droitsDe('ACTIF', true)).toEqual({ champs: true, remarqueGenerale: true, enregistrer: true, enregistrerNouveau: true });
    expect(droitsDe('ARCHIVE', true)).toEqual({ champs: false, remarqueGenerale: true, enregistrer: true, enregistrerNouveau: false });
    for (const statut of ['SUPPRIME', 'EN_ATTENTE_VALIDATION'] as const) {
      expect(droitsDe(statut, true)).toEqual({ champs: false, remarqueGenerale: false, enregistrer: false, enregistrerNouveau: false });
    }
    expect(droitsDe('ACTIF', false)).toEqual({ champs: false, remarqueGenerale: false, enregistrer: false, enregistrerNouveau: false });
  });

  it('reprend un débarras enregistré tel quel', () => {
    const d = {
      sauvage: '1',
      typeDemande: 'ORAL',
      adresse: { idpAdr: 'a', adresse: 'Rue A 1', secteur: null },
      levee: levee(5),
      nomPersonne: null,
      telephone: null,
      email: 'a@b.ch',
      precisionLieu: null,
      inclurePrecisionLieu: '0',
      travaux: 'Échafaudage',
      remarqueLieu: null,
      remarqueGenerale: null,
      remarqueObjet: null,
      punaises: 'true',
      punaisesDechets: 'false',
      pointDepotX: null,
      pointDepotY: null,
      debarrasObjets: [],
    } as unknown as Debarras;
    expect(valeursInitiales(d)).toMatchObject({
      sauvage: '1',
      typeDemande: 'ORAL',
      nomPersonne: '',
      email: 'a@b.ch',
      inclurePrecisionLieu: '0',
      travaux: 'Échafaudage',
      punaises: 'true',
    });
  });

  it('liste ce qui manque pour enregistrer, dans l’ordre des champs et chaque message une fois', () => {
    expect(manquantsDe(erreursDe(valeursInitiales()))).toEqual([
      DEBARRAS_MESSAGES.adresseObligatoire,
      DEBARRAS_MESSAGES.leveeObligatoire,
      DEBARRAS_MESSAGES.nomObligatoire,
      DEBARRAS_MESSAGES.contactObligatoire,
      DEBARRAS_MESSAGES.objetObligatoire,
    ]);
    expect(manquantsDe(erreursDe(complet()))).toEqual([]);
    expect(manquantsDe({ email: 'a', autre: 'a' })).toEqual(['a']);
  });

  it('reconnaît les raccourcis : Ctrl+Entrée et Ctrl+S enregistrent, Ctrl+Maj+Entrée enregistre puis ouvre un formulaire vierge', () => {
    const touche = (key: string, mod: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
      raccourciDe({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mod });
    expect(touche('Enter', { ctrlKey: true })).toBe('enregistrer');
    expect(touche('s', { ctrlKey: true })).toBe('enregistrer');
    expect(touche('S', { metaKey: true })).toBe('enregistrer');
    expect(touche('Enter', { ctrlKey: true, shiftKey: true })).toBe('enregistrerNouveau');
    expect(touche('Enter')).toBeNull();
    expect(touche('s')).toBeNull();
    expect(touche('S', { ctrlKey: true, shiftKey: true })).toBeNull();
    expect(touche('Enter', { ctrlKey: true, altKey: true })).toBeNull();
  });
});

describe("exception de l'adresse", () => {
  const apport: ApportException = {
    precisionLieu: 'Sonner chez la concierge',
    travaux: 'Trottoir fermé',
    pointDepotX: 2499090,
    pointDepotY: 1118960,
    inclurePrecisionLieu: '0',
  };

  it("remplace précisions, travaux, point et inclusion par ce que donne l'exception", () => {
    const valeurs = avecException(complet({ precisionLieu: 'Code 4521', pointDepotX: 1, pointDepotY: 2 }), apport, null);
    expect(valeurs).toEqual(complet(apport));
  });

  it("sans exception, retire le point de dépôt et ce que l'exception précédente avait écrit, garde ce qui a été tapé", () => {
    const valeurs = avecException(complet({ ...apport, precisionLieu: 'Code 4521' }), null, apport);
    expect(valeurs).toEqual(
      complet({ precisionLieu: 'Code 4521', travaux: '', pointDepotX: null, pointDepotY: null, inclurePrecisionLieu: '1' }),
    );
  });

  it("sans exception ni exception précédente, ne garde que les textes : le point venait d'une autre adresse", () => {
    const valeurs = avecException(
      complet({ precisionLieu: 'Code 4521', travaux: 'Échafaudage', pointDepotX: 1, pointDepotY: 2 }),
      null,
      null,
    );
    expect(valeurs).toEqual(complet({ precisionLieu: 'Code 4521', travaux: 'Échafaudage' }));
  });
});
