import {
  DEBARRAS_MESSAGES,
  debarrasSaisieSchema,
  exceptionPourLevee,
  peutModifierDebarras,
  peutModifierRemarqueGenerale,
  pleinePourLePersonnel,
  refusLevee,
  type Debarras,
  type DebarrasSaisie,
  type Levee,
  type StatutDebarras,
  type TypeDemande,
} from '@debarras/domain';
import { lignesRenseignees, type LigneObjet } from '../../entites/objet/lignesObjets';

/** The address as the form keeps it: what a débarras stores of the register's address. */
export interface AdresseFormulaire {
  idpAdr: string;
  adresse: string;
  secteur: string | null;
}

/** Everything the débarras form edits, in the payload's own encodings ('0'/'1', 'true'/'false'). */
export interface Valeurs {
  typeDemande: TypeDemande;
  sauvage: '0' | '1';
  adresse: AdresseFormulaire | null;
  levee: Levee | null;
  nomPersonne: string;
  telephone: string;
  email: string;
  precisionLieu: string;
  inclurePrecisionLieu: '0' | '1';
  travaux: string;
  remarqueLieu: string;
  remarqueGenerale: string;
  remarqueObjet: string;
  punaises: 'true' | 'false';
  punaisesDechets: 'true' | 'false';
  pointDepotX: number | null;
  pointDepotY: number | null;
  debarrasObjets: LigneObjet[];
}

/** A new débarras starts ACTIF, TELEPHONE, not sauvage, without punaises, precisions included (docs/regles.md « Fiche débarras »). */
export function valeursInitiales(d?: Debarras): Valeurs {
  return {
    typeDemande: d?.typeDemande ?? 'TELEPHONE',
    sauvage: d?.sauvage ?? '0',
    adresse: d ? { ...d.adresse } : null,
    levee: d?.levee ?? null,
    nomPersonne: d?.nomPersonne ?? '',
    telephone: d?.telephone ?? '',
    email: d?.email ?? '',
    precisionLieu: d?.precisionLieu ?? '',
    inclurePrecisionLieu: d?.inclurePrecisionLieu ?? '1',
    travaux: d?.travaux ?? '',
    remarqueLieu: d?.remarqueLieu ?? '',
    remarqueGenerale: d?.remarqueGenerale ?? '',
    remarqueObjet: d?.remarqueObjet ?? '',
    punaises: d?.punaises ?? 'false',
    punaisesDechets: d?.punaisesDechets ?? 'false',
    pointDepotX: d?.pointDepotX ?? null,
    pointDepotY: d?.pointDepotY ?? null,
    debarrasObjets: (d?.debarrasObjets ?? []).map((l) => ({ objet: { ...l.objet }, quantite: l.quantite, remarque: l.remarque })),
  };
}

/**
 * The levée an address gets (docs/regles.md « Comportement du formulaire »): the first one that can take it (from
 * tomorrow, the domain's `refusLevee`), standard, of the
 * address's sector, with room left — only for a débarras that is not sauvage; otherwise (or if
 * none qualifies) the first one the server returned.
 */
export function choisirLevee(levees: readonly Levee[], secteur: string, sauvage: '0' | '1', jour: string): Levee | null {
  const libre =
    sauvage === '1'
      ? undefined
      : levees.find(
          (l) =>
            !refusLevee(l, { par: 'personnel', jour, nouvelle: true, sauvage: false }) &&
            l.supplementaire === 0 &&
            l.secteur?.libelle === secteur &&
            !pleinePourLePersonnel(l),
        );
  return libre ?? levees[0] ?? null;
}

/** What an address's exception gives the form for a levée's date. */
export type ApportException = NonNullable<ReturnType<typeof exceptionPourLevee>>;

const SANS_EXCEPTION: ApportException = { precisionLieu: '', travaux: '', pointDepotX: null, pointDepotY: null, inclurePrecisionLieu: '1' };
const CHAMPS_EXCEPTION = Object.keys(SANS_EXCEPTION) as Array<keyof ApportException>;

/**
 * The form once the address's exception is applied for the levée's date (docs/regles.md « Comportement du formulaire »):
 * what it gives replaces the fields. Without an active exception there is no depot point (only an exception gives one: the
 * previous address's would be wrong here), and what the previous exception wrote goes too, while what the user typed stays.
 */
export function avecException(valeurs: Valeurs, apport: ApportException | null, precedent: ApportException | null): Valeurs {
  if (apport) return { ...valeurs, ...apport };
  const repris = precedent ? CHAMPS_EXCEPTION.filter((champ) => valeurs[champ] === precedent[champ]) : [];
  return { ...valeurs, ...Object.fromEntries(repris.map((champ) => [champ, SANS_EXCEPTION[champ]])), pointDepotX: null, pointDepotY: null };
}

/** 'Punaises déchets' forces 'punaises' on; unchecking it gives 'punaises' back to the user. */
export function avecPunaisesDechets(valeurs: Valeurs, punaisesDechets: boolean): Valeurs {
  return { ...valeurs, punaisesDechets: punaisesDechets ? 'true' : 'false', punaises: punaisesDechets ? 'true' : valeurs.punaises };
}

/** The body of `POST /debarras`: the record's id and version carried, empty object lines dropped. */
export function versSaisie(valeurs: Valeurs, debarras?: Pick<Debarras, 'idDebarras' | 'version'>): DebarrasSaisie {
  const { adresse, levee, debarrasObjets, ...reste } = valeurs;
  return {
    ...reste,
    ...(debarras ? { idDebarras: debarras.idDebarras, version: debarras.version } : {}),
    adresse: adresse ? { idpAdr: adresse.idpAdr } : undefined,
    levee: levee ? { idLevee: levee.idLevee } : undefined,
    debarrasObjets: lignesRenseignees(debarrasObjets).map((l) => ({
      objet: { idObjet: l.objet.idObjet },
      quantite: l.quantite,
      remarque: l.remarque,
    })),
  } as DebarrasSaisie;
}

export type ChampErreur = 'adresse' | 'levee' | 'nomPersonne' | 'telephone' | 'email' | 'debarrasObjets' | 'autre';

export const CHAMPS_ERREUR: readonly ChampErreur[] = ['adresse', 'levee', 'nomPersonne', 'telephone', 'email', 'debarrasObjets'];

/**
 * The whole entry checked by the domain's schema: each field's first message, as the server would
 * answer. The schema checks the requester and the objects only once address and levée are there,
 * so stand-ins fill them meanwhile: every message shows at once.
 */
export function erreursDe(valeurs: Valeurs): Partial<Record<ChampErreur, string>> {
  const erreurs: Partial<Record<ChampErreur, string>> = {};
  if (!valeurs.adresse) erreurs.adresse = DEBARRAS_MESSAGES.adresseObligatoire;
  if (!valeurs.levee) erreurs.levee = DEBARRAS_MESSAGES.leveeObligatoire;
  const saisie = {
    ...versSaisie(valeurs),
    adresse: { idpAdr: valeurs.adresse?.idpAdr ?? '-' },
    levee: { idLevee: valeurs.levee?.idLevee ?? 1 },
  };
  for (const probleme of debarrasSaisieSchema.safeParse(saisie).error?.issues ?? []) {
    const tete = probleme.path[0] as ChampErreur;
    erreurs[CHAMPS_ERREUR.includes(tete) ? tete : 'autre'] ??= probleme.message;
  }
  return erreurs;
}

/** What a save still needs, in the form's order (the domain's messages, each once): the tooltip and the list shown on a save attempt. */
export const manquantsDe = (erreurs: Partial<Record<ChampErreur, string>>): string[] => [
  ...new Set([...CHAMPS_ERREUR, 'autre' as const].flatMap((champ) => erreurs[champ] ?? [])),
];

export type Raccourci = 'enregistrer' | 'enregistrerNouveau';

/** Ctrl+Enter and Ctrl+S save, Ctrl+Shift+Enter saves then opens a new form (⌘ on a Mac). */
export function raccourciDe(touche: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): Raccourci | null {
  if (!(touche.ctrlKey || touche.metaKey) || touche.altKey) return null;
  if (touche.key === 'Enter') return touche.shiftKey ? 'enregistrerNouveau' : 'enregistrer';
  return touche.key.toLowerCase() === 's' && !touche.shiftKey ? 'enregistrer' : null;
}

/** Whether anything differs from what was loaded (or from a new form's defaults). */
export const estModifie = (initiales: Valeurs, valeurs: Valeurs) => JSON.stringify(initiales) !== JSON.stringify(valeurs);

export interface Droits {
  /** Every field but the general remarks. */
  champs: boolean;
  remarqueGenerale: boolean;
  enregistrer: boolean;
  enregistrerNouveau: boolean;
}

/**
 * What the form lets the user do, by the domain's status rules (docs/regles.md « Statut d'un
 * débarras »): nothing for a read-only user; an ACTIF débarras is editable, an ARCHIVE one only in
 * its general remarks; a pending online booking or a deleted one cannot be saved.
 */
export function droitsDe(statut: StatutDebarras, gerer: boolean): Droits {
  const champs = gerer && peutModifierDebarras(statut);
  const remarqueGenerale = gerer && peutModifierRemarqueGenerale(statut);
  return { champs, remarqueGenerale, enregistrer: remarqueGenerale, enregistrerNouveau: champs };
}
