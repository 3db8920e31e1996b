import type { Tx } from '../db/client.js';
import type { SaisieAdresse } from '../modules/adresse/index.js';
import { desc, eq } from 'drizzle-orm';
import { adresse, debarras, debarrasObjet, levee, logEvenement, objet, secteur } from '../db/schema.js';
import { dans, unique } from './app.js';

// Small factories shared by the server's tests: rows written straight to the tables, as an import,
// the planning job or past activity would have left them, each under a name no other test uses.
// A test names only the fields its assertion depends on.

const AUDIT = { createdBy: 'test', lastModifiedBy: 'test' } as const;

/** A sector, active since 2020. */
export async function unSecteur(db: Tx, champs: Partial<typeof secteur.$inferInsert> = {}) {
  const [s] = await db
    .insert(secteur)
    .values({ libelle: unique('Secteur'), dateDebut: '2020-01-01', ...AUDIT, ...champs })
    .returning();
  return s!;
}

export type NouvelleLevee = Partial<typeof levee.$inferInsert>;

/**
 * Levées for tomorrow with 30 places: with a sector, standard rounds; without one, supplementary
 * rounds under a name of their own.
 */
export async function desLevees(db: Tx, ...champs: NouvelleLevee[]) {
  return db
    .insert(levee)
    .values(
      champs.map((c) => ({
        dateLevee: dans(1),
        ...(c.idSecteur == null ? { nom: unique('Tournée'), supplementaire: 1 } : {}),
        nbDebarrasMax: 30,
        ...AUDIT,
        ...c,
      })),
    )
    .returning();
}

export const uneLevee = async (db: Tx, champs: NouvelleLevee = {}) => (await desLevees(db, champs))[0]!;

/** An address of the register, in the city (at `point`, LV95); answers its `idpAdr`. */
export async function uneAdresse(
  db: Tx,
  libelle = unique('Rue du Test'),
  secteurAdresse: string | null = 'Secteur Test',
  point = { x: 2500000, y: 1117000 },
) {
  const idpAdr = unique('A').slice(0, 30);
  await db.insert(adresse).values({
    idpAdr,
    adresse: libelle,
    nomVoie: libelle,
    commune: 'Genève',
    noPostal: '1200',
    nomNpa: 'Genève',
    ...point,
    noCommune: 6621,
    secteur: secteurAdresse,
    recherche: libelle.toLowerCase(),
    triVoie: libelle.toLowerCase(),
    ...AUDIT,
  });
  return idpAdr;
}

/** An address as the register's import gives it: Rue de la Servette 1, in the city's sector 2, managed by the city. */
export const uneSaisieAdresse = (idpAdr: string, champs: Partial<SaisieAdresse> = {}): SaisieAdresse => ({
  idpAdr,
  typeVoie: 'Rue',
  liant: 'de la',
  nomVoie: 'Servette',
  noAdresse: '1',
  commune: 'Genève',
  noPostal: '1202',
  nomNpa: 'Genève',
  x: 2499000,
  y: 1119000,
  noCommune: 6621,
  secteur: 'Secteur 2 - Servette / Saint-Jean / Charmilles',
  gestionnaire: 'VILLE DE GENEVE',
  ...champs,
});

export type NouveauDebarras = Partial<typeof debarras.$inferInsert> & { idLevee: number };

/**
 * An ACTIF débarras by phone, as a clerk would have saved it, with its object lines (quantity,
 * object id, remark); on a fresh address of the register unless `idpAdr` is given.
 */
export async function unDebarras(
  db: Tx,
  champs: NouveauDebarras,
  objets: Array<{ idObjet: number; quantite: number; remarque?: string }> = [],
) {
  const idpAdr = champs.idpAdr ?? (await uneAdresse(db, champs.adresse));
  const [d] = await db
    .insert(debarras)
    .values({
      numero: unique('T').slice(0, 20),
      typeDemande: 'TELEPHONE',
      adresse: champs.adresse ?? idpAdr,
      nomPersonne: 'Dupont',
      telephone: '022 418 00 00',
      ...AUDIT,
      ...champs,
      idpAdr,
    })
    .returning();
  if (objets.length) {
    await db.insert(debarrasObjet).values(
      objets.map((o) => ({
        idDebarras: d!.idDebarras,
        idObjet: o.idObjet,
        quantite: o.quantite,
        remarque: o.remarque ?? null,
        ...AUDIT,
      })),
    );
  }
  return d!;
}

/** Where residents can book online: an address of a new sector in the served commune, a levée of that sector, an accepted object. */
export interface LieuEnLigne {
  idpAdr: string;
  idLevee: number;
  idObjet: number;
}

export async function unLieuEnLigne(
  db: Tx,
  { jours, nbDebarrasMax = 1000 }: { jours: number; nbDebarrasMax?: number },
): Promise<LieuEnLigne> {
  const s = await unSecteur(db);
  const idpAdr = await uneAdresse(db, unique('Rue en Ligne'), s.libelle);
  const { idLevee } = await uneLevee(db, { idSecteur: s.idSecteur, dateLevee: dans(jours), nbDebarrasMax });
  const [{ idObjet }] = (await db.select({ idObjet: objet.idObjet }).from(objet).where(eq(objet.type, 'Objet')).limit(1)) as [
    { idObjet: number },
  ];
  return { idpAdr, idLevee, idObjet };
}

/** A resident's confirmation (`POST …/en-ligne/api/reservations`) at that place, in its own session, from a mailbox of its own. */
export const uneReservationEnLigne = ({ idpAdr, idLevee, idObjet }: LieuEnLigne, champs: Record<string, unknown> = {}) => ({
  session: unique('session-en-ligne').replace('.', '_'),
  langue: 'fr',
  idpAdr,
  idLevee,
  objets: [{ idObjet, quantite: 1 }],
  nom: 'Résidente',
  email: `${unique('residente')}@exemple.ch`,
  consentement: true,
  ...champs,
});

/** The newest line of « Messages » in a domain. */
export const dernierEvenement = async (db: Tx, domaine: string) =>
  (await db.select().from(logEvenement).where(eq(logEvenement.domaine, domaine)).orderBy(desc(logEvenement.idLogEvenement)).limit(1))[0];
