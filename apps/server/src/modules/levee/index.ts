// What other modules, the planning job and the seed may use of the levées.
export {
  activesLe,
  archiverStandardsParJour,
  avecPlace,
  champsResume,
  colonnesLeveeJointe,
  insererStandards,
  joindreLevee,
  joindreLeveeEtSecteur,
  ranger,
  standardsActivesApres,
  standardsEntre,
  trouver,
  verrouiller,
  versResume,
  type LigneLevee,
  type NouvelleLeveeStandard,
} from './repo.js';
