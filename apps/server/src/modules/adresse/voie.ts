import { TYPES_VOIE } from '@debarras/domain';

const TYPE_PAR_FORME = new Map<string, string>(TYPES_VOIE.map((t) => [t.toLowerCase(), t]));

/** Link words, longest first so that "de la" wins over "de". Always lower case in official labels. */
const LIANTS = ['de la ', "de l'", 'à la ', "à l'", 'des ', 'du ', 'de ', "d'", 'aux ', 'au '];

export interface Voie {
  typeVoie: string | null;
  liant: string | null;
  nomVoie: string;
}

/**
 * Splits an official street label into type, link word and name, the way the SITG stores them:
 * 'Rue de la Servette' → Rue / de la / Servette, 'Avenue d'Aïre' → Avenue / d' / Aïre,
 * 'Boulevard Carl-Vogt' → Boulevard / – / Carl-Vogt, 'Grand-Rue' → – / – / Grand-Rue.
 */
export function decouperVoie(libelle: string): Voie {
  const texte = libelle.replace(/[’ʼ]/g, "'").replace(/\s+/g, ' ').trim();
  const espace = texte.indexOf(' ');
  const type = espace > 0 ? TYPE_PAR_FORME.get(texte.slice(0, espace).toLowerCase()) : undefined;
  if (!type) return { typeVoie: null, liant: null, nomVoie: texte };
  const reste = texte.slice(espace + 1);
  const liant = LIANTS.find((l) => reste.startsWith(l) && reste.length > l.length);
  if (!liant) return { typeVoie: type, liant: null, nomVoie: reste };
  return { typeVoie: type, liant: liant.trim(), nomVoie: reste.slice(liant.length) };
}
