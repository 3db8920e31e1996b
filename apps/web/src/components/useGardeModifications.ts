import { FORMULAIRE_MESSAGES as M } from '@debarras/domain';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmer } from '../lib/confirmation';

/**
 * Nothing typed is lost unasked (docs/regles.md « Comportement général »): while `modifie`, leaving
 * by the router (a link, the menu, 'Retour à la liste', Back) waits for the app's confirmation, and
 * reloading or closing the tab gets the browser's own prompt. `sansGarde` runs the navigation that
 * follows a save, when there is nothing left to lose.
 */
export function useGardeModifications(modifie: boolean) {
  // read when a navigation starts, which React Router decides synchronously inside navigate()
  const libre = useRef(false);
  const bloqueur = useBlocker(() => modifie && !libre.current);

  useEffect(() => {
    if (bloqueur.state !== 'blocked') return;
    let actuel = true;
    void confirmer({ titre: M.quitterTitre, contenu: M.quitterContenu, ok: M.quitter, annuler: M.rester }).then((quitter) => {
      if (!actuel) return;
      if (quitter) bloqueur.proceed();
      else bloqueur.reset();
    });
    return () => {
      actuel = false;
    };
  }, [bloqueur]);

  useEffect(() => {
    if (!modifie) return;
    const retenir = (evenement: BeforeUnloadEvent) => {
      if (libre.current) return;
      evenement.preventDefault();
      // browsers before Chromium 119 (older Android WebViews) ask only when returnValue is set
      evenement.returnValue = '';
    };
    window.addEventListener('beforeunload', retenir);
    return () => window.removeEventListener('beforeunload', retenir);
  }, [modifie]);

  const sansGarde = useCallback((naviguer: () => unknown) => {
    libre.current = true;
    try {
      naviguer();
    } finally {
      libre.current = false;
    }
  }, []);

  return { sansGarde };
}
