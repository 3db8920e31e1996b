// The route sheets' reading (docs/regles.md « Feuilles de route »): the ACTIF débarras of the levées printed, in
// street order, with their object lines, for the impression module; and the rounds' stops.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { debarras, debarrasObjet } from '../../db/schema.js';
import type { DebarrasFeuille } from '../../documents/modele.js';
import { coordonneesAdresse, joindreAdresse, ordreDesRues } from '../adresse/index.js';
import { colonnesObjetJoint, joindreObjet } from '../objet/index.js';

/**
 * The ACTIF débarras of these levées, in street order within each levée: the sheets put them in their round's order.
 * `avecArchives`: the ARCHIVE ones too, for a round read after its levée was archived (the crews' page).
 */
export async function pourFeuillesDeRoute(tx: Tx, idsLevees: number[], { avecArchives = false } = {}): Promise<DebarrasFeuille[]> {
  if (!idsLevees.length) return [];
  const lignesDebarras = await joindreAdresse(tx.select({ d: debarras }).from(debarras).$dynamic(), debarras.idpAdr)
    .where(and(inArray(debarras.idLevee, idsLevees), inArray(debarras.statut, avecArchives ? ['ACTIF', 'ARCHIVE'] : ['ACTIF'])))
    .orderBy(debarras.idLevee, ...ordreDesRues(debarras.adresse), debarras.numero);
  const objet = colonnesObjetJoint();
  const lignesObjets = lignesDebarras.length
    ? await joindreObjet(
        tx
          .select({
            idDebarras: debarrasObjet.idDebarras,
            idObjet: debarrasObjet.idObjet,
            quantite: debarrasObjet.quantite,
            remarque: debarrasObjet.remarque,
            libelle: objet.libelle,
          })
          .from(debarrasObjet)
          .$dynamic(),
        debarrasObjet.idObjet,
      )
        .where(
          inArray(
            debarrasObjet.idDebarras,
            lignesDebarras.map((l) => l.d.idDebarras),
          ),
        )
        .orderBy(asc(objet.ordre), asc(debarrasObjet.idDebarrasObjet))
    : [];
  const objetsPar = new Map<number, typeof lignesObjets>();
  for (const o of lignesObjets) {
    const deCeDebarras = objetsPar.get(o.idDebarras);
    if (deCeDebarras) deCeDebarras.push(o);
    else objetsPar.set(o.idDebarras, [o]);
  }
  return lignesDebarras.map(({ d }) => ({
    idLevee: d.idLevee,
    idDebarras: d.idDebarras,
    numero: d.numero,
    idpAdr: d.idpAdr,
    adresse: d.adresse,
    precisionLieu: d.precisionLieu,
    inclurePrecisionLieu: d.inclurePrecisionLieu,
    travaux: d.travaux,
    pointDepotX: d.pointDepotX,
    pointDepotY: d.pointDepotY,
    nomPersonne: d.nomPersonne,
    telephone: d.telephone,
    remarqueObjet: d.remarqueObjet,
    remarqueLieu: d.remarqueLieu,
    remarqueGenerale: d.remarqueGenerale,
    sauvage: d.sauvage,
    punaises: d.punaises,
    punaisesDechets: d.punaisesDechets,
    objets: (objetsPar.get(d.idDebarras) ?? []).map(({ idObjet, quantite, libelle, remarque }) => ({
      idObjet,
      quantite,
      libelle,
      remarque,
    })),
  }));
}

/** A stop of a round: where the crew stops, the débarras' depot point if it has one, else its address. */
export interface ArretDebarras {
  idLevee: number;
  idDebarras: number;
  numero: string;
  adresse: string;
  x: number | null;
  y: number | null;
}

/** The ACTIF débarras of these levées with their point, in street order within each levée (the order sheets had). */
export async function arretsDesLevees(tx: Tx, idsLevees: number[]): Promise<ArretDebarras[]> {
  if (!idsLevees.length) return [];
  const lignes = await joindreAdresse(
    tx
      .select({
        idLevee: debarras.idLevee,
        idDebarras: debarras.idDebarras,
        numero: debarras.numero,
        adresse: debarras.adresse,
        pointDepotX: debarras.pointDepotX,
        pointDepotY: debarras.pointDepotY,
        ...coordonneesAdresse(),
      })
      .from(debarras)
      .$dynamic(),
    debarras.idpAdr,
  )
    .where(and(inArray(debarras.idLevee, idsLevees), eq(debarras.statut, 'ACTIF')))
    .orderBy(debarras.idLevee, ...ordreDesRues(debarras.adresse), debarras.numero);
  return lignes.map(({ pointDepotX, pointDepotY, x, y, ...arret }) =>
    pointDepotX !== null && pointDepotY !== null ? { ...arret, x: pointDepotX, y: pointDepotY } : { ...arret, x, y },
  );
}
