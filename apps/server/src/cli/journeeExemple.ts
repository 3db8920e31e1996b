// The golden day of documents/exemple.ts with its rounds computed as the server does: the example documents
// (`npm run documents:exemple`) and the bench's rendering alone print it without a database.
import { lireDepot, TOURNEE_DEPOT_DEFAUT } from '@debarras/domain';
import { etendueDeTournee, pointsDeTournee, type TourneeFeuille } from '../documents/index.js';
import { journeeExemple } from '../documents/exemple.js';
import { fondDansEtendue, lireFond } from '../modules/carte/index.js';
import { calculerTournee } from '../modules/tournee/index.js';

/** The example day, its rounds from the demonstration's depot in straight lines, each map on the embedded base map. */
export async function journeeExempleAvecTournees(jour: string, secteurs: string[], parLevee: number, max?: number) {
  const exemple = journeeExemple(jour, secteurs, parLevee, max);
  const fond = await lireFond(new Map());
  const reglages = { depot: lireDepot(TOURNEE_DEPOT_DEFAUT)!, routageUrl: undefined };
  const tournees = new Map<number, TourneeFeuille>();
  for (const l of exemple.levees) {
    const tournee = await calculerTournee(
      exemple.arrets.filter((a) => a.idLevee === l.idLevee),
      null,
      reglages,
    );
    tournees.set(l.idLevee, { tournee, fond: fondDansEtendue(fond, etendueDeTournee(pointsDeTournee(tournee)), exemple.rues) });
  }
  return { ...exemple, tournees };
}
