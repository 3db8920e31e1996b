import {
  ABREVIATIONS_ADRESSE,
  analyserRechercheAdresse,
  libelleAdresse,
  normaliserRecherche,
  RECHERCHE_ADRESSE,
  type Adresse,
} from '@debarras/domain';
import { generateur } from '../seed/aleatoire.js';
import { adressesCanton } from '../seed/adresses.js';
import { SECTEURS_DEMO_ACTIFS } from '../seed/demo.js';
import * as repo from '../modules/adresse/repo.js';
import { enregistrer, rechercher, type SaisieAdresse } from '../modules/adresse/service.js';
import { groupe, type Section } from './mesure.js';

export const REGISTRE = adressesCanton(SECTEURS_DEMO_ACTIFS);

type Tirage = ReturnType<typeof generateur>;
type Voie = Pick<Adresse, 'typeVoie' | 'nomVoie' | 'noAdresse'>;

/** The longest word of the street's name, in search form: the one people type. */
const motPrincipal = (a: Voie) =>
  normaliserRecherche(a.nomVoie)
    .split(' ')
    .reduce((plusLong, m) => (m.length > plusLong.length ? m : plusLong));

/**
 * What people type in an address picker: the start of the street type, the start of the street's
 * main word and a house number — 'rue serv 12', 'av champel 4', 'ch vign 3'.
 */
function requetes(nombre: number, graine: number): string[] {
  const alea = generateur(graine);
  return Array.from({ length: nombre }, () => {
    const a: Voie = alea.choix<SaisieAdresse>(REGISTRE);
    const debut = (m: string) => m.slice(0, Math.min(m.length, alea.entier(3, 6)));
    const type = a.typeVoie ? normaliserRecherche(a.typeVoie) : normaliserRecherche(a.nomVoie).split(' ')[0]!;
    return [debut(type === 'avenue' && alea.vrai(0.5) ? 'av' : type), debut(motPrincipal(a)), a.noAdresse ?? '1'].join(' ');
  });
}

/** Each word's first abbreviation, the usual one ('av', 'bd', 'ch'). */
const ABREVIATION_DU_TYPE = new Map<string, string>();
for (const [abreviation, mot] of ABREVIATIONS_ADRESSE) if (!ABREVIATION_DU_TYPE.has(mot)) ABREVIATION_DU_TYPE.set(mot, abreviation);

/**
 * Searches the way a call or an e-mail gives them: the type abbreviated with the name and number
 * ('bd carl vogt 50', 'rte chancy 10'), or the postal line pasted whole ('Rue de Lausanne 12, 1202 Genève').
 */
function requetesAbregeesOuCollees(nombre: number, graine: number): string[] {
  const alea = generateur(graine);
  return Array.from({ length: nombre }, () => {
    const a: SaisieAdresse = alea.choix(REGISTRE);
    const type = a.typeVoie ? normaliserRecherche(a.typeVoie) : '';
    if (alea.vrai(0.5)) return `${libelleAdresse(a)}, ${a.noPostal} ${a.nomNpa}`;
    return [ABREVIATION_DU_TYPE.get(type) ?? type, normaliserRecherche(a.nomVoie), a.noAdresse ?? ''].join(' ');
  });
}

/** One typing mistake in the street's main word: a letter left out, doubled, swapped with the next or replaced. */
function fauteDeFrappe(mot: string, alea: Tirage): string {
  const i = alea.entier(1, mot.length - 2);
  const faute = alea.entier(0, 3);
  if (faute === 0) return mot.slice(0, i) + mot.slice(i + 1);
  if (faute === 1) return mot.slice(0, i) + mot[i] + mot.slice(i);
  if (faute === 2) return mot.slice(0, i) + mot[i + 1] + mot[i] + mot.slice(i + 2);
  return mot.slice(0, i) + (mot[i] === 'e' ? 'a' : 'e') + mot.slice(i + 1);
}

/** The main word of the name with one typing mistake, and the house number: 'malagnu 10', 'servete 12'. */
function requetesAvecFaute(nombre: number, graine: number): string[] {
  const alea = generateur(graine);
  const voies = REGISTRE.filter((a) => motPrincipal(a).length >= 6);
  return Array.from({ length: nombre }, () => {
    const a: Voie = alea.choix(voies);
    return `${fauteDeFrappe(motPrincipal(a), alea)} ${a.noAdresse ?? '1'}`;
  });
}

/** Address search (docs/regles.md « Recherche d'adresse »): p95 under 15 ms with the canton's 70 000 addresses. */
export const sectionAdresses: Section = {
  nom: "Recherche d'adresses",
  async preparer({ db }) {
    await db.transaction((tx) => enregistrer(tx, REGISTRE, 'bench'));
    const recherche = (nom: string, fabrique: (nombre: number, graine: number) => string[], graines: [number, number]) =>
      groupe({
        nom,
        entrees: fabrique(400, graines[0]),
        echauffement: fabrique(400, graines[1]),
        mesures: [
          { nom: 'service (rechercher)', executer: (q) => rechercher(db, q) },
          {
            nom: 'SQL seul (1re recherche)',
            executer: (q) => db.execute(repo.rechercher(db, analyserRechercheAdresse(q), RECHERCHE_ADRESSE.resultatsMax)),
          },
        ],
        p95MaxMs: 15,
      });
    return {
      donnees: `${REGISTRE.length} adresses (registre synthétique du canton)`,
      groupes: [
        recherche('GET /adresse/?q= (début de mots)', requetes, [2056, 1291]),
        recherche('GET /adresse/?q= (abréviations, lignes postales collées)', requetesAbregeesOuCollees, [3011, 4127]),
        recherche('GET /adresse/?q= (une faute de frappe)', requetesAvecFaute, [5023, 6151]),
      ],
    };
  },
};
