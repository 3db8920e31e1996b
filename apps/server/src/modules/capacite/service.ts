import { ajouterJours, LEVEE_LIBELLES, type CelluleCapacite, type JourCapacite } from '@debarras/domain';
import type { Db } from '../../db/client.js';
import { estJourOuvrable, nomFerie } from '../../joursOuvrables.js';
import { activesEntre } from '../levee/index.js';

/**
 * The board's cells (docs/regles.md « Tableau des capacités »): each ACTIF levée of the period once, in the cell of its
 * day and sector; the supplementary levées of a day in one cell without sector.
 */
export async function cellules(db: Db, du: string, au: string): Promise<CelluleCapacite[]> {
  const parCellule = new Map<string, CelluleCapacite>();
  for (const l of await activesEntre(db, du, au)) {
    const supplementaire = l.supplementaire === 1;
    const idSecteur = supplementaire ? null : l.secteurId;
    const cle = `${l.dateLevee}|${idSecteur ?? ''}`;
    let cellule = parCellule.get(cle);
    if (!cellule) {
      cellule = {
        date: l.dateLevee,
        idSecteur,
        secteur: (supplementaire ? null : l.secteurLibelle) ?? LEVEE_LIBELLES.nomParDefaut,
        levees: [],
      };
      parCellule.set(cle, cellule);
    }
    cellule.levees.push({
      idLevee: l.idLevee,
      supplementaire,
      nbDebarras: l.nbDebarras,
      nbDebarrasMax: l.nbDebarrasMax,
      enAttente: l.enAttente,
      statut: l.statut as CelluleCapacite['levees'][number]['statut'],
    });
  }
  return [...parCellule.values()];
}

/** Each day of the period: a working day of canton Geneva or not, and its public holiday's name. */
export function jours(du: string, au: string): JourCapacite[] {
  const resultat: JourCapacite[] = [];
  for (let jour = du; jour <= au; jour = ajouterJours(jour, 1)) {
    resultat.push({ date: jour, ouvrable: estJourOuvrable(jour), ferie: nomFerie(jour) });
  }
  return resultat;
}
