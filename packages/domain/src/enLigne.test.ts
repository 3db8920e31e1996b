import { describe, expect, it } from 'vitest';
import { minutesDuJour } from './dates.js';
import {
  dateLisible,
  modifiableEnLigne,
  premiereDateEnLigne,
  saisieReservationEnLigneSchema,
  TEXTES_EN_LIGNE,
  texteEnLigne,
  refusAvecValeurs,
} from './enLigne.js';

describe('réservation en ligne', () => {
  it('propose le surlendemain jusqu’à l’heure limite (heure de Genève), puis le jour d’après', () => {
    // 18.11.2026, 11:59 and 12:00 in Geneva (UTC+1)
    expect(premiereDateEnLigne(new Date('2026-11-18T10:59:00Z'), '12:00')).toBe('2026-11-20');
    expect(premiereDateEnLigne(new Date('2026-11-18T11:00:00Z'), '12:00')).toBe('2026-11-21');
    // summer time (UTC+2), and a limit that is not an hour falls back on 12:00
    expect(premiereDateEnLigne(new Date('2026-07-01T09:59:00Z'), 'midi')).toBe('2026-07-03');
    expect(premiereDateEnLigne(new Date('2026-07-01T10:00:00Z'), '12:00')).toBe('2026-07-04');
  });

  it('lit une heure HH:MM des paramètres en minutes, et rien de ce qui n’en est pas une', () => {
    expect(minutesDuJour(' 12:00 ')).toBe(720);
    expect(minutesDuJour('7:05')).toBe(425);
    expect(minutesDuJour('23:59')).toBe(1439);
    for (const faux of ['24:00', '12:60', '99:99', 'midi', '', '12h00']) expect(minutesDuJour(faux), faux).toBeUndefined();
  });

  it('laisse changer une réservation tant que sa date serait encore proposée, et qu’elle n’est ni annulée ni libérée', () => {
    const matin = premiereDateEnLigne(new Date('2026-11-18T09:00:00Z'), '12:00');
    expect(modifiableEnLigne('EN_ATTENTE_VALIDATION', '2026-11-20', matin)).toBe(true);
    expect(modifiableEnLigne('ACTIF', '2026-11-19', matin)).toBe(false);
    expect(modifiableEnLigne('ACTIF', '2026-11-20', premiereDateEnLigne(new Date('2026-11-18T12:00:00Z'), '12:00'))).toBe(false);
    expect(modifiableEnLigne('SUPPRIME', '2026-11-20', matin)).toBe(false);
  });

  it('dit chaque message dans la langue du résident, et laisse un texte qui n’est pas une clé tel quel', () => {
    expect(texteEnLigne('en', 'complet')).toBe(TEXTES_EN_LIGNE.en.complet);
    expect(texteEnLigne('fr', 'complet')).toBe(TEXTES_EN_LIGNE.fr.complet);
    expect(texteEnLigne('en', 'Un message du serveur')).toBe('Un message du serveur');
    expect(dateLisible('2026-11-20', 'fr')).toBe('vendredi 20 novembre 2026');
    expect(dateLisible('2026-11-20', 'en')).toBe('Friday 20 November 2026');
  });

  it('écrit l’adresse de l’e-mail pour tout type de voie, et liste les objets avec leur quantité', () => {
    for (const adresse of ['Rue de Carouge 40', 'Avenue de France 12', 'Chemin des Crêts 3', 'Place du Molard 1', 'Quai du Seujet 8']) {
      const p = { nom: 'Élise', date: 'vendredi 20 novembre 2026', adresse, objets: ['2 × Canapé', '1 × Chaise'], consignes: '' };
      const fr = TEXTES_EN_LIGNE.fr.corpsValidation({ ...p, lienValidation: 'v', lienReservation: 'r', minutes: 120 });
      expect(fr).toContain(`le vendredi 20 novembre 2026, à l’adresse ${adresse}.\nObjets :\n- 2 × Canapé\n- 1 × Chaise\n`);
      expect(TEXTES_EN_LIGNE.fr.corpsRappel(p)).toContain(`à l’adresse ${adresse} a lieu`);
      expect(TEXTES_EN_LIGNE.en.corpsRappel(p)).toContain('Items:\n- 2 × Canapé\n- 1 × Chaise');
    }
  });

  it('écrit un refus avec ses valeurs dans la langue du résident, la date comprise', () => {
    const message = refusAvecValeurs('doublon', '2026-11-20', '022 418 50 00');
    expect(texteEnLigne('fr', message)).toBe(
      'Une levée est déjà prévue le vendredi 20 novembre 2026 à cette adresse pour ce numéro de téléphone ou cette adresse e-mail. Pour la modifier, utilisez le lien reçu par e-mail, ou appelez le service au 022 418 50 00.',
    );
    expect(texteEnLigne('en', message)).toContain('on Friday 20 November 2026 at this address');
    expect(texteEnLigne('en', message)).toContain('call the service on 022 418 50 00.');
    expect(texteEnLigne('fr', 'complet|valeur')).toBe('complet|valeur');
  });

  it('exige nom, e-mail valable, un objet au moins et l’accord, et refuse un objet en double', () => {
    const valide = {
      session: 'abcdefghijklmnop',
      idpAdr: 'A1',
      idLevee: 1,
      objets: [{ idObjet: 1, quantite: 1 }],
      nom: 'Élise',
      email: 'elise@exemple.ch',
      consentement: true,
    };
    expect(saisieReservationEnLigneSchema.safeParse(valide).success).toBe(true);
    const premierMessage = (v: object) => saisieReservationEnLigneSchema.safeParse(v).error?.issues[0]?.message;
    expect(premierMessage({ ...valide, email: 'non' })).toBe('emailInvalide');
    expect(premierMessage({ ...valide, consentement: false })).toBe('consentementObligatoire');
    expect(premierMessage({ ...valide, objets: [] })).toBe('objetObligatoire');
    expect(
      premierMessage({
        ...valide,
        objets: [
          { idObjet: 1, quantite: 1 },
          { idObjet: 1, quantite: 2 },
        ],
      }),
    ).toBe('objetEnDouble');
    expect(premierMessage({ ...valide, telephone: '12' })).toBe('telephoneInvalide');
  });
});
