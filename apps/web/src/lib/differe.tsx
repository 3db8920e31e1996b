import { lazy, Suspense, useState, type ReactNode } from 'react';

/** What `lazy` accepts: a component, whatever its props. */
type Composant = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

/** Set while the page reloads because a screen's code could not be fetched. */
const CLE_RECHARGEMENT = 'ecran:rechargement';

/**
 * A screen, a menu's dialog or a list header's filter whose code is fetched on its first use, in a chunk of
 * its own with the components only it uses: the list a clerk opens first does not wait for the levée, admin
 * or technique screens, nor for the forms, selects and date pickers it does not show (docs/performance.md
 * « Application web »).
 *
 * A page opened before a new release asks for chunks the server no longer has: it reloads once, onto
 * the new release, at the screen asked for (the screen being left had already been let go).
 */
export function differe<M extends Record<N, Composant>, N extends keyof M & string>(charger: () => Promise<M>, nom: N) {
  return lazy(async () => {
    try {
      const ecran = (await charger())[nom];
      sessionStorage.removeItem(CLE_RECHARGEMENT);
      return { default: ecran };
    } catch (erreur) {
      if (sessionStorage.getItem(CLE_RECHARGEMENT)) throw erreur;
      sessionStorage.setItem(CLE_RECHARGEMENT, '1');
      window.location.reload();
      return new Promise<never>(() => {});
    }
  });
}

/**
 * A deferred dialog, rendered from its first opening on: its code is fetched then, and it stays mounted
 * afterwards, to close with its animation and open again at once.
 */
export function DialogueDiffere({ ouvert, children }: { ouvert: boolean; children: ReactNode }) {
  const [ouvertUneFois, setOuvertUneFois] = useState(ouvert);
  if (ouvert && !ouvertUneFois) setOuvertUneFois(true);
  return ouvertUneFois ? <Suspense>{children}</Suspense> : null;
}
