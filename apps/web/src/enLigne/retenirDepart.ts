import { useEffect } from 'react';

/**
 * While `actif`, closing or reloading the page asks first (the browser's own question): what the resident has
 * chosen or typed is not lost by a slip. Moving between steps is the history's (see `Reserver`).
 */
export function useRetenirDepart(actif: boolean) {
  useEffect(() => {
    if (!actif) return;
    const retenir = (evenement: BeforeUnloadEvent) => {
      evenement.preventDefault();
      // older Chromium (Android's WebView among them) asks only when returnValue is set
      evenement.returnValue = '';
    };
    window.addEventListener('beforeunload', retenir);
    return () => window.removeEventListener('beforeunload', retenir);
  }, [actif]);
}
