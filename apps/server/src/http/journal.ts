import type { FastifyServerOptions } from 'fastify';

/** What the log keeps of a database error: its SQLSTATE and where, never the query, its parameters or the values in its message. */
interface ErreurBase {
  code?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
}

function erreurBaseDe(erreur: unknown): ErreurBase | undefined {
  const e = erreur as { query?: unknown; cause?: unknown; code?: unknown };
  // Drizzle wraps the driver's error, whose message may quote a value ("invalid input syntax … : "x"")
  if (e && typeof e === 'object' && 'query' in e) return (e.cause ?? {}) as ErreurBase;
  if (e && typeof e === 'object' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as ErreurBase;
  return undefined;
}

const lignesDePile = (pile: string | undefined) =>
  (pile ?? '')
    .split('\n')
    .filter((ligne) => ligne.trimStart().startsWith('at '))
    .join('\n');

/**
 * Logs carry no personal data and no SQL parameters (docs/exploitation.md « Journal du serveur »):
 * a request is logged by its method and its route's pattern (`/debarras/:id`), never the values of
 * its path or query (the lists' filters hold names, addresses and phone numbers), and a database
 * error by its SQLSTATE, table and constraint only.
 */
export const serialiseursJournal: NonNullable<Exclude<FastifyServerOptions['logger'], boolean>>['serializers'] = {
  req: (requete: { method: string; ip?: string; id?: string; routeOptions?: { url?: string } }) => ({
    id: requete.id,
    method: requete.method,
    route: requete.routeOptions?.url ?? '(aucune route)',
    remoteAddress: requete.ip,
  }),
  err: (erreur: Error) => {
    const base = erreurBaseDe(erreur);
    if (base) {
      return {
        type: 'ErreurBaseDeDonnees',
        message: `Erreur de la base de données ${base.code ?? ''}`.trim(),
        code: base.code,
        table: base.table,
        column: base.column,
        constraint: base.constraint,
        routine: base.routine,
        stack: lignesDePile(erreur.stack),
      };
    }
    return { type: erreur.name, message: erreur.message, stack: erreur.stack ?? '' };
  },
};

/**
 * The server lacks room or resources for now, not the request's fault: PostgreSQL's class 53 (insufficient
 * resources: 53100 disk full, 53200 out of memory, 53300 too many connections), or the system's full disk or
 * quota (ENOSPC, EDQUOT), met anywhere in the chain of causes (a driver's or a library's wrapping).
 */
export function estManqueDeRessources(erreur: unknown): boolean {
  let e = erreur as { code?: unknown; cause?: unknown } | undefined;
  for (let profondeur = 0; e && typeof e === 'object' && profondeur < 5; profondeur++) {
    if (typeof e.code === 'string' && (/^53[0-9A-Z]{3}$/.test(e.code) || e.code === 'ENOSPC' || e.code === 'EDQUOT')) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** SQLSTATE classes of a value the database refuses (22: data exception, 54: program limit exceeded). */
export const estRefusDeValeur = (erreur: unknown) => /^(22|54)/.test(erreurBaseDe(erreur)?.code ?? '');
