/*
 * The result codes and the link's default hours alone, apart from the crews' texts: the débarras's detail and the
 * parameters read them, and with them the back-office's first load, which the texts would weigh down
 * (docs/performance.md « Application web (premier chargement) »).
 */

/** What a crew found at a stop, from the phone (or from staff afterwards). */
export const RESULTATS = ['LEVE', 'PARTIEL', 'ABSENT', 'INACCESSIBLE', 'REFUSE'] as const;
export type CodeResultat = (typeof RESULTATS)[number];

export const RESULTAT_LIBELLES: Record<CodeResultat, string> = {
  LEVE: 'Levé',
  PARTIEL: 'Partiellement levé',
  ABSENT: 'Rien à lever',
  INACCESSIBLE: 'Accès impossible',
  REFUSE: 'Refusé, non conforme',
};

/** The débarras list's « Résultat » filter: a code, or `AUCUN` for a stop without result on its levée. */
export const FILTRES_RESULTAT = [...RESULTATS, 'AUCUN'] as const;
export type FiltreResultat = (typeof FILTRES_RESULTAT)[number];
/** Why a débarras is to be planned again: what the crew found, or `AUCUN` when its levée passed without a result. */
export const MOTIFS_NON_LEVE = ['PARTIEL', 'ABSENT', 'INACCESSIBLE', 'REFUSE', 'AUCUN'] as const;
export type MotifNonLeve = (typeof MOTIFS_NON_LEVE)[number];

export const FILTRE_RESULTAT_LIBELLES: Record<FiltreResultat, string> = { ...RESULTAT_LIBELLES, AUCUN: 'Aucun résultat' };

/** Hours after the levée day starts (00:00, Geneva) until its crews' link expires: `tournee.lien.heures`. */
export const LIEN_EQUIPE_HEURES_DEFAUT = 36;
