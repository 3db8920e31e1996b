import { parsePhoneNumberFromString } from 'libphonenumber-js';

export const TELEPHONE_MESSAGES = {
  invalide: "Le numéro de téléphone n'est pas valide.",
} as const;

/**
 * A phone number as it is stored (docs/regles.md « Validation d'un débarras »): a Swiss number in
 * the national form callers read out (« 079 123 45 67 »), any other in international form
 * (« +33 1 23 45 67 89 »). A number without a country code is Swiss. Undefined when the text is
 * not a possible number of its country: the whole field must be the number, so that nothing typed
 * beside it (« le soir ») is silently dropped.
 */
export function normaliserTelephone(texte: string): string | undefined {
  const numero = parsePhoneNumberFromString(texte, { defaultCountry: 'CH', extract: false });
  if (!numero?.isValid()) return undefined;
  return numero.country === 'CH' ? numero.formatNational() : numero.formatInternational();
}

/**
 * The digits that tell a phone number apart, whatever its form, as `telephone_chiffres` reads the
 * stored numbers in the database (migration 0008): a Swiss number's national digits without its 0
 * (« 079 123 45 67 », « +41 79 123 45 67 », « 0041 79… » → « 791234567 »), any other number `00`
 * and its international digits (« +33 1 23… » → « 0033123… »). Typed in a filter, a fragment
 * without a country code loses its leading zeros: « 079 123 » finds « 791234567 », « 01 23 45 67 89 »
 * finds « 0033123456789 ». Undefined when no digit but zeros was typed.
 */
export function chiffresRecherchesTelephone(texte: string): string | undefined {
  const chiffres = texte.replace(/\D/g, '');
  const international = /^\s*\+/.test(texte) ? chiffres : chiffres.startsWith('00') ? chiffres.slice(2) : undefined;
  const cle =
    international === undefined
      ? chiffres.replace(/^0+/, '')
      : international.startsWith('41')
        ? international.slice(2).replace(/^0+/, '')
        : `00${international}`;
  return /[1-9]/.test(cle) ? cle : undefined;
}
