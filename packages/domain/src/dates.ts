import { z } from 'zod';

/** All dates are shown and compared in the service's own time zone. */
export const FUSEAU_HORAIRE = 'Europe/Zurich';
export const FORMAT_DATE = 'DD.MM.YYYY';
export const FORMAT_DATE_HEURE = 'DD.MM.YYYY - HH:mm:ss';
export const FORMAT_DATE_ISO = 'YYYY-MM-DD';

const DATE_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

export function estDateIso(value: string): boolean {
  const m = DATE_ISO.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const DATE_MESSAGES = { format: 'La date doit être au format AAAA-MM-JJ.' } as const;

/** A calendar date in a payload: `YYYY-MM-DD`. */
export const dateIso = (message: string = DATE_MESSAGES.format) => z.string().refine(estDateIso, { error: message });

// built once: a formatter costs far more to make than to use
const jourGeneve = new Intl.DateTimeFormat('fr-CA', { timeZone: FUSEAU_HORAIRE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Europe/Zurich, `YYYY-MM-DD`. */
export function aujourdhui(now: Date = new Date()): string {
  return jourGeneve.format(now);
}

const horlogeGeneve = new Intl.DateTimeFormat('fr-CH', {
  timeZone: FUSEAU_HORAIRE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant's wall-clock date and time in Europe/Zurich, as numbers (month 1–12). */
export function dateHeureGeneve(instant: Date) {
  const p = Object.fromEntries(horlogeGeneve.formatToParts(instant).map((x) => [x.type, x.value]));
  return {
    annee: Number(p.year),
    mois: Number(p.month),
    jour: Number(p.day),
    heure: Number(p.hour),
    minute: Number(p.minute),
    seconde: Number(p.second),
  };
}

/** The instant a day starts in Europe/Zurich (00:00 there: 23:00 or 22:00 UTC the day before). */
export function debutDuJourGeneve(jour: string): Date {
  const [a, m, j] = jour.split('-').map(Number);
  const minuitUtc = Date.UTC(a!, m! - 1, j!);
  // Geneva is 1 or 2 hours ahead of UTC; a change of time happens at 02:00 or 03:00, never around midnight
  const g = dateHeureGeneve(new Date(minuitUtc));
  const avance = Date.UTC(g.annee, g.mois - 1, g.jour, g.heure, g.minute, g.seconde) - minuitUtc;
  return new Date(minuitUtc - avance);
}

const deuxChiffres = (n: number) => String(n).padStart(2, '0');

/** `DD.MM.YYYY - HH:mm:ss` in Europe/Zurich, for messages written by the server. */
export function formatDateHeure(instant: Date): string {
  const { annee, mois, jour, heure, minute, seconde } = dateHeureGeneve(instant);
  return `${deuxChiffres(jour)}.${deuxChiffres(mois)}.${annee} - ${deuxChiffres(heure)}:${deuxChiffres(minute)}:${deuxChiffres(seconde)}`;
}

/** `YYYY-MM-DD` + n days (calendar arithmetic, no time zone involved). */
export function ajouterJours(jour: string, n: number): string {
  const [a, m, j] = jour.split('-').map(Number);
  return new Date(Date.UTC(a!, m! - 1, j! + n)).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` + n months, the day kept within the month reached (31.03 − 1 month = 28.02 or 29.02). */
export function ajouterMois(jour: string, n: number): string {
  const [a, m, j] = jour.split('-').map(Number);
  const rang = a! * 12 + (m! - 1) + n;
  const dernierDuMois = new Date(Date.UTC(Math.floor(rang / 12), (rang % 12) + 1, 0)).getUTCDate();
  return new Date(Date.UTC(Math.floor(rang / 12), rang % 12, Math.min(j!, dernierDuMois))).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, for a `YYYY-MM-DD` date. */
export function jourDeSemaine(jour: string): number {
  const [a, m, j] = jour.split('-').map(Number);
  return new Date(Date.UTC(a!, m! - 1, j!)).getUTCDay();
}

/** `YYYY-MM-DD` shown `DD.MM.YYYY`, for messages written by the server. */
export const formatJour = (jour: string) => jour.split('-').reverse().join('.');

/** A time of day written HH:MM (00:00 to 23:59), in minutes after midnight; undefined when it is not one. */
export function minutesDuJour(hhmm: string): number | undefined {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

const NOMS_JOURS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const;

/** `YYYY-MM-DD` shown with its weekday, « mardi 24.11.2026 », for documents written by the server. */
export const formatJourSemaine = (jour: string) => `${NOMS_JOURS[jourDeSemaine(jour)]} ${formatJour(jour)}`;
