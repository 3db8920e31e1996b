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
 * What a phone filter looks for: the digits typed, without the leading zeros of a national or
 * `00` prefix, so that « 079 123 », « +41 79 123 » and « 0041 79 123 » all find « 079 123 45 67 »
 * among numbers read as international digits (`telephone_chiffres` in the database). Undefined when
 * nothing but zeros or no digit was typed.
 */
export function chiffresRecherchesTelephone(texte: string): string | undefined {
  const chiffres = texte.replace(/\D/g, '');
  return chiffres.replace(/^0+/, '') || undefined;
}
