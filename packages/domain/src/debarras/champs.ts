import { z } from 'zod';

// Field types shared by the débarras schemas; not part of the domain's surface.

export const zeroUn = z.enum(['0', '1']);
/** 'true'/'false' as docs/regles.md « Données » writes them; a JSON boolean is accepted too. */
export const vraiFaux = z.preprocess((v) => (typeof v === 'boolean' ? String(v) : v), z.enum(['true', 'false']));

/** PostgreSQL's `integer`: an id beyond it cannot exist, and the query would fail on it. */
export const ENTIER_BASE_MAX = 2_147_483_647;

export const idPositif = z.number().int().positive().max(ENTIER_BASE_MAX);
