import type { Permission } from '@debarras/domain';
import type { Base } from '../db/client.js';
import type { Config } from '../config.js';

export interface UtilisateurConnecte {
  idUtilisateur: number;
  username: string;
  displayName: string;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    utilisateur: UtilisateurConnecte | null;
  }
  interface FastifyContextConfig {
    /** Open without a session (login, commune). Every other route needs one. */
    public?: boolean;
    /** The permission of the role matrix (packages/domain) the caller must hold. */
    permission?: Permission;
  }
}

/** What every module receives: the database and the configuration. */
export interface Contexte {
  base: Base;
  config: Config;
}
