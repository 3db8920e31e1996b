import { ERREURS } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import { saisieInvalide } from '../erreurs.js';

/**
 * C0 control characters and DEL, but tab, line feed and carriage return (docs/api.md « Saisie »).
 * PostgreSQL cannot store U+0000 at all, and no field of the app has a use for the others: they only
 * arrive by a bad copy-paste or on purpose.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CARACTERE_DE_CONTROLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The most arrays and objects one input may nest (docs/api.md « Saisie »). The deepest body of the
 * app has 4 levels (a booking's object lines); JSON.parse reads thousands, but every walk after it
 * (this file's, the schemas') recurses and would overflow the stack.
 */
export const PROFONDEUR_MAX = 32;

const estConteneur = (valeur: unknown): valeur is object => typeof valeur === 'object' && valeur !== null && !Buffer.isBuffer(valeur);

/** Whether `valeur` nests more than PROFONDEUR_MAX levels: iterative, and stops at the first level too deep. */
function tropProfond(valeur: unknown): boolean {
  const aVoir: [unknown, number][] = [[valeur, 0]];
  for (let suivant = aVoir.pop(); suivant; suivant = aVoir.pop()) {
    const [v, profondeur] = suivant;
    if (!estConteneur(v)) continue;
    if (profondeur >= PROFONDEUR_MAX) return true;
    for (const enfant of Object.values(v)) if (estConteneur(enfant)) aVoir.push([enfant, profondeur + 1]);
  }
  return false;
}

/** Recursive: only called on values tropProfond has bounded. */
function contientCaractereDeControle(valeur: unknown): boolean {
  if (typeof valeur === 'string') return CARACTERE_DE_CONTROLE.test(valeur);
  if (Array.isArray(valeur)) return valeur.some(contientCaractereDeControle);
  if (estConteneur(valeur)) {
    return Object.entries(valeur).some(([cle, v]) => CARACTERE_DE_CONTROLE.test(cle) || contientCaractereDeControle(v));
  }
  return false;
}

/**
 * Every input of every request — path, query, body, the sign-in's included — before any schema reads
 * it: its depth bounded first, then its texts searched for control characters.
 */
export function refuserCaracteresDeControle(app: FastifyInstance) {
  app.addHook('preValidation', async (requete) => {
    const entrees = [requete.params, requete.query, requete.body];
    if (entrees.some(tropProfond)) throw saisieInvalide(ERREURS.imbricationTropProfonde(PROFONDEUR_MAX));
    if (entrees.some(contientCaractereDeControle)) throw saisieInvalide(ERREURS.caractereDeControle);
  });
}
