import { OBJET_LIBELLES, objetListeSchema, objetSaisieSchema, objetSchema, type Objet } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { utilisateurDe } from '../../http/authentification.js';
import type { Contexte } from '../../contexte.js';
import type { ColonneExport } from '../../http/export.js';
import { identifiant } from '../../http/parametres.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

const COLONNES_EXPORT: ColonneExport<Objet>[] = [
  { entete: OBJET_LIBELLES.libelle, valeur: (o) => o.libelle, largeur: 35 },
  { entete: OBJET_LIBELLES.libelleExt, valeur: (o) => o.libelleExt, largeur: 35 },
  { entete: OBJET_LIBELLES.type, valeur: (o) => o.type },
  { entete: OBJET_LIBELLES.url, valeur: (o) => o.url, largeur: 30 },
  { entete: OBJET_LIBELLES.urlInterdit, valeur: (o) => o.urlInterdit, largeur: 50 },
  { entete: OBJET_LIBELLES.ordre, valeur: (o) => o.ordre, type: 'nombre' },
  { entete: OBJET_LIBELLES.actif, valeur: (o) => (o.actif ? 'Actif' : 'Inactif') },
];

/** The catalogue is read by every form (reference data); only administrators change it. */
export function routesObjet(app: FastifyInstance, { base, horloge }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reponseObjet = { 200: objetSchema };

  routesListe(app, {
    horloge,
    chemin: '/objet',
    permission: 'lireReferentiel',
    permissionExport: 'administrer',
    schema: objetListeSchema,
    ligne: objetSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'objets',
      feuille: OBJET_LIBELLES.titre,
      colonnes: COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });
  r.get(
    '/objet/:id',
    { config: { permission: 'lireReferentiel' }, schema: { params: identifiant, response: reponseObjet } },
    async (requete) => service.detail(base.db, requete.params.id),
  );
  r.post(
    '/objet',
    { config: { permission: 'administrer' }, schema: { body: objetSaisieSchema, response: reponseObjet } },
    async (requete) => service.enregistrer(base.db, requete.body, utilisateurDe(requete)),
  );
}
