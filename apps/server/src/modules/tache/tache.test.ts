import { CODES_TACHE, DOMAINES_EVENEMENT, ERREURS, TACHE_MESSAGES, TACHES, type Execution, type Tache } from '@debarras/domain';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logEvenement, tacheExecution } from '../../db/schema.js';
import { appDeTest, refus } from '../../test/app.js';
import { dernierEvenement } from '../../test/fabriques.js';

const t = appDeTest();
const REST = '/webdeb/rest';

const taches = async () => (await t.en('technique', { url: `${REST}/tache` })).json<Tache[]>();
const lancer = (code: string, compte: 'technique' | 'admin' = 'technique') =>
  t.en(compte, { method: 'POST', url: `${REST}/tache/${code}/execution` });

/** Holds a job's lock as another instance running it would; answers its release. */
async function tenirVerrou(code: string): Promise<() => Promise<unknown>> {
  let liberer!: () => void;
  let tenu!: Promise<unknown>;
  // on PostgreSQL the lock is taken on a connection of its own, a moment after the call
  await new Promise<void>((tenuMaintenant) => {
    tenu = t.base.exclusif(`debarras.tache.${code}`, () => {
      tenuMaintenant();
      return new Promise<void>((r) => (liberer = r));
    });
  });
  return () => {
    liberer();
    return tenu;
  };
}

async function attendreFin(code: string): Promise<Execution> {
  for (let essai = 0; essai < 100; essai++) {
    const derniere = (await taches()).find((x) => x.code === code)!.derniere;
    if (derniere && derniere.statut !== 'EN_COURS') return derniere;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${code} ne se termine pas`);
}

describe('tâches planifiées', () => {
  it('liste chaque tâche avec ce qu’elle fait, quand elle tourne et sa dernière exécution', async () => {
    const liste = await taches();
    expect(liste.map((x) => x.code)).toEqual([...CODES_TACHE]);
    for (const x of liste) expect(x).toMatchObject({ libelle: TACHES[x.code].libelle, quand: TACHES[x.code].quand, derniere: null });
  });

  it('lance une tâche maintenant (202), la montre en cours puis terminée, et écrit début et bilan dans les messages', async () => {
    const r = await lancer('planification');
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json<Execution>()).toMatchObject({ statut: 'EN_COURS', declencheur: 'technique', fin: null });
    const fin = await attendreFin('planification');
    expect(fin).toMatchObject({ statut: 'OK', declencheur: 'technique' });
    expect(fin.bilan).toMatch(/^Planification des levées jusqu'au \d{2}\.\d{2}\.\d{4} : /);
    expect(fin.dureeMs).toBeGreaterThanOrEqual(0);
    const [bilan, debut] = await t.base.db
      .select()
      .from(logEvenement)
      .where(eq(logEvenement.domaine, DOMAINES_EVENEMENT.planification))
      .orderBy(desc(logEvenement.idLogEvenement))
      .limit(2);
    expect(debut).toMatchObject({ type: 1, texte: TACHE_MESSAGES.debut('Planification des levées', 'technique') });
    expect(bilan).toMatchObject({ type: 1, texte: fin.bilan });
  });

  it('refuse de lancer une tâche déjà en cours (409 TACHE_EN_COURS), ici ou dans une autre instance', async () => {
    const liberer = await tenirVerrou('anonymisation');
    try {
      expect(refus(await lancer('anonymisation'))).toEqual({
        statut: 409,
        errMsg: TACHE_MESSAGES.enCours('Anonymisation'),
        code: 'TACHE_EN_COURS',
      });
      expect(await t.taches().executer('anonymisation')).toBe('occupee');
    } finally {
      await liberer();
    }
    expect((await lancer('anonymisation')).statusCode).toBe(202);
    await attendreFin('anonymisation');
  });

  it('ne fait tourner qu’une fois une tâche par échéance, quel que soit le serveur qui la prend', async () => {
    // two servers on one database: two job runners of their own
    const [serveurA, serveurB] = [t.taches(), t.taches()];
    const nuit = '2026-11-29';
    const [a, b] = await Promise.all([serveurA.executer('anonymisation', nuit), serveurB.executer('anonymisation', nuit)]);
    expect([a, b].filter((issue) => typeof issue === 'object')).toHaveLength(1);
    expect([a, b].filter((issue) => typeof issue === 'string').every((issue) => issue === 'occupee' || issue === 'dejaFaite')).toBe(true);
    expect(await serveurA.executer('anonymisation', nuit)).toBe('dejaFaite');
    expect(await serveurB.executer('anonymisation', nuit)).toBe('dejaFaite');
    expect(await serveurB.executer('anonymisation', '2026-11-30')).toMatchObject({ execution: { statut: 'OK' } });
    const runs = await t.base.db.select().from(tacheExecution).where(eq(tacheExecution.tache, 'anonymisation'));
    // the runs started by hand earlier have no due time
    expect(runs.flatMap((r) => r.echeance ?? []).sort()).toEqual([nuit, '2026-11-30']);
  });

  it("clôt en KO l'exécution qu'un arrêt du serveur a laissée en cours", async () => {
    const [coupee] = await t.base.db.insert(tacheExecution).values({ tache: 'recurrences', declencheur: 'planifiée' }).returning();
    await t.taches().executer('recurrences');
    const [apres] = await t.base.db.select().from(tacheExecution).where(eq(tacheExecution.idExecution, coupee!.idExecution));
    expect(apres).toMatchObject({ statut: 'KO', bilan: TACHE_MESSAGES.interrompue });
    expect((await attendreFin('recurrences')).statut).toBe('OK');
  });

  it("clôt au démarrage, comme interrompues, les exécutions laissées en cours, sauf celle qu'une autre instance mène encore", async () => {
    const enCours = (tache: string) =>
      t.base.db
        .insert(tacheExecution)
        .values({ tache, declencheur: 'planifiée' })
        .returning()
        .then(([l]) => l!);
    const coupee = await enCours('sauvegarde');
    const vivante = await enCours('placesEnLigne');
    // another instance's run of « Places non validées » holds its job's lock
    const liberer = await tenirVerrou('placesEnLigne');
    try {
      expect(await t.taches().conclureInterrompues()).toBe(1);
    } finally {
      await liberer();
    }
    const sauvegarde = (await taches()).find((x) => x.code === 'sauvegarde')!.derniere;
    expect(sauvegarde).toMatchObject({ idExecution: coupee.idExecution, statut: 'KO', bilan: TACHE_MESSAGES.interrompue });
    expect(sauvegarde!.fin).not.toBeNull();
    const [ligne] = await t.base.db.select().from(tacheExecution).where(eq(tacheExecution.idExecution, vivante.idExecution));
    expect(ligne).toMatchObject({ statut: 'EN_COURS', fin: null });
    const message = await dernierEvenement(t.base.db, DOMAINES_EVENEMENT.sauvegarde);
    expect(message).toMatchObject({ type: 2, texte: `Sauvegarde de la base : ${TACHE_MESSAGES.interrompue}` });
    await t.base.db.delete(tacheExecution).where(eq(tacheExecution.idExecution, vivante.idExecution));
  });

  it('enregistre en KO une tâche qui échoue, avec la raison', async () => {
    const enPanne = Object.create(t.base.db, {
      transaction: { value: () => Promise.reject(new Error('base indisponible')) },
    }) as typeof t.base.db;
    const { creerTaches } = await import('../../jobs/taches.js');
    const { creerCourrier } = await import('../../courriel.js');
    const issue = await creerTaches({ base: { ...t.base, db: enPanne }, courrier: creerCourrier(t.config), horloge: t.horloge }).executer(
      'planification',
    );
    expect(issue).toMatchObject({ execution: { statut: 'KO', bilan: 'Planification des levées en échec : base indisponible' } });
  });

  it('réserve l’écran au rôle technique (403 pour les autres) et refuse une tâche inconnue (400)', async () => {
    for (const compte of ['lecture', 'gestion', 'admin'] as const) {
      expect(refus(await t.en(compte, { url: `${REST}/tache` }))).toEqual({
        statut: 403,
        errMsg: ERREURS.nonAutorise,
        code: 'NON_AUTORISE',
      });
    }
    expect(refus(await lancer('planification', 'admin'))).toMatchObject({ statut: 403 });
    expect(refus(await lancer('inconnue'))).toMatchObject({ statut: 400, code: 'SAISIE_INVALIDE' });
  });
});
