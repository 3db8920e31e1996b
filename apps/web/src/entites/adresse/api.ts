import { adresseSchema } from '@debarras/domain';
import { z } from 'zod';
import { lireJson } from '../../lib/http';

/** The register's type-ahead (GET /adresse/?q=): at most 200 addresses, in street then number order. */
export const rechercherAdresses = (q: string) => lireJson(`adresse/?q=${encodeURIComponent(q)}`, z.array(adresseSchema));
