/** Why a server is not ready to serve (`GET sante/pret`, docs/exploitation.md « Santé et équilibreur de charge »). */
export const RAISONS_INDISPONIBLE = ['BASE_INJOIGNABLE', 'SCHEMA_EN_RETARD', 'ARRET_EN_COURS'] as const;
export type RaisonIndisponible = (typeof RAISONS_INDISPONIBLE)[number];

export const SANTE_MESSAGES: Record<RaisonIndisponible, string> = {
  BASE_INJOIGNABLE: 'La base de données ne répond pas.',
  SCHEMA_EN_RETARD: 'La base de données n’est pas encore au schéma de cette version (migration en cours ou à faire).',
  ARRET_EN_COURS: 'Le serveur s’arrête : il termine les requêtes en cours et n’en accepte plus de nouvelles.',
};
