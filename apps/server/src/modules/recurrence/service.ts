import {
  exceptionPourLevee,
  jourDeSemaine,
  joursDeRecurrence,
  refusLevee,
  tientDansLeMax,
  type JourRecurrence,
  DOMAINES_EVENEMENT,
  RECURRENCE_MESSAGES,
  RECURRENCE_TACHE_MESSAGES,
  type Page,
  type Recurrence,
  type RecurrenceApercu,
  type RecurrenceEnregistree,
  type RecurrenceLigne,
  type recurrenceSaisieSchema,
} from '@debarras/domain';
import type { z } from 'zod';
import { ouIntrouvable } from '../../db/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { saisieInvalide } from '../../erreurs.js';
import { secteursDe, trouver as trouverAdresse } from '../adresse/index.js';
import { exceptionsActives } from '../adresseException/index.js';
import { appliquerRecurrence, combienACollecter, creerRecurrents, retirerRecurrents, type DebarrasRecurrent } from '../debarras/index.js';
import { standardsActivesApres, verrouiller as verrouillerLevee } from '../levee/index.js';
import { journaliserEchec, journaliserSucces } from '../logEvenement/index.js';
import { acceptes } from '../objet/index.js';
import * as repo from './repo.js';

const M = RECURRENCE_MESSAGES;
type Saisie = z.output<typeof recurrenceSaisieSchema>;

/** Who the journal of a recurring débarras names as its creator. */
export const CREATEUR_RECURRENCE = 'recurrence';

export const lister = (db: Db, q: repo.RequeteRecurrences): Promise<Page<RecurrenceLigne>> => repo.liste.page(db, q);
export const lotsExport = (db: Db, q: repo.RequeteRecurrences) => repo.liste.lots(db, q);

const complete = async (tx: Tx, r: repo.LigneRecurrence, jour: string): Promise<Recurrence> => ({
  ...repo.versRecurrenceLigne(r),
  recurrenceObjets: await repo.objets(tx, r.idRecurrence),
  debarrasAVenir: await combienACollecter(tx, (await repo.servis(tx, r.idRecurrence)).debarras, jour),
});

export const detail = async (db: Db, id: number, jour: string): Promise<Recurrence> =>
  complete(db, ouIntrouvable(await repo.trouver(db, id), M.introuvable), jour);

const contenu = (s: Saisie) => ({
  jours: s.recurrence,
  dateDebut: s.dateDebut,
  dateFin: s.dateFin,
  remarque: s.remarque,
  remarqueObjet: s.remarqueObjet,
  actif: s.isActif,
  nomPersonne: s.nomPersonne,
  telephone: s.telephone,
  email: s.email,
});

const lignesObjets = (s: Saisie) =>
  s.recurrenceObjets.map((l) => ({ idObjet: l.objet.idObjet, quantite: l.quantite, remarque: l.remarque }));

/** New object lines name objects staff may choose; a line kept from before may name one deactivated since. */
async function verifierObjets(tx: Tx, s: Saisie, dejaPresents: ReadonlySet<number>) {
  const nouveaux = s.recurrenceObjets.map((l) => l.objet.idObjet).filter((id) => !dejaPresents.has(id));
  const acceptables = new Set(await acceptes(tx, nouveaux));
  const refuse = nouveaux.find((id) => !acceptables.has(id));
  if (refuse !== undefined) throw saisieInvalide(`L'objet ${refuse} n'existe pas ou ne peut plus être choisi.`);
}

/** What each débarras of the récurrence takes from it besides its address and levée. */
const contenuDesDebarras = (s: Saisie) => ({
  nomPersonne: s.nomPersonne,
  telephone: s.telephone,
  email: s.email,
  remarqueLieu: s.remarque,
  remarqueObjet: s.remarqueObjet,
  objets: lignesObjets(s),
});

interface Ecriture {
  ligne: repo.LigneRecurrence;
  /** The débarras still to collect that took the changes. */
  modifies: number;
}

async function ecrire(db: Db, s: Saisie, par: string, jour: string, appliquerAuxDebarras: boolean): Promise<Ecriture> {
  if (s.idRecurrence === undefined) {
    const adresse = await trouverAdresse(db, s.adresse.idpAdr);
    if (!adresse) throw saisieInvalide(M.adresseInconnue(s.adresse.idpAdr));
    return db.transaction(async (tx) => {
      await verifierObjets(tx, s, new Set());
      const cree = await repo.ecritures.inserer(tx, { idpAdr: adresse.idpAdr, adresse: adresse.adresse, ...contenu(s) }, par);
      await repo.remplacerObjets(tx, cree.idRecurrence, lignesObjets(s));
      return { ligne: cree, modifies: 0 };
    });
  }
  const { idRecurrence, version } = s;
  return db.transaction(async (tx) => {
    const actuel = ouIntrouvable(await repo.trouver(tx, idRecurrence), M.introuvable);
    const nouvelleAdresse = actuel.idpAdr === s.adresse.idpAdr ? undefined : await trouverAdresse(tx, s.adresse.idpAdr);
    if (actuel.idpAdr !== s.adresse.idpAdr && !nouvelleAdresse) throw saisieInvalide(M.adresseInconnue(s.adresse.idpAdr));
    await verifierObjets(tx, s, new Set((await repo.objets(tx, idRecurrence)).map((o) => o.objet.idObjet)));
    const valeurs = { ...contenu(s), ...(nouvelleAdresse ? { idpAdr: nouvelleAdresse.idpAdr, adresse: nouvelleAdresse.adresse } : {}) };
    const modifie = await repo.ecritures.modifier(tx, idRecurrence, version, valeurs, par);
    await repo.remplacerObjets(tx, idRecurrence, lignesObjets(s));
    if (!appliquerAuxDebarras) return { ligne: modifie, modifies: 0 };
    const { debarras: lies } = await repo.servis(tx, idRecurrence);
    if (!nouvelleAdresse) return { ligne: modifie, modifies: await appliquerRecurrence(tx, lies, contenuDesDebarras(s), jour, par) };
    // moved: its débarras still to collect are made again at the new address by `servir`, after this transaction
    const retires = await retirerRecurrents(tx, lies, jour, par);
    await repo.delier(tx, idRecurrence, retires);
    return { ligne: modifie, modifies: retires.length };
  });
}

/**
 * `POST /recurrence`: creates or updates a récurrence, then at once creates its débarras on the
 * coming levées (docs/regles.md « Débarras récurrents »); the answer says how many.
 */
export async function enregistrer(
  db: Db,
  s: Saisie,
  par: string,
  jour: string,
  appliquerAuxDebarras = false,
): Promise<RecurrenceEnregistree> {
  const { ligne: enregistree, modifies } = await ecrire(db, s, par, jour, appliquerAuxDebarras);
  const { crees } = await servir(db, jour, enregistree.idRecurrence);
  if (crees)
    await journaliserSucces(
      db,
      DOMAINES_EVENEMENT.recurrence,
      RECURRENCE_TACHE_MESSAGES.apresEnregistrement(enregistree.adresse, par, crees),
    );
  return { ...(await complete(db, enregistree, jour)), debarrasCrees: crees, debarrasModifies: modifies };
}

/**
 * `POST /recurrence/apercu`: the days on which saving the récurrence as typed would create a débarras, as `servir`
 * would choose them, before anything is written: the user is told and asked first (docs/regles.md « Récurrences »).
 */
export async function apercu(db: Db, s: Saisie, jour: string): Promise<RecurrenceApercu> {
  const adresse = await trouverAdresse(db, s.adresse.idpAdr);
  if (!adresse) throw saisieInvalide(M.adresseInconnue(s.adresse.idpAdr));
  const { secteur } = adresse;
  if (!s.isActif || !secteur) return { dates: [] };
  const dejaServies = s.idRecurrence === undefined ? new Set<number>() : (await repo.servis(db, s.idRecurrence)).levees;
  const levees = await standardsActivesApres(db, jour, [secteur]);
  return {
    dates: levees
      .filter((l) => tombeSur({ jours: s.recurrence, ...s }, l.dateLevee) && !dejaServies.has(l.idLevee))
      .map((l) => l.dateLevee),
  };
}

/** Deletes the récurrence at the version the user read; the débarras it created stay (docs/regles.md « Récurrences »). */
export async function supprimer(db: Db, id: number, version: number): Promise<Recurrence> {
  return db.transaction(async (tx) => {
    const objets = await repo.objets(tx, id);
    const supprimee = await repo.ecritures.supprimer(tx, id, version);
    return { ...repo.versRecurrenceLigne(supprimee), recurrenceObjets: objets, debarrasAVenir: 0 };
  });
}

export interface BilanRecurrences {
  crees: number;
  recurrences: number;
  levees: number;
  depassements: number;
}

interface Candidat {
  recurrence: repo.LigneRecurrence;
  idLevee: number;
  dateLevee: string;
  secteur: string;
  /** The address's label in the register today. */
  adresse: string;
}

const NOMS_JOURS_ISO = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const;

/** Whether a levée's day is one the récurrence serves: within its dates, on one of its weekdays. */
const tombeSur = (r: { jours: string; dateDebut: string; dateFin: string | null }, dateLevee: string) =>
  dateLevee >= r.dateDebut &&
  (!r.dateFin || dateLevee <= r.dateFin) &&
  joursDeRecurrence(r.jours).includes(NOMS_JOURS_ISO[jourDeSemaine(dateLevee)] as JourRecurrence);

/**
 * Every (récurrence, levée) pair still to serve (docs/regles.md « Débarras récurrents »): an active récurrence,
 * an ACTIF standard levée after `jour` of its address's sector (the register's, today), within its dates, on
 * one of its weekdays, and no débarras created for that pair yet.
 */
async function candidats(db: Db, jour: string, idRecurrence: number | undefined): Promise<Candidat[]> {
  const recurrences = await repo.actives(db, idRecurrence);
  const adresses = await secteursDe(db, [...new Set(recurrences.map((r) => r.idpAdr))]);
  const secteurs = [...new Set([...adresses.values()].flatMap((a) => (a.secteur ? [a.secteur] : [])))];
  const levees = await standardsActivesApres(db, jour, secteurs);
  const servies = await repo.liens(
    db,
    levees.map((l) => l.idLevee),
  );
  const parSecteur = new Map<string, typeof levees>();
  for (const l of levees) parSecteur.set(l.secteur, [...(parSecteur.get(l.secteur) ?? []), l]);
  return recurrences.flatMap((r) => {
    const adresse = adresses.get(r.idpAdr);
    return (parSecteur.get(adresse?.secteur ?? '') ?? [])
      .filter((l) => tombeSur(r, l.dateLevee) && !servies.has(`${r.idRecurrence}:${l.idLevee}`))
      .map((l) => ({ recurrence: r, idLevee: l.idLevee, dateLevee: l.dateLevee, secteur: l.secteur, adresse: adresse!.adresse }));
  });
}

/**
 * Creates the débarras still due, one levée per transaction under its lock, so that two runs at once,
 * or a run beside a save, never create one twice: each re-reads under the lock what the other already
 * created. Only `idRecurrence`'s when given.
 */
export async function servir(db: Db, jour: string, idRecurrence?: number): Promise<BilanRecurrences> {
  const dus = await candidats(db, jour, idRecurrence);
  const bilan: BilanRecurrences = { crees: 0, recurrences: 0, levees: 0, depassements: 0 };
  if (!dus.length) return bilan;
  const ids = [...new Set(dus.map((c) => c.recurrence.idRecurrence))];
  const objets = await repo.objetsDe(db, ids);
  const exceptions = await exceptionsActives(db, [...new Set(dus.map((c) => c.recurrence.idpAdr))]);
  const parLevee = new Map<number, Candidat[]>();
  for (const c of dus) parLevee.set(c.idLevee, [...(parLevee.get(c.idLevee) ?? []), c]);
  const servies = new Set<number>();

  for (const [idLevee, duJour] of parLevee) {
    const { dateLevee, secteur } = duJour[0]!;
    const issue = await db.transaction(async (tx) => {
      const levee = await verrouillerLevee(tx, idLevee);
      if (!levee || refusLevee(levee, { par: 'recurrence', jour })) return undefined;
      const deja = await repo.dejaServies(
        tx,
        idLevee,
        duJour.map((c) => c.recurrence.idRecurrence),
      );
      const aServir = duJour.filter((c) => !deja.has(c.recurrence.idRecurrence));
      if (!aServir.length) return undefined;
      const demandes = aServir.map((c): DebarrasRecurrent => {
        const r = c.recurrence;
        const exception = exceptionPourLevee(exceptions.get(r.idpAdr), dateLevee);
        return {
          adresse: { idpAdr: r.idpAdr, adresse: c.adresse, secteur },
          nomPersonne: r.nomPersonne,
          telephone: r.telephone,
          email: r.email,
          remarqueLieu: r.remarque,
          remarqueObjet: r.remarqueObjet,
          precisionLieu: exception?.precisionLieu || null,
          travaux: exception?.travaux || null,
          inclurePrecisionLieu: exception ? exception.inclurePrecisionLieu === '1' : true,
          pointDepotX: exception?.pointDepotX ?? null,
          pointDepotY: exception?.pointDepotY ?? null,
          objets: objets.get(r.idRecurrence) ?? [],
        };
      });
      const { ids: crees, occupeesAvant } = await creerRecurrents(tx, idLevee, demandes, jour, CREATEUR_RECURRENCE);
      await repo.lier(
        tx,
        aServir.map((c, i) => ({ idRecurrence: c.recurrence.idRecurrence, idLevee, idDebarras: crees[i]! })),
      );
      const places = occupeesAvant + crees.length;
      const depasse = !tientDansLeMax(levee.nbDebarrasMax, places, 0);
      // the commitment was made ahead: the levée takes them, and staff are told to move some
      if (depasse)
        await journaliserEchec(
          tx,
          DOMAINES_EVENEMENT.recurrence,
          RECURRENCE_TACHE_MESSAGES.depassement(dateLevee, secteur, places, levee.nbDebarrasMax, crees.length),
        );
      return { servies: aServir.map((c) => c.recurrence.idRecurrence), depasse };
    });
    if (!issue) continue;
    bilan.crees += issue.servies.length;
    bilan.levees += 1;
    if (issue.depasse) bilan.depassements += 1;
    for (const id of issue.servies) servies.add(id);
  }
  bilan.recurrences = servies.size;
  return bilan;
}
