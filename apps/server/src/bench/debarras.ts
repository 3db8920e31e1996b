import path from 'node:path';
import { ajouterJours, aujourdhui, debarrasListeSchema, ROLES, type Debarras, type DebarrasSaisie } from '@debarras/domain';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { construireApp } from '../app.js';
import { lireConfig } from '../config.js';
import { lignes, type Base, type Db, type Tx } from '../db/client.js';
import { adresse, debarras, debarrasObjet, levee, secteur } from '../db/schema.js';
import { generateur } from '../seed/aleatoire.js';
import { SECTEURS_DEMO } from '../seed/demo.js';
import { enregistrer } from '../modules/adresse/service.js';
import { requetesPage } from '../modules/debarras/liste.js';
import { ajouterUtilisateur } from '../modules/utilisateur/service.js';
import { REGISTRE } from './adresses.js';
import { groupe, type Section } from './mesure.js';

const DEBARRAS = 400_000;
/** Five sectors, one standard levée each working day: ten years of rounds. */
const JOURS_DE_LEVEE = 2_600;
const PAR = 'bench';
const REST = '/webdeb/rest';
const MOT_DE_PASSE = 'mot-de-passe-du-banc';

/** List targets of issue 6, by engine; the API's p50 stays within 3× the bare SQL's. */
const P95_LISTE_MS = { pglite: 25, postgresql: 10 } as const;
const RAPPORT_API_SQL = 3;
/** Creations sent at once, all numbered in the same year's counter. */
const CREATIONS_SIMULTANEES = 1_000;

/** 9 000 synthetic surnames: a surname typed in the name filter finds a few dozen requests over ten years. */
const DEBUTS = [
  'Dup',
  'Mart',
  'Bern',
  'Fav',
  'Roch',
  'Gaill',
  'Chapp',
  'Vuill',
  'Bonn',
  'Perr',
  'Mich',
  'Jacqu',
  'Rey',
  'Mey',
  'Schm',
  'Müll',
  'Ross',
  'Ferr',
  'Cost',
  'Silv',
  'Gonz',
  'Lamb',
  'Coll',
  'Dub',
  'Leb',
  'Mor',
  'Gir',
  'Pict',
  'Burn',
  'Zurb',
  'Hug',
  'Grand',
  'Beaum',
  'Chev',
  'Laval',
  'Monn',
  'Pasqu',
  'Tissot',
  'Golay',
  'Cramer',
  'Oltr',
  'Desch',
  'Favr',
  'Baud',
  'Rochat',
  'Court',
  'Maill',
  'Junod',
  'Borel',
  'Pernet',
];
const FINS = [
  'ont',
  'in',
  'and',
  'ier',
  'ard',
  'et',
  'oud',
  'ot',
  'ez',
  'ini',
  'elli',
  'aux',
  'on',
  'ey',
  'at',
  'ens',
  'ilier',
  'oz',
  'az',
  'ettaz',
  'ry',
  'ez-Droz',
  'ella',
  'ès',
  'ig',
  'mann',
  'inger',
  'oni',
  'ard-Roux',
  'eau',
];
const PRENOMS = [
  'Marie',
  'Jean',
  'Sophie',
  'Pierre',
  'Nathalie',
  'Luc',
  'Isabelle',
  'Marc',
  'Claire',
  'Paul',
  'Anne',
  'Nicolas',
  'Laura',
  'David',
  'Sara',
  'Yves',
  'Ana',
  'José',
  'Fatima',
  'Mehmet',
  'Elena',
  'Giulia',
  'Thomas',
  'Chantal',
];
const MILIEUX = ['', 'er', 'al', 'ib', 'on', 'uss'];
const NOMS = DEBUTS.flatMap((d) => MILIEUX.flatMap((m) => FINS.map((f) => d + m + f)));

/**
 * Ten years of débarras, rows at once, in one transaction: the database does the drawing (setseed makes it
 * repeatable). Other sections that read this history load it when they run alone.
 */
export async function semerHistorique(db: Db) {
  if (!(await db.select({ n: count() }).from(adresse))[0]?.n) await db.transaction((tx) => enregistrer(tx, REGISTRE, PAR));
  await db
    .insert(secteur)
    .values(SECTEURS_DEMO.map((s) => ({ ...s, createdBy: PAR, lastModifiedBy: PAR })))
    .onConflictDoNothing();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.2056)`);
    await tx.execute(sql`
      insert into levee (date_levee, id_secteur, statut, nb_debarras_max, created_date, created_by, last_modified_date, last_modified_by)
      select j.jour, s.id_secteur, case when j.jour < current_date then 'ARCHIVE' else 'ACTIF' end, 40, j.jour - 40, ${PAR}, j.jour - 40, ${PAR}
      from (
        select jour::date from generate_series(current_date - 3800, current_date + 60, interval '1 day') jour
        where extract(isodow from jour) < 6 order by jour desc limit ${JOURS_DE_LEVEE}
      ) j
      cross join (select id_secteur from secteur where date_fin is null order by id_secteur limit 5) s
      order by j.jour, s.id_secteur`);
    await tx.execute(sql`
      with nb as (select (select count(*) from levee) as levees, (select count(*) from adresse) as adresses),
      l as (select id_levee, date_levee, row_number() over (order by date_levee, id_levee) - 1 as rang from levee),
      a as (select idp_adr, adresse, secteur, row_number() over (order by idp_adr) - 1 as rang from adresse),
      tirage as (
        select g, (g - 1) * nb.levees / ${DEBARRAS} as rang_levee, floor(random() * nb.adresses)::int as rang_adresse,
          random() as r_statut, random() < 0.05 as sauvage, floor(random() * 2e9)::int as h, random() as r_jour, random() as r_heure
        from generate_series(1, ${DEBARRAS}) g, nb
      ),
      date_creee as (
        select t.*, l.id_levee, l.date_levee,
          least((l.date_levee - 1 - floor(t.r_jour * 30)::int) + (7 + t.r_heure * 10) * interval '1 hour', now() - t.r_heure * interval '2 days') as cree
        from tirage t join l on l.rang = t.rang_levee
      ),
      numerote as (
        select d.*, extract(year from d.cree at time zone 'Europe/Zurich')::int as annee,
          row_number() over (partition by extract(year from d.cree at time zone 'Europe/Zurich') order by d.cree, d.g) as rang_annee
        from date_creee d
      ),
      noms as (select string_to_array(${NOMS.join(',')}, ',') as noms, string_to_array(${PRENOMS.join(',')}, ',') as prenoms)
      insert into debarras (
        numero, statut, type_demande, sauvage, idp_adr, adresse, secteur_adresse, id_levee, nom_personne, telephone, email,
        created_date, created_by, last_modified_date, last_modified_by
      )
      select n.annee || '-' || lpad(n.rang_annee::text, 5, '0'),
        case when n.date_levee < current_date then case when n.r_statut < 0.06 then 'SUPPRIME' else 'ARCHIVE' end
          else case when n.r_statut < 0.03 then 'SUPPRIME' when n.r_statut < 0.05 then 'EN_ATTENTE_VALIDATION' else 'ACTIF' end end,
        (array['TELEPHONE', 'TELEPHONE', 'INTERNET', 'INTERNET', 'ECRIT', 'ORAL'])[1 + n.h % 6],
        n.sauvage, a.idp_adr, a.adresse, a.secteur, n.id_levee,
        case when not n.sauvage then noms.noms[1 + n.h % array_length(noms.noms, 1)] || ' ' || noms.prenoms[1 + (n.h / 7) % array_length(noms.prenoms, 1)] end,
        case when not n.sauvage then '022 ' || lpad((n.h % 1000)::text, 3, '0') || ' ' || lpad((n.h / 1000 % 100)::text, 2, '0') || ' ' || lpad((n.h / 100000 % 100)::text, 2, '0') end,
        case when n.h % 5 < 2 then 'demandeur' || n.g || '@example.org' end,
        n.cree, ${PAR}, n.cree, ${PAR}
      from numerote n join a on a.rang = n.rang_adresse, noms
      order by n.g`);
    await tx.execute(sql`
      insert into debarras_objet (id_debarras, id_objet, quantite, created_date, created_by, last_modified_date, last_modified_by)
      select d.id_debarras, o.ids[1 + (d.id_debarras * 7 + k * 13) % o.n], 1 + (d.id_debarras + k) % 4, d.created_date, ${PAR}, d.created_date, ${PAR}
      from debarras d
      cross join generate_series(1, 3) k
      cross join (select array_agg(id_objet order by ordre) as ids, count(*)::int as n from objet where actif = 1 and type = 'Objet') o
      where k <= 2 or d.id_debarras % 2 = 0`);
    await tx.execute(sql`
      insert into debarras_journal (id_debarras, type, date_journal, utilisateur)
      select id_debarras, 'CREATION', created_date, created_by from debarras`);
    await tx.execute(sql`
      insert into compteur_numero (annee, dernier)
      select split_part(numero, '-', 1)::int, max(split_part(numero, '-', 2)::int) from debarras group by 1
      on conflict (annee) do update set dernier = greatest(compteur_numero.dernier, excluded.dernier)`);
  });
  await db.execute(sql`vacuum analyze`);
  await ecrireSurDisque(db);
  const n = async (table: typeof debarras | typeof debarrasObjet | typeof levee) => (await db.select({ n: count() }).from(table))[0]!.n;
  const millier = (v: number) => v.toLocaleString('fr-CH');
  return `${millier(await n(debarras))} débarras, ${millier(await n(debarrasObjet))} lignes d'objets, ${millier(await n(levee))} levées`;
}

/**
 * The load leaves a few hundred MB of pages to write back, which the server would otherwise spread
 * over the minutes of measuring: the timings are of a server at rest, not of one digesting a bulk
 * load. A checkpoint needs a superuser (or pg_checkpoint); without one, the measures run as they are.
 */
async function ecrireSurDisque(db: Db) {
  try {
    await db.execute(sql`checkpoint`);
  } catch (e) {
    console.log(`CHECKPOINT impossible (${e instanceof Error ? e.message : String(e)}) : mesures pendant l'écriture du chargement.`);
  }
}

/** The app as it runs, with one signed-in staff account: the API measures go through HTTP routing, auth and serialisation. */
export async function appConnectee(base: Base, utilisateur = PAR) {
  // thousands of calls a minute from one address: the request limit would measure itself
  const config = lireConfig({ NODE_ENV: 'test', DATA_DIR: path.join('/tmp', 'debarras-bench'), REQUETES_PAR_MINUTE: '0' });
  await ajouterUtilisateur(
    base.db,
    { username: utilisateur, displayName: "Banc d'essai", roles: [ROLES.GESTION], motDePasse: MOT_DE_PASSE },
    PAR,
  );
  const app = await construireApp({ config, base, dossierWeb: '/nonexistent' });
  await app.ready();
  const r = await app.inject({ method: 'POST', url: `${REST}/login`, payload: { username: utilisateur, password: MOT_DE_PASSE } });
  const c = r.cookies[0];
  if (r.statusCode !== 200 || !c) throw new Error(`connexion du banc d'essai impossible : ${r.body}`);
  return { app, cookie: `${c.name}=${c.value}` };
}

export async function appeler(app: FastifyInstance, cookie: string, requete: { method?: 'GET' | 'POST'; url: string; payload?: object }) {
  const r = await app.inject({ ...requete, headers: { cookie } });
  if (r.statusCode !== 200) throw new Error(`${requete.url} : ${r.statusCode} ${r.body}`);
  return r;
}

type Filtres = Record<string, string>;

/** What staff type in the 'Adresse' filter: the street's main word (not its type), sometimes with the number. */
function fragmentAdresse(libelle: string, avecNumero: boolean) {
  const [type = '', ...mots] = libelle.toLowerCase().split(' ');
  const i = mots.reduce((meilleur, m, j) => (/^[\p{L}'-]+$/u.test(m) && m.length > (mots[meilleur]?.length ?? 0) ? j : meilleur), -1);
  if (i < 0) return type;
  const suivant = mots[i + 1];
  return avecNumero && suivant && /^\d/.test(suivant) ? `${mots[i]} ${suivant}` : mots[i]!;
}

/** What staff type in the 'Nom demandeur' filter: the surname in lower case, half the time without its accents. */
const nomTape = (nom: string, alea: ReturnType<typeof generateur>) => {
  const famille = nom.split(' ')[0]!.toLowerCase();
  return alea.vrai(0.5) ? famille.normalize('NFD').replace(/\p{M}/gu, '') : famille;
};

/** A number as a caller gives it back: its digits run together, in international form, or only its end. */
function telephoneTape(telephone: string, alea: ReturnType<typeof generateur>) {
  const chiffres = telephone.replace(/\D/g, '');
  const forme = alea.entier(0, 2);
  if (forme === 0) return chiffres;
  if (forme === 1) return `+41 ${chiffres.slice(1, 3)} ${chiffres.slice(3)}`;
  return chiffres.slice(-7);
}

/** The `rang`-th sample of 400 débarras (0: the timed one, 1: the warm-up) and what staff would type to find them. */
async function entrees(db: Db, rang: number) {
  const alea = generateur(6 + rang);
  const echantillon = await lignes<{
    id: number;
    adresse: string;
    nom: string | null;
    telephone: string | null;
    email: string | null;
    date: string;
  }>(
    db,
    sql`select d.id_debarras as id, d.adresse, d.nom_personne as nom, d.telephone, d.email, l.date_levee::text as date
        from debarras d join levee l on l.id_levee = d.id_levee order by md5(d.id_debarras::text) limit 400 offset ${rang * 400}`,
  );
  const listes = {
    defaut: echantillon.map((_, i): Filtres => ({ statut: 'ACTIF', page: String(i % 4) })),
    adresse: echantillon.map((e): Filtres => ({ adresse_adresse: fragmentAdresse(e.adresse, alea.vrai(0.5)) })),
    nom: echantillon.filter((e) => e.nom).map((e): Filtres => ({ nomPersonne: nomTape(e.nom!, alea) })),
    telephone: echantillon.filter((e) => e.telephone).map((e): Filtres => ({ telephone: telephoneTape(e.telephone!, alea) })),
    // what a caller spells out: the address before its @
    email: echantillon.filter((e) => e.email).map((e): Filtres => ({ email: e.email!.split('@')[0]! })),
    dates: echantillon.map((e): Filtres => ({ startDateLevee: e.date, endDateLevee: ajouterJours(e.date, alea.entier(6, 31)) })),
  };
  const [cible] = await lignes<{ id: number }>(
    db,
    sql`select id_levee as id from levee where statut = 'ACTIF' and date_levee > ${ajouterJours(aujourdhui(), 1)} order by date_levee desc limit 1`,
  );
  const [objetsAcceptes] = await lignes<{ ids: number[] }>(
    db,
    sql`select array_agg(id_objet order by ordre) as ids from objet where actif = 1 and type = 'Objet'`,
  );
  const creations = echantillon.slice(0, 200).map((e, i): DebarrasSaisie => ({
    typeDemande: 'TELEPHONE',
    sauvage: '0',
    adresse: { idpAdr: '' },
    levee: { idLevee: cible!.id },
    nomPersonne: e.nom ?? 'Anonyme',
    telephone: '022 418 00 00',
    debarrasObjets: objetsAcceptes!.ids.slice(i % 5, (i % 5) + 2).map((idObjet) => ({ objet: { idObjet }, quantite: 2, remarque: null })),
  }));
  const idpAdr = await lignes<{ idp: string }>(
    db,
    sql`select idp_adr as idp from adresse order by md5(idp_adr) limit 200 offset ${rang * 200}`,
  );
  creations.forEach((c, i) => (c.adresse = { idpAdr: idpAdr[i]!.idp }));
  return { listes, ids: echantillon.map((e) => e.id), creations };
}

/** The four queries of the detail, by hand: the débarras, its levée and sector, the levée's counts, its objects. */
async function detailSql(db: Tx, id: number) {
  const [d] = await lignes<{ id_levee: number }>(db, sql`select * from debarras where id_debarras = ${id}`);
  await db.execute(sql`select * from levee l left join secteur s on s.id_secteur = l.id_secteur where l.id_levee = ${d!.id_levee}`);
  await db.execute(sql`select id_levee, count(*) filter (where statut = 'ACTIF'), count(*) filter (where statut = 'EN_ATTENTE_VALIDATION')
    from debarras where id_levee in (${d!.id_levee}) group by id_levee`);
  await db.execute(
    sql`select o.*, ob.libelle from debarras_objet o join objet ob on ob.id_objet = o.id_objet where o.id_debarras = ${id} order by ob.ordre, o.id_debarras_objet`,
  );
}

/** A creation's statements, by hand, in the service's order, then the detail it answers with. */
async function creationSql(db: Db, s: DebarrasSaisie) {
  const ids = (s.debarrasObjets ?? []).map((o) => o.objet.idObjet);
  await db.transaction(async (tx) => {
    const [a] = await lignes<{ idp_adr: string; adresse: string; secteur: string | null }>(
      tx,
      sql`select * from adresse where idp_adr = ${s.adresse.idpAdr}`,
    );
    await tx.execute(
      sql`select id_objet from objet where id_objet in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) and actif = 1 and type = 'Objet'`,
    );
    await tx.execute(
      sql`select * from levee l left join secteur s on s.id_secteur = l.id_secteur where l.id_levee = ${s.levee.idLevee} for update of l`,
    );
    const annee = Number(aujourdhui().slice(0, 4));
    const [c] = await lignes<{ dernier: number }>(
      tx,
      sql`insert into compteur_numero (annee, dernier) values (${annee}, 1)
      on conflict (annee) do update set dernier = compteur_numero.dernier + 1 returning dernier`,
    );
    const [d] = await lignes<{ id_debarras: number }>(
      tx,
      sql`insert into debarras (numero, type_demande, idp_adr, adresse, secteur_adresse, id_levee, nom_personne, telephone, created_by, last_modified_by)
      values (${`${annee}-${String(c!.dernier).padStart(5, '0')}`}, ${s.typeDemande}, ${a!.idp_adr}, ${a!.adresse}, ${a!.secteur}, ${s.levee.idLevee}, ${s.nomPersonne}, ${s.telephone}, ${PAR}, ${PAR})
      returning *`,
    );
    await tx.execute(sql`delete from debarras_objet where id_debarras = ${d!.id_debarras}`);
    await tx.execute(sql`insert into debarras_objet (id_debarras, id_objet, quantite, created_by, last_modified_by)
      values ${sql.join(
        ids.map((i) => sql`(${d!.id_debarras}, ${i}, 2, ${PAR}, ${PAR})`),
        sql`, `,
      )}`);
    await tx.execute(sql`insert into debarras_journal (id_debarras, type, utilisateur) values (${d!.id_debarras}, 'CREATION', ${PAR})`);
    await detailSql(tx, d!.id_debarras);
  });
}

/**
 * Creations sent all at once: each must get its own number, and none may be skipped (the year's
 * counter row is locked until commit). A duplicate or a gap fails the bench.
 */
async function creerEnMeme(app: FastifyInstance, cookie: string, lot: DebarrasSaisie[]) {
  const reponses = await Promise.all(
    lot.map((s) => appeler(app, cookie, { method: 'POST', url: `${REST}/debarras?force=true`, payload: s })),
  );
  const rangs = reponses.map((r) => Number((r.json() as Debarras).numero.slice(5))).sort((a, b) => a - b);
  const distincts = new Set(rangs).size;
  if (distincts !== lot.length || rangs.at(-1)! - rangs[0]! !== lot.length - 1) {
    throw new Error(`${lot.length} créations simultanées : ${distincts} numéros distincts, du rang ${rangs[0]} au rang ${rangs.at(-1)}.`);
  }
}

/** Issue 6: ten years of history, the list's common searches, the detail and a creation. */
export const sectionDebarras: Section = {
  nom: 'Débarras',
  async preparer(base) {
    const { db } = base;
    const donnees = await semerHistorique(db);
    const { app, cookie } = await appConnectee(base);
    const { listes, ids, creations } = await entrees(db, 0);
    const echauffement = await entrees(db, 1);
    const p95MaxMs = P95_LISTE_MS[base.moteur];
    const liste = (nom: string, cle: keyof typeof listes) =>
      groupe({
        nom,
        entrees: listes[cle],
        echauffement: echauffement.listes[cle],
        mesures: [
          { nom: 'API (GET /debarras)', executer: (f) => appeler(app, cookie, { url: `${REST}/debarras/?${new URLSearchParams(f)}` }) },
          {
            nom: 'SQL seul (page + total)',
            executer: (f) => {
              const requetes = requetesPage(db, debarrasListeSchema.parse(f));
              return Promise.all([db.execute(requetes.lignes), db.execute(requetes.total)]);
            },
          },
        ],
        p95MaxMs,
        rapportMax: RAPPORT_API_SQL,
      });
    return {
      donnees,
      groupes: [
        liste("Liste par défaut (ACTIF, plus récents d'abord, pages 1 à 4)", 'defaut'),
        liste("Liste filtrée par adresse (« chancy », « cardinal-mermillod 93 »…, tout l'historique)", 'adresse'),
        liste("Liste filtrée par nom de famille du demandeur, avec ou sans accents (tout l'historique)", 'nom'),
        liste("Liste filtrée par téléphone (« 0221234567 », « +41 22 1234567 », « 1234567 », tout l'historique)", 'telephone'),
        liste("Liste filtrée par e-mail (« demandeur1234 », tout l'historique)", 'email'),
        liste('Liste filtrée par période de levée (1 à 4 semaines, tous statuts)', 'dates'),
        groupe({
          nom: 'Détail (GET /debarras/{id})',
          entrees: ids,
          echauffement: echauffement.ids,
          mesures: [
            { nom: 'API (GET /debarras/{id})', executer: (id) => appeler(app, cookie, { url: `${REST}/debarras/${id}` }) },
            { nom: 'SQL seul (4 requêtes)', executer: (id) => detailSql(db, id) },
          ],
          rapportMax: RAPPORT_API_SQL,
        }),
        groupe({
          nom: 'Création (POST /debarras, 2 objets)',
          entrees: creations,
          echauffement: echauffement.creations,
          mesures: [
            {
              nom: 'API (POST /debarras)',
              executer: (s) => appeler(app, cookie, { method: 'POST', url: `${REST}/debarras?force=true`, payload: s }),
            },
            { nom: 'SQL seul (transaction)', executer: (s) => creationSql(db, s) },
          ],
          rapportMax: RAPPORT_API_SQL,
        }),
        groupe({
          nom: `${CREATIONS_SIMULTANEES.toLocaleString('fr-CH')} créations simultanées (numéros distincts et sans trou)`,
          entrees: [Array.from({ length: CREATIONS_SIMULTANEES }, (_, i) => creations[i % creations.length]!)],
          echauffement: [],
          mesures: [{ nom: 'API (POST /debarras en parallèle)', executer: (lot) => creerEnMeme(app, cookie, lot) }],
        }),
      ],
      fermer: () => app.close(),
    };
  },
};
