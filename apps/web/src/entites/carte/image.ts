import { IMPRESSION_CARTE } from '@debarras/domain';
import type OlMap from 'ol/Map';

/**
 * The map as the user sees it, one PNG (data URL): every layer's canvas drawn with its opacity and
 * transform, once the map has finished rendering. A map wider or taller than the server prints
 * (IMPRESSION_CARTE.coteMaxPixels a side, docs/api.md « Cartes ») is scaled down to it, whole.
 */
export function imageDeLaCarte(carte: OlMap): Promise<string> {
  return new Promise((resoudre, rejeter) => {
    carte.once('rendercomplete', () => {
      try {
        const [largeur = 0, hauteur = 0] = carte.getSize() ?? [];
        const echelle = Math.min(1, IMPRESSION_CARTE.coteMaxPixels / largeur, IMPRESSION_CARTE.coteMaxPixels / hauteur);
        const sortie = document.createElement('canvas');
        sortie.width = Math.floor(largeur * echelle);
        sortie.height = Math.floor(hauteur * echelle);
        const contexte = sortie.getContext('2d')!;
        contexte.fillStyle = '#ffffff';
        contexte.fillRect(0, 0, sortie.width, sortie.height);
        (carte.getViewport()?.querySelectorAll<HTMLCanvasElement>('.ol-layer canvas, canvas.ol-layer') ?? []).forEach((canvas) => {
          if (canvas.width === 0) return;
          const parent = canvas.parentElement as HTMLElement | null;
          contexte.globalAlpha = Number(parent?.style.opacity || canvas.style.opacity || 1);
          const matrice = /^matrix\(([^)]*)\)$/.exec(canvas.style.transform)?.[1]?.split(',').map(Number) ?? [1, 0, 0, 1, 0, 0];
          // the layer's own transform to the map's pixels, then the map's to the picture's
          contexte.setTransform(...(matrice.map((v) => v * echelle) as [number, number, number, number, number, number]));
          contexte.drawImage(canvas, 0, 0);
        });
        contexte.globalAlpha = 1;
        contexte.setTransform(1, 0, 0, 1, 0, 0);
        resoudre(sortie.toDataURL('image/png'));
      } catch (erreur) {
        rejeter(erreur instanceof Error ? erreur : new Error(String(erreur)));
      }
    });
    carte.renderSync();
  });
}
