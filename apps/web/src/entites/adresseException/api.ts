import {
  adresseExceptionSchema,
  ADRESSE_EXCEPTION_SUCCES,
  type AdresseException,
  type AdresseExceptionCopie,
  type AdresseExceptionSaisie,
} from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';
import { useEcriture } from '../../lib/mutations';
import { clesAdresseException } from './cles';

// Liste

// not 'adresseExceptionListe': a tab's state kept under that key still filters on `actif`, which the server now refuses
export const CLE_ETAT_LISTE = 'adresseExceptionListeStatut';
export const CHEMIN_EXPORT = 'adresseexception/export/';

export const listerAdressesExceptions = (requete: RequeteListe) =>
  lirePage('adresseexception/', rechercheListe(requete), adresseExceptionSchema);

// Détail

const lireAdresseException = (id: number) => lireJson(`adresseexception/${id}`, adresseExceptionSchema);

const requeteAdresseException = (id: number | undefined) =>
  queryOptions({ queryKey: clesAdresseException.detail(id), queryFn: () => lireAdresseException(id!), enabled: id !== undefined });

export const useAdresseException = (id: number | undefined) => useQuery(requeteAdresseException(id));

/**
 * Whatever changes an exception changes what maps and débarras forms read of it (the address's exception, the addresses
 * having one): every exception query but the changed detail is read again.
 */
const aRelire = () => [
  clesAdresseException.listes,
  clesAdresseException.parIdpadrs,
  clesAdresseException.idpadrs,
  clesAdresseException.etendues,
];

/** `POST /adresseexception`: creates, or updates by `id` + `version`. The screen says which in its success message. */
export const useEnregistrerAdresseException = () =>
  useEcriture(
    (saisie: AdresseExceptionSaisie) => lireJson('adresseexception', adresseExceptionSchema, { methode: 'POST', corps: saisie }),
    { detail: (exception: AdresseException) => clesAdresseException.detail(exception.id), aRelire },
  );

/** The server answers the deleted exception, whose address the success message quotes. */
export const useSupprimerAdresseException = () =>
  useEcriture(
    (exception: AdresseException) =>
      lireJson(`adresseexception/${exception.id}?version=${exception.version}`, adresseExceptionSchema, { methode: 'DELETE' }),
    { aRelire: () => [clesAdresseException.tout] },
  );

/** `POST /adresseexception/clone`, all or nothing; notifies « Succès » with how many addresses got the copy. */
export const useCopierAdresseException = () =>
  useEcriture(
    (copies: AdresseExceptionCopie) =>
      lireJson('adresseexception/clone', z.array(adresseExceptionSchema), { methode: 'POST', corps: copies }),
    { aRelire: () => [clesAdresseException.tout], succes: (creees) => ADRESSE_EXCEPTION_SUCCES.copiee(creees.length) },
  );

// Lectures des cartes et du formulaire de débarras (consulterCarteExceptions)

/** Whether an address already has an exception, active or not: an address has one exception at most. */
export const existeException = (idpAdr: string) => lireJson(`adresseexception/exists/${encodeURIComponent(idpAdr)}`, z.boolean());

/** The same, read on demand (an address picked on the clone screen's map). A failure is said on the screen, asked again by the next click. */
export const requeteExisteException = (idpAdr: string) =>
  queryOptions({
    queryKey: clesAdresseException.existe(idpAdr),
    queryFn: () => existeException(idpAdr),
    meta: { erreurSurPlace: true },
    retry: false,
  });

const requeteExceptionParIdpadr = (idpAdr: string | null | undefined) =>
  queryOptions({
    queryKey: clesAdresseException.parIdpadr(idpAdr),
    queryFn: () => lireJson(`adresseexception/byidpadr/${encodeURIComponent(idpAdr!)}`, adresseExceptionSchema.nullable()),
  });

/** An address's exception, or null when it has none. */
export const useExceptionParIdpadr = (idpAdr: string | null | undefined, actif = true) =>
  useQuery({ ...requeteExceptionParIdpadr(idpAdr), enabled: actif && Boolean(idpAdr) });

/** The addresses having an ACTIVE exception, which maps mark. */
export const requeteIdpadrExceptions = queryOptions({
  queryKey: clesAdresseException.idpadrs,
  queryFn: () => lireJson('adresseexception/idpadr', z.array(z.string())),
});

/** The ACTIVE exceptions of the addresses shown (at most 5000 ids a call). */
export const requeteExceptionsDesAdresses = (idpAdrs: readonly string[]) =>
  queryOptions({
    queryKey: clesAdresseException.etendue(idpAdrs),
    queryFn: () => lireJson('adresseexception/extent', z.array(adresseExceptionSchema), { methode: 'POST', corps: idpAdrs }),
    enabled: idpAdrs.length > 0,
  });
