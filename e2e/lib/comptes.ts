export const MOT_DE_PASSE_E2E = 'e2e-mot-de-passe';
export type Compte = 'lecture' | 'gestion' | 'admin' | 'technique';
