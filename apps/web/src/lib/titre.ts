import { useEffect } from 'react';

// The browser tab reads « {screen} · Débarras – {commune} »: several tabs stay told apart, and the
// product's name stays (docs/regles.md « Messages de succès », last points).
let application = 'Débarras';
let ecran: string | undefined;
const ecrire = () => {
  document.title = ecran ? `${ecran} · ${application}` : application;
};

/** The screen's part of the tab title, while the screen is shown. */
export function useTitreOnglet(titre: string | undefined) {
  useEffect(() => {
    if (!titre) return;
    ecran = titre;
    ecrire();
    return () => {
      if (ecran === titre) ecran = undefined;
      ecrire();
    };
  }, [titre]);
}

/** The product's part: « Débarras – {commune} », once the commune is known. */
export function useTitreApplication(titre: string) {
  useEffect(() => {
    application = titre;
    ecrire();
  }, [titre]);
}
