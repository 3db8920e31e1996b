import {
  JOURS_RECURRENCE,
  joursDeRecurrence,
  recurrenceSaisieSchema,
  type JourRecurrence,
  type Recurrence,
  type RecurrenceSaisie,
} from '@debarras/domain';
import { lignesRenseignees, type LigneObjet } from '../../entites/objet/lignesObjets';

/**
 * What the form's fields hold, in plain values that compare with the saved record: the address as its
 * id and its label, the days as the payload's « lundi,jeudi », the status as 1/0. The object lines are
 * kept beside the form (the modal edits them).
 */
export interface ValeursRecurrence {
  idpAdr: string;
  adresse: string;
  recurrence: string;
  dateDebut: string | null;
  dateFin: string | null;
  remarque: string;
  remarqueObjet: string;
  actif: 0 | 1;
  nomPersonne: string;
  telephone: string;
  email: string;
}

/** The fields whose message comes from the domain's schema, named as in the payload. */
export type ChampRecurrence =
  'adresse' | 'recurrence' | 'dateDebut' | 'dateFin' | 'remarque' | 'remarqueObjet' | 'nomPersonne' | 'telephone' | 'email';

/** A new récurrence is active (docs/regles.md « Récurrences »). */
export const versValeurs = (r: Recurrence | undefined): ValeursRecurrence => ({
  idpAdr: r?.adresse.idpAdr ?? '',
  adresse: r?.adresse.adresse ?? '',
  recurrence: joursCoches(joursDeRecurrence(r?.recurrence)),
  dateDebut: r?.dateDebut ?? null,
  dateFin: r?.dateFin ?? null,
  remarque: r?.remarque ?? '',
  remarqueObjet: r?.remarqueObjet ?? '',
  actif: r && !r.isActif ? 0 : 1,
  nomPersonne: r?.nomPersonne ?? '',
  telephone: r?.telephone ?? '',
  email: r?.email ?? '',
});

/** The days ticked, stored Monday to Friday whatever the order they were ticked in. */
export const joursCoches = (jours: readonly JourRecurrence[]) => JOURS_RECURRENCE.filter((j) => jours.includes(j)).join(',');

export const lignesDe = (r: Recurrence | undefined): LigneObjet[] =>
  (r?.recurrenceObjets ?? []).map((l) => ({ objet: { ...l.objet }, quantite: l.quantite, remarque: l.remarque }));

/** The body of `POST /recurrence`: the record's id and version carried, empty object lines dropped. */
export const versSaisie = (
  valeurs: ValeursRecurrence,
  lignes: readonly LigneObjet[],
  recurrence: Pick<Recurrence, 'idRecurrence' | 'version'> | undefined,
): RecurrenceSaisie => ({
  ...(recurrence ? { idRecurrence: recurrence.idRecurrence, version: recurrence.version } : {}),
  adresse: { idpAdr: valeurs.idpAdr },
  recurrence: valeurs.recurrence,
  dateDebut: valeurs.dateDebut ?? '',
  dateFin: valeurs.dateFin,
  remarque: valeurs.remarque,
  remarqueObjet: valeurs.remarqueObjet,
  isActif: valeurs.actif === 1,
  nomPersonne: valeurs.nomPersonne,
  telephone: valeurs.telephone,
  email: valeurs.email,
  recurrenceObjets: lignesRenseignees(lignes).map((l) => ({
    objet: { idObjet: l.objet.idObjet },
    quantite: l.quantite,
    remarque: l.remarque,
  })),
});

/** An entry the schema accepts, on which one field at a time is tried. */
const TEMOIN: RecurrenceSaisie = { adresse: { idpAdr: '-' }, recurrence: JOURS_RECURRENCE[0], dateDebut: '2000-01-01', dateFin: null };

/**
 * The message the domain's schema gives a field, the one the server would answer. The field is tried
 * alone (the end date with the start it follows): the schema checks the dates' order only once everything
 * else passes, and each field shows its message at once.
 */
export function messageDuChamp(valeurs: ValeursRecurrence, champ: ChampRecurrence): string | undefined {
  const saisie = versSaisie(valeurs, [], undefined);
  const essai = { ...TEMOIN, [champ]: saisie[champ], ...(champ === 'dateFin' ? { dateDebut: saisie.dateDebut } : {}) };
  return recurrenceSaisieSchema.safeParse(essai).error?.issues.find((i) => i.path[0] === champ)?.message;
}

/** Whether a save changes the récurrence's address, which its débarras hold too. */
export const adresseChange = (saisie: RecurrenceSaisie, r: Recurrence) => saisie.adresse.idpAdr !== r.adresse.idpAdr;

/** Whether a save changes what the récurrence's débarras hold: address, requester, remarks or object lines. */
export function contenuDesDebarrasChange(saisie: RecurrenceSaisie, r: Recurrence) {
  const texte = (v: string | null | undefined) => (v ?? '').trim();
  const lignes = (l: ReadonlyArray<{ objet: { idObjet: number }; quantite?: number | null; remarque?: string | null }>) =>
    JSON.stringify(l.map((o) => [o.objet.idObjet, o.quantite, texte(o.remarque)]).sort());
  return (
    adresseChange(saisie, r) ||
    (['nomPersonne', 'telephone', 'email', 'remarque', 'remarqueObjet'] as const).some((c) => texte(saisie[c]) !== texte(r[c])) ||
    lignes(saisie.recurrenceObjets ?? []) !== lignes(r.recurrenceObjets)
  );
}
