import { useEffect, useState, type MouseEvent } from 'react';
import { TEXTES_EN_LIGNE } from '@debarras/domain/enLigne';
import { Impasse } from './Etape';
import { ContexteLangue, langueDe } from './langue';
import { Reservation } from './Reservation';
import { Reserver } from './Reserver';
import { Validation } from './Validation';

type Page = { nom: 'reserver' } | { nom: 'validation' | 'reservation'; jeton: string } | { nom: 'inconnue' };

/** The page a path shows, read relative to `<base href>` (BASE_PATH, which the server writes in). */
export function pageDe(chemin: string, base: string): Page {
  const relatif = chemin.startsWith(base) ? chemin.slice(base.length) : chemin;
  if (/^en-ligne\/?$/.test(relatif)) return { nom: 'reserver' };
  const lien = /^en-ligne\/(validation|reservation)\/([A-Za-z0-9_-]+)\/?$/.exec(relatif);
  return lien ? { nom: lien[1] as 'validation' | 'reservation', jeton: lien[2]! } : { nom: 'inconnue' };
}

/**
 * The residents' pages: the header with the language switch, then the booking, a validation link or a
 * booking's link. Switching the language keeps the page as it is (what was typed, the step): only the URL's `lang`
 * changes, so that reloading or sharing it gives the same language.
 */
export function Application() {
  const [langue, setLangue] = useState(() => langueDe(location.search));
  const page = pageDe(location.pathname, new URL(document.baseURI).pathname);
  const t = TEXTES_EN_LIGNE[langue];
  const autre = langue === 'fr' ? 'en' : 'fr';

  useEffect(() => {
    const suivre = () => setLangue(langueDe(location.search));
    window.addEventListener('popstate', suivre);
    return () => window.removeEventListener('popstate', suivre);
  }, []);
  useEffect(() => {
    document.documentElement.lang = langue;
    document.title = TEXTES_EN_LIGNE[langue].titre;
  }, [langue]);

  const adresseAutre = new URL(location.href);
  if (autre === 'en') adresseAutre.searchParams.set('lang', 'en');
  else adresseAutre.searchParams.delete('lang');
  const lienAutre = adresseAutre.pathname + adresseAutre.search;
  const changerLangue = (e: MouseEvent) => {
    // a new tab or window opens the other language on its own
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    // the same history entry, in the other language: « back » stays for the booking's steps
    history.replaceState(history.state, '', lienAutre);
    setLangue(autre);
  };

  return (
    <ContexteLangue.Provider value={langue}>
      <header className="entete">
        <div className="cadre">
          <h1>{t.titre}</h1>
          <a className="langue" href={lienAutre} lang={autre} hrefLang={autre} onClick={changerLangue}>
            {t.langueAutre}
          </a>
          <p>{t.sousTitre}</p>
        </div>
      </header>
      <main className="cadre">
        {page.nom === 'reserver' && <Reserver />}
        {page.nom === 'validation' && <Validation jeton={page.jeton} />}
        {page.nom === 'reservation' && <Reservation jeton={page.jeton} />}
        {page.nom === 'inconnue' && <Impasse message={t.lienInvalide} />}
      </main>
    </ContexteLangue.Provider>
  );
}
