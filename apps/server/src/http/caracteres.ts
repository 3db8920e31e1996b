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

function contientCaractereDeControle(valeur: unknown): boolean {
  if (typeof valeur === 'string') return CARACTERE_DE_CONTROLE.test(valeur);
  if (Array.isArray(valeur)) return valeur.some(contientCaractereDeControle);
  if (valeur && typeof valeur === 'object' && !Buffer.isBuffer(valeur)) {
    return Object.entries(valeur).some(([cle, v]) => CARACTERE_DE_CONTROLE.test(cle) || contientCaractereDeControle(v));
  }
  return false;
}

/** Every text of every request — path, query, body, the sign-in's included — before any schema reads it. */
export function refuserCaracteresDeControle(app: FastifyInstance) {
  app.addHook('preValidation', async (requete) => {
    if ([requete.params, requete.query, requete.body].some(contientCaractereDeControle)) {
      throw saisieInvalide(ERREURS.caractereDeControle);
    }
  });
}
