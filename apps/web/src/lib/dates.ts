import { FORMAT_DATE, FORMAT_DATE_HEURE, FUSEAU_HORAIRE } from '@debarras/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('fr');

/** An instant from the server, shown `DD.MM.YYYY - HH:mm:ss` in Geneva time. */
export const formaterDateHeure = (iso: string | null | undefined) => (iso ? dayjs(iso).tz(FUSEAU_HORAIRE).format(FORMAT_DATE_HEURE) : '');

/** A calendar date `YYYY-MM-DD`, shown `DD.MM.YYYY`. */
export const formaterDate = (jour: string | null | undefined) => (jour ? dayjs(jour).format(FORMAT_DATE) : '');

/** A calendar date with its weekday, `lundi 07.12.2026`. */
export const formaterJourDate = (jour: string | null | undefined) => (jour ? dayjs(jour).format(`dddd ${FORMAT_DATE}`) : '');
