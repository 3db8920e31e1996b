import { IMPRESSION_CARTE } from '@debarras/domain';
import type OlMap from 'ol/Map';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageDeLaCarte } from './image';

/** What the picture's canvas was asked to do: jsdom draws nothing. */
function contexteEspion() {
  const appels = { transformations: [] as number[][], tailles: [] as number[][] };
  const contexte = {
    fillStyle: '',
    globalAlpha: 1,
    fillRect: vi.fn(),
    drawImage: vi.fn(),
    setTransform: (...m: number[]) => appels.transformations.push(m),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return contexte as unknown as CanvasRenderingContext2D;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement) {
    appels.tailles.push([this.width, this.height]);
    return 'data:image/png;base64,iVBORw0KGgo=';
  });
  return appels;
}

/** A map of `taille` CSS pixels with one layer, drawn at twice that (a high-density screen). */
function carte(taille: [number, number]): OlMap {
  const vue = document.createElement('div');
  const couche = document.createElement('canvas');
  couche.className = 'ol-layer';
  couche.width = taille[0] * 2;
  couche.height = taille[1] * 2;
  couche.style.transform = 'matrix(0.5, 0, 0, 0.5, 0, 0)';
  vue.append(couche);
  let rendu: (() => void) | undefined;
  return {
    once: (_evenement: string, f: () => void) => (rendu = f),
    renderSync: () => rendu?.(),
    getSize: () => taille,
    getViewport: () => vue,
  } as unknown as OlMap;
}

afterEach(() => vi.restoreAllMocks());

describe("image de la carte pour l'impression", () => {
  it('garde la taille de la carte à l’écran quand elle tient dans la limite du serveur', async () => {
    const appels = contexteEspion();
    await imageDeLaCarte(carte([1600, 900]));
    expect(appels.tailles).toEqual([[1600, 900]]);
    expect(appels.transformations[0]).toEqual([0.5, 0, 0, 0.5, 0, 0]);
  });

  it(`réduit une carte plus grande que ${IMPRESSION_CARTE.coteMaxPixels} pixels de côté, entière et sans déformation`, async () => {
    const appels = contexteEspion();
    await imageDeLaCarte(carte([6000, 3000]));
    expect(appels.tailles).toEqual([[IMPRESSION_CARTE.coteMaxPixels, 2000]]);
    // the layer's canvas (12 000 × 6 000) drawn into 4000 × 2000: a sixth of its size
    expect(appels.transformations[0]).toEqual([0.5 * (4000 / 6000), 0, 0, 0.5 * (4000 / 6000), 0, 0]);
  });
});
