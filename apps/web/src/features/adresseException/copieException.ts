import type { AdresseCarte, AdresseException, AdresseExceptionCopie } from '@debarras/domain';

/** A click on a chosen address takes it back; on another, adds it after the others. */
export const basculerAdresse = (choisies: readonly AdresseCarte[], adresse: AdresseCarte): AdresseCarte[] =>
  choisies.some((c) => c.idpAdr === adresse.idpAdr) ? choisies.filter((c) => c.idpAdr !== adresse.idpAdr) : [...choisies, adresse];

/** One clone per chosen address: the source's content, at the address's own place (x, y). */
export const versCopies = (source: AdresseException, choisies: readonly AdresseCarte[]): AdresseExceptionCopie =>
  choisies.map((a) => ({
    idpadr: a.idpAdr,
    adresse: a.adresse,
    x: a.x,
    y: a.y,
    remarqueInterne: source.remarqueInterne,
    remarquePublique: source.remarquePublique,
    remarqueTravaux: source.remarqueTravaux,
    dateDebutTravaux: source.dateDebutTravaux,
    dateFinTravaux: source.dateFinTravaux,
    xdepot: source.xdepot,
    ydepot: source.ydepot,
    xtravaux: source.xtravaux,
    ytravaux: source.ytravaux,
    statut: source.statut,
  }));

/** The read-only text of the chosen addresses, one a line. */
export const texteAdresses = (choisies: readonly AdresseCarte[]) => choisies.map((a) => a.adresse).join('\n');
