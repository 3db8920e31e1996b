import { motsRecherche, normaliserRecherche, type Adresse } from '@debarras/domain';
import { generateur } from '../seed/aleatoire.js';
import { adressesCanton } from '../seed/adresses.js';
import { SECTEURS_DEMO_ACTIFS } from '../seed/demo.js';
import * as repo from '../modules/adresse/repo.js';
import { enregistrer, rechercher, type SaisieAdresse } from '../modules/adresse/service.js';
import { groupe, type Section } from './mesure.js';

export const REGISTRE = adressesCanton(SECTEURS_DEMO_ACTIFS);

/**
 * What people type in an address picker: the start of the street type, the start of the street's
 * main word and a house number — 'rue serv 12', 'av champel 4', 'ch vign 3'.
 */
function requetes(nombre: number, graine: number): string[] {
  const alea = generateur(graine);
  return Array.from({ length: nombre }, () => {
    const a: Pick<Adresse, 'typeVoie' | 'nomVoie' | 'noAdresse'> = alea.choix<SaisieAdresse>(REGISTRE);
    const [premier = '', ...autres] = normaliserRecherche(a.nomVoie).split(' ');
    const mot = [premier, ...autres].reduce((plusLong, m) => (m.length > plusLong.length ? m : plusLong));
    const debut = (m: string) => m.slice(0, Math.min(m.length, alea.entier(3, 6)));
    const type = a.typeVoie ? normaliserRecherche(a.typeVoie) : premier;
    return [debut(type === 'avenue' && alea.vrai(0.5) ? 'av' : type), debut(mot), a.noAdresse ?? '1'].join(' ');
  });
}

/** Address search (docs/regles.md « Recherche d'adresse »): p95 under 15 ms with the canton's 70 000 addresses. */
export const sectionAdresses: Section = {
  nom: "Recherche d'adresses",
  async preparer({ db }) {
    await db.transaction((tx) => enregistrer(tx, REGISTRE, 'bench'));
    return {
      donnees: `${REGISTRE.length} adresses (registre synthétique du canton)`,
      groupes: [
        groupe({
          nom: 'GET /adresse/?q= (début de mots)',
          entrees: requetes(400, 2056),
          echauffement: requetes(400, 1291),
          mesures: [
            { nom: 'service (rechercher)', executer: (q) => rechercher(db, q) },
            { nom: 'SQL seul', executer: (q) => db.execute(repo.rechercher(db, motsRecherche(q))) },
          ],
          p95MaxMs: 15,
        }),
      ],
    };
  },
};
