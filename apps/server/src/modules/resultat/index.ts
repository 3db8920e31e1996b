// What other modules may use of the crews' results.
export {
  actuelsDe,
  deLaLevee as resultatsDeLaLevee,
  duDebarras as resultatDuDebarras,
  enregistrer as enregistrerResultats,
  enregistrerPhoto,
  photo as photoResultat,
  type Auteur,
  type DebarrasDuResultat,
} from './service.js';
export {
  anonymiserAvant as anonymiserResultatsAvant,
  arretsAvecResultat,
  codeDeLaVisite,
  derniereVisite,
  filtreDeLaVisite,
  nonLeveeSurLaVisite,
  remarqueDeLaVisite,
  resultatsParMois,
} from './repo.js';
