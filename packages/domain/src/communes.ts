export const CODE_COMMUNE_VILLE_DE_GENEVE = 6621;
export const COMMUNE_NON_DEFINIE = 'Commune non définie';

export interface Commune {
  label: string;
  exists: boolean;
  code: number;
}
