import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EtatPool } from './db/client.js';

/*
 * What the server counts for Prometheus (docs/exploitation.md « Métriques »): requests by route pattern, the database
 * pool, the jobs, the e-mails, the online bookings, and Node's own. No label holds a user's value (never a raw URL, an
 * address, a name): each has a handful of values, so that a series is never created per request.
 */
export const registre = new Registry();
collectDefaultMetrics({ register: registre });

export const requetesHttp = new Histogram({
  name: 'debarras_http_requetes_duree_secondes',
  help: 'Durée des requêtes HTTP, par modèle de route, méthode et statut.',
  labelNames: ['route', 'methode', 'statut'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registre],
});

export const executionsTaches = new Counter({
  name: 'debarras_taches_executions_total',
  help: 'Passages des tâches planifiées, par tâche et résultat : ok, echec, ou sautée parce qu’elle tourne (occupee) ou a tourné pour cette échéance (deja_faite), ici ou sur un autre serveur.',
  labelNames: ['tache', 'resultat'] as const,
  registers: [registre],
});

export const dureeTaches = new Histogram({
  name: 'debarras_taches_duree_secondes',
  help: 'Durée des exécutions des tâches planifiées, par tâche.',
  labelNames: ['tache'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
  registers: [registre],
});

export const courriels = new Counter({
  name: 'debarras_courriels_total',
  help: 'Courriels remis au serveur SMTP (ou écrits en fichier) et courriels en échec.',
  labelNames: ['resultat'] as const,
  registers: [registre],
});

export const reservationsEnLigne = new Counter({
  name: 'debarras_reservations_en_ligne_total',
  help: 'Réservations en ligne des habitants : demandes (reservation) et confirmations par le lien (validation), acceptées ou refusées.',
  labelNames: ['etape', 'resultat'] as const,
  registers: [registre],
});

let lirePool: (() => EtatPool | undefined) | undefined;

/** The pool the gauges read at each scrape: the last app built's (one per process outside tests). */
export const ecouterPool = (lire: () => EtatPool | undefined) => {
  lirePool = lire;
};

new Gauge({
  name: 'debarras_base_connexions',
  help: 'Connexions du pool PostgreSQL : ouvertes (total), en cours d’utilisation (utilisees), et requêtes qui attendent une connexion (en_attente). La base embarquée n’a pas de pool : 0.',
  labelNames: ['etat'] as const,
  registers: [registre],
  collect() {
    const e = lirePool?.() ?? { total: 0, libres: 0, enAttente: 0 };
    this.set({ etat: 'total' }, e.total);
    this.set({ etat: 'utilisees' }, e.total - e.libres);
    this.set({ etat: 'en_attente' }, e.enAttente);
  },
});
