import {
  indisponibiliteSchema,
  isoDate,
  LEVEE_LIBELLES,
  leveeCibleSchema,
  leveeListeSchema,
  leveeModificationSchema,
  leveesProchainesSchema,
  leveeSupplementaireSchema,
  libelleSecteurLevee,
  STATUT_LEVEE_LIBELLES,
  type Levee,
} from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { utilisateurDe } from '../../http/auth.js';
import type { Contexte } from '../../http/contexte.js';
import { requeteInvalide } from '../../http/erreurs.js';
import type { ColonneExport } from '../../http/export.js';
import { identifiant } from '../../http/parametres.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

const COLONNES_EXPORT: ColonneExport<Levee>[] = [
  { entete: LEVEE_LIBELLES.secteur, valeur: libelleSecteurLevee, largeur: 45 },
  { entete: LEVEE_LIBELLES.dateLevee, valeur: (l) => l.dateLevee, type: 'date' },
  { entete: LEVEE_LIBELLES.quantite, valeur: (l) => l.nbDebarras, type: 'nombre' },
  { entete: 'Réservations en cours', valeur: (l) => l.nbReservationsEnCours, type: 'nombre' },
  { entete: LEVEE_LIBELLES.nbDebarrasMax, valeur: (l) => l.nbDebarrasMax, type: 'nombre' },
  { entete: LEVEE_LIBELLES.indisponibilite, valeur: (l) => l.indisponibilite, type: 'nombre' },
  { entete: LEVEE_LIBELLES.kilometrage, valeur: (l) => l.kilometrage, type: 'nombre' },
  { entete: LEVEE_LIBELLES.statut, valeur: (l) => STATUT_LEVEE_LIBELLES[l.statut] },
  { entete: LEVEE_LIBELLES.supplementaire, valeur: (l) => (l.supplementaire ? 'Oui' : 'Non') },
];

/** A body read with the schema its shape calls for, its first problem answered as a 400. */
function lire<S extends z.ZodType>(schema: S, corps: unknown): z.output<S> {
  const resultat = schema.safeParse(corps);
  if (!resultat.success) throw requeteInvalide(resultat.error.issues[0]?.message ?? 'Requête invalide.');
  return resultat.data;
}

const jour = z.object({ date: isoDate() });

export function routesLevee(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consulter = { permission: 'consulter' } as const;
  const gerer = { permission: 'gererLevees' } as const;

  routesListe(app, {
    chemin: '/levee',
    permission: 'consulter',
    permissionExport: 'gererLevees',
    schema: leveeListeSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: { fichier: 'levees', feuille: LEVEE_LIBELLES.titre, colonnes: COLONNES_EXPORT, lots: (q) => service.lotsExport(base.db, q) },
  });

  r.get('/levee/actif', { config: consulter }, async () => service.actives(base.db));
  r.get('/levee/count/:date', { config: consulter, schema: { params: jour } }, async (requete) =>
    service.compterLe(base.db, requete.params.date),
  );
  // a bare string would go out as text/plain: the date (or null) is sent as JSON
  r.get('/levee/next/:date', { config: consulter, schema: { params: jour } }, async (requete, reponse) =>
    reponse.type('application/json').send(JSON.stringify(await service.prochaineDate(base.db, requete.params.date))),
  );
  r.get('/levee/next', { config: consulter, schema: { querystring: leveesProchainesSchema } }, async (requete) =>
    service.prochainesDuSecteur(base.db, requete.query.secteur, requete.query.sauvageurgent === 'true'),
  );
  r.get('/levee/debarras/:id', { config: consulter, schema: { params: identifiant } }, async (requete) =>
    service.duDebarras(base.db, requete.params.id),
  );
  r.get('/levee/:id', { config: consulter, schema: { params: identifiant } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );

  // One route for both: with idLevee it saves the detail, without it adds a supplementary round.
  r.post('/levee', { config: gerer }, async (requete) => {
    const par = utilisateurDe(requete).username;
    const corps = requete.body as { idLevee?: unknown } | undefined;
    return corps?.idLevee !== undefined
      ? service.modifier(base.db, lire(leveeModificationSchema, corps), par)
      : service.creerSupplementaire(base.db, lire(leveeSupplementaireSchema, corps), par);
  });
  r.post('/levee/archiver', { config: gerer, schema: { body: leveeCibleSchema } }, async (requete) =>
    service.archiver(base.db, requete.body.idLevee, utilisateurDe(requete).username),
  );
  r.post('/levee/supprimer', { config: gerer, schema: { body: leveeCibleSchema } }, async (requete) =>
    service.supprimer(base.db, requete.body.idLevee, utilisateurDe(requete).username),
  );
  r.post('/levee/indisponibilite', { config: gerer, schema: { body: indisponibiliteSchema } }, async (requete) =>
    service.changerDisponibilite(base.db, requete.body, utilisateurDe(requete).username),
  );
}
