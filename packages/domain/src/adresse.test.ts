import { describe, expect, it } from 'vitest';
import { analyserRechercheAdresse } from './adresse.js';

describe("lecture d'une recherche d'adresse", () => {
  it('fait valoir chaque abréviation usuelle aussi pour son mot, et garde les autres mots tels quels', () => {
    expect(analyserRechercheAdresse('Bd Carl-Vogt 50').mots).toEqual([['bd', 'boulevard'], ['carl'], ['vogt'], ['50']]);
    expect(analyserRechercheAdresse('av. de la Paix').mots).toEqual([['av', 'avenue'], ['de'], ['la'], ['paix']]);
    const mots = (q: string) => analyserRechercheAdresse(q).mots.map(([, mot]) => mot);
    expect(mots('ch rte pl r st sq prom q')).toEqual(['chemin', 'route', 'place', 'rue', 'saint', 'square', 'promenade', 'quai']);
    expect(analyserRechercheAdresse('constructor tostring').mots).toEqual([['constructor'], ['tostring']]);
  });

  it('retient les numéros tapés pour classer en tête le numéro exact', () => {
    expect(analyserRechercheAdresse('servette 10A').numeros).toEqual(['10a']);
    expect(analyserRechercheAdresse('servette').numeros).toEqual([]);
  });

  it("lit une ligne postale collée : le NPA classe, la localité qui le suit n'est pas cherchée", () => {
    expect(analyserRechercheAdresse('Rue de Lausanne 12, 1201 Genève')).toMatchObject({
      mots: [['rue'], ['de'], ['lausanne'], ['12']],
      numeros: ['12'],
      npa: '1201',
    });
    expect(analyserRechercheAdresse('Route de Chancy 10, CH-1213 Onex, Suisse')).toMatchObject({ npa: '1213', numeros: ['10'] });
    // a number before any word is not a postal code
    expect(analyserRechercheAdresse('1201 lausanne')).toMatchObject({ npa: undefined, numeros: ['1201'] });
  });

  it('préfère les types de voie que la recherche nomme, sinon la rue', () => {
    expect(analyserRechercheAdresse('place eaux-vives 10').typesVoie).toEqual(['Place']);
    expect(analyserRechercheAdresse('pl eaux-vives 10').typesVoie).toEqual(['Place']);
    expect(analyserRechercheAdresse('r de lausanne').typesVoie).toEqual(['Rue']);
    expect(analyserRechercheAdresse('eaux-vives 10').typesVoie).toEqual(['Rue']);
    expect(analyserRechercheAdresse('ch des mines').typesVoie).toEqual(['Chemin']);
  });
});
