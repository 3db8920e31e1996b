import { z } from 'zod';

// Generic validation messages (wrong type, missing field…) are in French and name the field;
// the messages of docs/regles.md « Validation », set on each schema, take precedence and stand alone.
const francais = z.locales.fr();
z.config({
  ...francais,
  customError: (issue) => {
    if (!issue.path?.length || !francais.localeError) return undefined;
    const base = francais.localeError(issue);
    const message = typeof base === 'string' ? base : base?.message;
    return message ? `Champ « ${issue.path.join('.')} » : ${message}` : undefined;
  },
});

export * from './audit.js';
export * from './communes.js';
export * from './dates.js';
export * from './erreurs.js';
export * from './liste.js';
export * from './parametre.js';
export * from './roles.js';
export * from './saisie.js';
export * from './utilisateur.js';
export * from './version.js';
export * from './destinataire.js';
export * from './impression.js';
export * from './logEvenement.js';
export * from './objet.js';
export * from './reservation.js';
export * from './secteur.js';
export * from './adresse.js';
export * from './telephone.js';
export * from './capacite.js';
export * from './levee.js';
export * from './debarras/index.js';
