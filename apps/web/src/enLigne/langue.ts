import { createContext, useContext } from 'react';
import { TEXTES_EN_LIGNE, type LangueEnLigne } from '@debarras/domain/enLigne';

/** The page's language: `?lang=en` in English, anything else in French (as the server chooses `<html lang>`). */
export const langueDe = (recherche: string): LangueEnLigne => (new URLSearchParams(recherche).get('lang') === 'en' ? 'en' : 'fr');

/**
 * A link inside the pages, relative to `<base href>`, that keeps the language: French is the default and goes
 * without `lang`, as the server serves it.
 */
export const lienPage = (chemin: string, langue: LangueEnLigne) => `en-ligne/${chemin}${langue === 'en' ? '?lang=en' : ''}`;

export const ContexteLangue = createContext<LangueEnLigne>('fr');

/** The language and its texts, for the components of the pages. */
export function useTextes() {
  const langue = useContext(ContexteLangue);
  return { langue, t: TEXTES_EN_LIGNE[langue] };
}

export type Textes = (typeof TEXTES_EN_LIGNE)[LangueEnLigne];
