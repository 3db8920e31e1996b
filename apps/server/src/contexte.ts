import type { Permission } from '@debarras/domain';
import type { Base } from './db/client.js';
import type { Config } from './config.js';
import type { Courrier } from './courriel.js';
import type { Horloge } from './horloge.js';
import type { Taches } from './jobs/taches.js';
import type { UtilisateurConnecte } from './modules/session/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    utilisateur: UtilisateurConnecte | null;
    /** The database snapshot the session was read under, for `memoriser` (db/memoire.ts). */
    instantane: string | undefined;
  }
  interface FastifyContextConfig {
    /** Open without a session (login, commune). Every other route needs one. */
    public?: boolean;
    /** The permission of the role matrix (packages/domain) the caller must hold. */
    permission?: Permission;
  }
}

/** What every module receives: the database, the configuration, the clock, the mail and the scheduled jobs. */
export interface Contexte {
  base: Base;
  config: Config;
  horloge: Horloge;
  courrier: Courrier;
  taches: Taches;
}
