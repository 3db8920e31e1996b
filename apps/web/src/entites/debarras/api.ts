import { debarrasLigneSchema } from '@debarras/domain';
import { lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';

/** The débarras attached to a round: the débarras list, filtered on the levée (its detail's table). */
export const listerDebarrasDeLaLevee = (idLevee: number) => (requete: RequeteListe) =>
  lirePage('debarras/', rechercheListe({ ...requete, filtres: { ...requete.filtres, idLevee } }), debarrasLigneSchema);
