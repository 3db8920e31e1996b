import { ajouterMois, DOMAINES_EVENEMENT, type Execution } from '@debarras/domain';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { debarras, debarrasJournal, debarrasObjet, logEvenement, parametre } from '../db/schema.js';
import type { Horloge } from '../horloge.js';
import { appDeTest } from '../test/app.js';
import { desLevees, unDebarras, unSecteur } from '../test/fabriques.js';
import { bilanAnonymisation, executerAnonymisation } from './anonymisation.js';

const t = appDeTest();

const le = (jour: string): Horloge => ({ maintenant: () => new Date(`${jour}T03:00:00+01:00`), aujourdhui: () => jour });

describe('anonymisation des débarras', () => {
  it("anonymise les débarras archivés et supprimés dont la levée a plus de 24 mois, au jour près, et garde l'adresse et les objets", async () => {
    const jour = '2026-11-03';
    const limite = ajouterMois(jour, -24);
    expect(limite).toBe('2024-11-03');
    const s = await unSecteur(t.base.db);
    const [avant, le_jour_limite, apres] = await desLevees(
      t.base.db,
      { dateLevee: '2024-11-02', idSecteur: s.idSecteur, statut: 'ARCHIVE' },
      { dateLevee: limite, idSecteur: s.idSecteur, statut: 'ARCHIVE' },
      { dateLevee: '2024-11-04', idSecteur: s.idSecteur, statut: 'ARCHIVE' },
    );
    const demandeur = {
      nomPersonne: 'Jeanne Martin',
      telephone: '079 555 12 34',
      email: 'jeanne@exemple.ch',
      remarqueGenerale: 'Appeler avant',
    };
    const archive = await unDebarras(t.base.db, { idLevee: avant!.idLevee, statut: 'ARCHIVE', ...demandeur }, [
      { idObjet: 1, quantite: 2 },
    ]);
    const supprime = await unDebarras(t.base.db, { idLevee: avant!.idLevee, statut: 'SUPPRIME', ...demandeur });
    const actif = await unDebarras(t.base.db, { idLevee: avant!.idLevee, statut: 'ACTIF', ...demandeur });
    const limiteJour = await unDebarras(t.base.db, { idLevee: le_jour_limite!.idLevee, statut: 'ARCHIVE', ...demandeur });
    const recent = await unDebarras(t.base.db, { idLevee: apres!.idLevee, statut: 'ARCHIVE', ...demandeur });

    const bilan = await executerAnonymisation(t.base.db, jour);
    expect(bilan).toEqual({ anonymises: 2, avant: limite, mois: 24 });

    const lignes = await t.base.db
      .select()
      .from(debarras)
      .where(
        inArray(debarras.idDebarras, [archive.idDebarras, supprime.idDebarras, actif.idDebarras, limiteJour.idDebarras, recent.idDebarras]),
      )
      .orderBy(debarras.idDebarras);
    const vide = { nomPersonne: null, telephone: null, email: null, remarqueGenerale: null };
    expect(lignes[0]).toMatchObject({
      ...vide,
      adresse: archive.adresse,
      idpAdr: archive.idpAdr,
      statut: 'ARCHIVE',
      lastModifiedBy: 'anonymisation',
      version: 1,
    });
    expect(lignes[1]).toMatchObject({ ...vide, statut: 'SUPPRIME' });
    for (const garde of lignes.slice(2)) expect(garde).toMatchObject(demandeur);
    expect(await t.base.db.select().from(debarrasObjet).where(eq(debarrasObjet.idDebarras, archive.idDebarras))).toHaveLength(1);
    const journal = await t.base.db.select().from(debarrasJournal).where(eq(debarrasJournal.idDebarras, archive.idDebarras));
    expect(journal.map((j) => [j.type, j.utilisateur])).toEqual([['ANONYMISATION', 'anonymisation']]);

    // the next night finds nothing more to do
    expect((await executerAnonymisation(t.base.db, jour)).anonymises).toBe(0);
    // the day after, the levée on the limit day is over 24 months old
    expect((await executerAnonymisation(t.base.db, '2026-11-04')).anonymises).toBe(1);
  });

  it('suit le paramètre anonymisation.mois, et écrit son bilan dans les messages comme tâche planifiée', async () => {
    await t.base.db.update(parametre).set({ valeur: '6' }).where(eq(parametre.cle, 'anonymisation.mois'));
    try {
      const s = await unSecteur(t.base.db);
      const [levee] = await desLevees(t.base.db, { dateLevee: '2026-05-01', idSecteur: s.idSecteur, statut: 'ARCHIVE' });
      const d = await unDebarras(t.base.db, { idLevee: levee!.idLevee, statut: 'ARCHIVE' });
      const issue = await t.taches({ horloge: le('2026-11-18') }).executer('anonymisation');
      expect(issue).toMatchObject({ execution: { statut: 'OK' } });
      const execution = (issue as { execution: Execution }).execution;
      expect(execution.bilan).toMatch(
        /^Anonymisation des débarras archivés ou supprimés dont la levée est antérieure au 18\.05\.2026 \(6 mois\) : \d+ débarras anonymisé\(s\)\.$/,
      );
      const [anonymise] = await t.base.db.select().from(debarras).where(eq(debarras.idDebarras, d.idDebarras));
      expect(anonymise!.nomPersonne).toBeNull();
      const [debut, fin] = await t.base.db
        .select()
        .from(logEvenement)
        .where(eq(logEvenement.domaine, DOMAINES_EVENEMENT.anonymisation))
        .orderBy(logEvenement.idLogEvenement);
      expect(debut).toMatchObject({ type: 1, texte: 'Anonymisation : début.' });
      expect(fin).toMatchObject({ type: 1, texte: execution.bilan });
      expect(bilanAnonymisation({ anonymises: 3, avant: '2024-11-18', mois: 24 })).toBe(
        'Anonymisation des débarras archivés ou supprimés dont la levée est antérieure au 18.11.2024 (24 mois) : 3 débarras anonymisé(s).',
      );
    } finally {
      await t.base.db.update(parametre).set({ valeur: '24' }).where(eq(parametre.cle, 'anonymisation.mois'));
    }
  });

  it('ramène au dernier jour du mois une limite qui tomberait au-delà', () => {
    expect(ajouterMois('2026-03-31', -1)).toBe('2026-02-28');
    expect(ajouterMois('2028-03-31', -1)).toBe('2028-02-29');
    expect(ajouterMois('2026-01-15', -24)).toBe('2024-01-15');
    expect(ajouterMois('2026-12-31', 2)).toBe('2027-02-28');
  });
});
