import { ajouterJours, debarrasSaisieSchema, formatNumero } from '@debarras/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lignes, type Base, type Db } from '../db/client.js';
import { secteur } from '../db/schema.js';
import { joursOuvrables } from '../joursOuvrables.js';
import { enregistrer as enregistrerAdresses } from '../modules/adresse/service.js';
import { enregistrer as enregistrerDebarras } from '../modules/debarras/service.js';
import { appDeTest, baseDeTest } from '../test/app.js';
import { adressesVille } from './adresses.js';
import { JOURS_HISTORIQUE, semerDebarras, type BilanDebarras } from './debarras.js';
import { SECTEURS_DEMO, SECTEURS_DEMO_ACTIFS, semerDonneesDemo } from './demo.js';
import { semerReference } from './reference.js';

// a Monday morning in Geneva
const MAINTENANT = new Date('2026-11-23T10:30:00+01:00');
const JOUR = '2026-11-23';

const t = appDeTest();
let autre: Base;
let bilan: BilanDebarras;

/** The demo sectors and one address in ten of the demo register: enough, and quicker. */
async function semer(db: Db) {
  await db.insert(secteur).values(SECTEURS_DEMO.map((s) => ({ ...s, createdBy: 'test', lastModifiedBy: 'test' })));
  await db.transaction((tx) =>
    enregistrerAdresses(
      tx,
      adressesVille(SECTEURS_DEMO_ACTIFS).filter((_, i) => i % 10 === 0),
      'test',
    ),
  );
  return semerDebarras(db, MAINTENANT);
}

beforeAll(async () => {
  bilan = await semer(t.base.db);
  autre = await baseDeTest();
  await semerReference(autre.db);
  await semer(autre.db);
}, 120_000);

afterAll(async () => {
  await autre?.fermer();
});

const requete = <T>(q: ReturnType<typeof sql>, db: Db = t.base.db) => lignes<T>(db, q);

const HISTORIQUE = sql`
  select d.numero, d.idp_adr, d.adresse, d.secteur_adresse, d.statut, d.type_demande, d.sauvage, d.punaises, d.nom_personne,
         d.telephone, d.email, d.created_by, d.created_date, l.date_levee, s.libelle as secteur,
         (select string_agg(o.id_objet || 'x' || o.quantite, ',' order by o.id_objet) from debarras_objet o where o.id_debarras = d.id_debarras) as objets
  from debarras d join levee l on l.id_levee = d.id_levee join secteur s on s.id_secteur = l.id_secteur
  order by d.numero`;

interface Ligne {
  numero: string;
  idp_adr: string;
  secteur_adresse: string;
  statut: string;
  type_demande: string;
  sauvage: boolean;
  punaises: boolean;
  nom_personne: string | null;
  telephone: string | null;
  email: string | null;
  date_levee: string;
  secteur: string;
  objets: string;
}

describe('historique de débarras de démonstration', () => {
  it('est le même à chaque chargement : numéros, adresses, levées, objets', async () => {
    const premier = await requete<Ligne>(HISTORIQUE);
    expect(premier).toHaveLength(bilan.debarras);
    expect(await requete<Ligne>(HISTORIQUE, autre.db)).toEqual(premier);
  });

  it('compte environ 150 débarras chaque jour ouvrable des 60 derniers jours, levées et débarras archivés sauf ceux du dernier jour ouvrable', async () => {
    const parJour = await requete<{ jour: string; n: number; archives: number; levees_archivees: number }>(sql`
      select l.date_levee as jour, count(*)::int as n, count(*) filter (where d.statut = 'ARCHIVE')::int as archives,
             count(distinct l.id_levee) filter (where l.statut = 'ARCHIVE')::int as levees_archivees
      from debarras d join levee l on l.id_levee = d.id_levee
      where l.date_levee < ${JOUR} group by l.date_levee order by l.date_levee`);
    expect(parJour.map((j) => j.jour)).toEqual(joursOuvrables(ajouterJours(JOUR, -JOURS_HISTORIQUE), ajouterJours(JOUR, -1)));
    expect(parJour.every((j) => j.n >= 120 && j.n <= 160)).toBe(true);
    const moyenne = parJour.reduce((total, j) => total + j.n, 0) / parJour.length;
    expect(moyenne).toBeGreaterThan(135);
    expect(moyenne).toBeLessThanOrEqual(150);
    const vendredi = parJour.at(-1)!;
    expect(vendredi).toMatchObject({ jour: '2026-11-20', archives: 0, levees_archivees: 0 });
    expect(parJour.slice(0, -1).every((j) => j.archives === j.n && j.levees_archivees === 5)).toBe(true);
  });

  it('archive les levées le jour ouvrable suivant, à la même heure que leurs débarras', async () => {
    const [ecarts] = await requete<{ n: number }>(sql`
      select count(*)::int as n from debarras d join levee l on l.id_levee = d.id_levee
      join debarras_journal j on j.id_debarras = d.id_debarras and j.type = 'ARCHIVAGE'
      where j.date_journal <> l.last_modified_date or d.last_modified_date <> l.last_modified_date
         or (l.last_modified_date at time zone 'Europe/Zurich')::date <= l.date_levee`);
    expect(ecarts!.n).toBe(0);
    const [lundi] = await requete<{ archivage: string }>(sql`
      select distinct (last_modified_date at time zone 'Europe/Zurich')::date::text as archivage from levee where date_levee = '2026-11-19'`);
    expect(lundi!.archivage).toBe('2026-11-20');
  });

  it("laisse actives les levées du jour et à venir, plus remplies près d'aujourd'hui, vides au-delà de trois semaines et demie", async () => {
    const parJour = await requete<{ jour: string; n: number; actifs: boolean }>(sql`
      select l.date_levee as jour, count(*)::int as n, bool_and(d.statut in ('ACTIF', 'EN_ATTENTE_VALIDATION') and l.statut = 'ACTIF') as actifs
      from debarras d join levee l on l.id_levee = d.id_levee
      where l.date_levee >= ${JOUR} group by l.date_levee order by l.date_levee`);
    const n = new Map(parJour.map((j) => [j.jour, j.n]));
    expect(parJour.every((j) => j.actifs)).toBe(true);
    expect(n.get(JOUR)).toBeGreaterThan(120);
    expect(n.get('2026-11-24')).toBeGreaterThan(100);
    expect(n.get('2026-11-24')!).toBeGreaterThan(n.get('2026-12-04') ?? 0);
    expect(n.get('2026-12-04') ?? 0).toBeGreaterThan(n.get('2026-12-11') ?? 0);
    expect(parJour.filter((j) => j.jour > ajouterJours(JOUR, 25))).toEqual([]);
  });

  it("ne dépasse le maximum d'une levée que rarement, et de deux débarras au plus", async () => {
    const levees = await requete<{ n: number; max: number }>(sql`
      select count(*)::int as n, l.nb_debarras_max as max from debarras d join levee l on l.id_levee = d.id_levee group by l.id_levee`);
    const depassees = levees.filter((l) => l.n > l.max);
    expect(depassees.length).toBeLessThanOrEqual(levees.length * 0.04);
    expect(depassees.every((l) => l.n <= l.max + 2)).toBe(true);
    expect(levees.every((l) => l.max === 30)).toBe(true);
  });

  it('prend chaque adresse du registre, dans le secteur de la levée', async () => {
    const [ecarts] = await requete<{ n: number }>(sql`
      select count(*)::int as n from debarras d join levee l on l.id_levee = d.id_levee join secteur s on s.id_secteur = l.id_secteur
      join adresse a on a.idp_adr = d.idp_adr
      where d.secteur_adresse is distinct from s.libelle or a.secteur is distinct from s.libelle or d.adresse <> a.adresse`);
    expect(ecarts!.n).toBe(0);
    const [sansAdresse] = await requete<{ n: number }>(
      sql`select count(*)::int as n from debarras d where not exists (select 1 from adresse a where a.idp_adr = d.idp_adr)`,
    );
    expect(sansAdresse!.n).toBe(0);
  });

  it("donne à chaque débarras une à quatre lignes d'objets acceptés, en quantité 1 à 3", async () => {
    const [ecarts] = await requete<{ sans: number; trop: number; refuses: number; quantites: number }>(sql`
      select
        (select count(*)::int from debarras d where not exists (select 1 from debarras_objet o where o.id_debarras = d.id_debarras)) as sans,
        (select count(*)::int from (select id_debarras from debarras_objet group by id_debarras having count(*) > 4) x) as trop,
        (select count(*)::int from debarras_objet o join objet b on b.id_objet = o.id_objet where b.type <> 'Objet' or b.actif <> 1) as refuses,
        (select count(*)::int from debarras_objet where quantite not between 1 and 3) as quantites`);
    expect(ecarts).toEqual({ sans: 0, trop: 0, refuses: 0, quantites: 0 });
  });

  it("journalise la création le jour de la demande, avant la levée (le jour même pour un sauvage), et l'archivage", async () => {
    const [ecarts] = await requete<{ sans_creation: number; creation_decalee: number; apres_levee: number; sans_archivage: number }>(sql`
      select
        (select count(*)::int from debarras d where (select count(*) from debarras_journal j where j.id_debarras = d.id_debarras and j.type = 'CREATION') <> 1) as sans_creation,
        (select count(*)::int from debarras d join debarras_journal j on j.id_debarras = d.id_debarras and j.type = 'CREATION'
          where j.date_journal <> d.created_date or j.utilisateur <> d.created_by) as creation_decalee,
        (select count(*)::int from debarras d join levee l on l.id_levee = d.id_levee
          where (d.created_date at time zone 'Europe/Zurich')::date > l.date_levee
             or (not d.sauvage and (d.created_date at time zone 'Europe/Zurich')::date >= l.date_levee)) as apres_levee,
        (select count(*)::int from debarras d where d.statut = 'ARCHIVE'
          and not exists (select 1 from debarras_journal j where j.id_debarras = d.id_debarras and j.type = 'ARCHIVAGE' and j.date_journal > d.created_date)) as sans_archivage`);
    expect(ecarts).toEqual({ sans_creation: 0, creation_decalee: 0, apres_levee: 0, sans_archivage: 0 });
    const [futur] = await requete<{ n: number }>(
      sql`select count(*)::int as n from debarras where created_date > ${MAINTENANT.toISOString()}::timestamptz`,
    );
    expect(futur!.n).toBe(0);
  });

  it('mêle téléphone, guichet, courrier et quelques réservations en ligne, avec ~5 % de sauvages et ~3 % de punaises', async () => {
    const historique = await requete<Ligne>(HISTORIQUE);
    const part = (f: (l: Ligne) => boolean) => historique.filter(f).length / historique.length;
    expect(part((l) => l.type_demande === 'TELEPHONE')).toBeGreaterThan(0.5);
    expect(part((l) => l.type_demande === 'ORAL')).toBeGreaterThan(0.1);
    expect(part((l) => l.type_demande === 'ECRIT')).toBeGreaterThan(0.1);
    expect(part((l) => l.type_demande === 'INTERNET')).toBeGreaterThan(0.01);
    expect(part((l) => l.sauvage)).toBeGreaterThan(0.03);
    expect(part((l) => l.sauvage)).toBeLessThan(0.07);
    expect(part((l) => l.punaises)).toBeGreaterThan(0.015);
    expect(part((l) => l.punaises)).toBeLessThan(0.045);
  });

  it('donne des demandeurs manifestement fictifs, chacun joignable par téléphone ou e-mail', async () => {
    const historique = await requete<Ligne>(HISTORIQUE);
    const demandeurs = historique.filter((l) => !l.sauvage);
    expect(demandeurs.every((l) => /^Demandeur \d{4,}$/.test(l.nom_personne ?? ''))).toBe(true);
    expect(demandeurs.every((l) => l.telephone || l.email)).toBe(true);
    expect(historique.every((l) => l.telephone === null || /^0(22|79) 000 \d\d \d\d$/.test(l.telephone))).toBe(true);
    expect(historique.every((l) => l.email === null || /^demandeur\.\d{4,}@example\.org$/.test(l.email))).toBe(true);
    expect(historique.filter((l) => l.email).length).toBeGreaterThan(historique.length * 0.1);
  });

  it("n'est chargé qu'une fois : les données de démonstration ne le refont pas", async () => {
    await semerDonneesDemo(t.base.db, MAINTENANT);
    // the demo's récurrences add their own débarras on the coming levées, once
    const [historique] = await requete<{ n: number }>(sql`select count(*)::int as n from debarras where not recurrent`);
    expect(historique!.n).toBe(bilan.debarras);
    const [tous] = await requete<{ n: number }>(sql`select count(*)::int as n from debarras`);
    await semerDonneesDemo(t.base.db, MAINTENANT);
    expect((await requete<{ n: number }>(sql`select count(*)::int as n from debarras`))[0]!.n).toBe(tous!.n);
  });

  it("numérote sans trou dans l'ordre de création, et la création suivante prend le numéro qui suit", async () => {
    const numeros = await requete<{ numero: string }>(sql`select numero from debarras order by created_date, id_debarras`);
    expect(numeros.map((d) => d.numero)).toEqual(numeros.map((_, i) => formatNumero(2026, i + 1)));
    const [libre] = await requete<{ id_levee: number }>(sql`
      select l.id_levee from levee l where l.date_levee > ${ajouterJours(JOUR, 25)} and l.statut = 'ACTIF' order by l.date_levee limit 1`);
    const [uneAdresse] = await requete<{ idp_adr: string }>(sql`select idp_adr from adresse order by idp_adr limit 1`);
    const [unObjet] = await requete<{ id_objet: number }>(
      sql`select id_objet from objet where type = 'Objet' and actif = 1 order by ordre limit 1`,
    );
    const saisie = debarrasSaisieSchema.parse({
      adresse: { idpAdr: uneAdresse!.idp_adr },
      levee: { idLevee: libre!.id_levee },
      nomPersonne: 'Demandeur du test',
      telephone: '022 000 99 99',
      debarrasObjets: [{ objet: { idObjet: unObjet!.id_objet }, quantite: 1 }],
    });
    const cree = await enregistrerDebarras(t.base.db, saisie, 'gestion', { force: false, jour: JOUR });
    expect(cree.numero).toBe(formatNumero(2026, numeros.length + 1));
  });
});
