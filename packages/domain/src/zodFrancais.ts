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
