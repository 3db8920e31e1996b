import type { Page, Reservation } from '@debarras/domain';
import type { Db } from '../../db/client.js';
import * as repo from './repo.js';

export const lister = (db: Db, q: repo.RequeteReservations): Promise<Page<Reservation>> => repo.liste.page(db, q);

export const lotsExport = (db: Db, q: repo.RequeteReservations) => repo.liste.lots(db, q);
