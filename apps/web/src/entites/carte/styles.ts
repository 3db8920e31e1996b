import type { FeatureLike } from 'ol/Feature';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';

const police = '12px system-ui, sans-serif';

export const styleCommune = (f: FeatureLike, resolution: number) =>
  new Style({
    fill: new Fill({ color: '#f5f2ea' }),
    stroke: new Stroke({ color: '#a89f8c', width: 1.2 }),
    text:
      resolution > 2 && resolution < 20
        ? new Text({ text: String(f.get('nom') ?? ''), font: `italic ${police}`, fill: new Fill({ color: '#7a705c' }), overflow: false })
        : undefined,
  });

export const styleLac = new Style({ fill: new Fill({ color: '#b7d3ec' }), stroke: new Stroke({ color: '#8fb6da', width: 1 }) });

const bordRue = new Style({ stroke: new Stroke({ color: '#c8c0ad', width: 4 }), zIndex: 0 });
const traitRue = new Stroke({ color: '#ffffff', width: 2 });
const nomRue = { font: police, fill: new Fill({ color: '#4a4436' }), stroke: new Stroke({ color: '#ffffff', width: 3 }) };

/**
 * A street drawn from the register (no plan service): a thin white line edged in grey, the edges of all the streets
 * under all their lines so that crossings join, and the name written along it, again every 400 pixels on a long one.
 */
export const styleRue = (f: FeatureLike) => [
  bordRue,
  new Style({
    stroke: traitRue,
    zIndex: 1,
    text: new Text({ ...nomRue, text: String(f.get('rue') ?? ''), placement: 'line', repeat: 400 }),
  }),
];

const numero = (adresse: string) => /\s(\S+)$/.exec(adresse)?.[1] ?? '';

/** The register's points; their house number once the view is close enough to read it (about 1:1000). */
export const styleAdresse = (f: FeatureLike, resolution: number) =>
  new Style({
    image: new Circle({ radius: 3, fill: new Fill({ color: '#4b5d73' }), stroke: new Stroke({ color: '#ffffff', width: 1 }) }),
    text:
      resolution < 0.3
        ? new Text({ text: numero(String(f.get('adresse') ?? '')), font: police, offsetY: -10, fill: new Fill({ color: '#2b3644' }) })
        : undefined,
  });

export const styleAdresseChoisie = new Style({
  image: new Circle({
    radius: 7,
    fill: new Fill({ color: 'rgba(22, 119, 255, 0.25)' }),
    stroke: new Stroke({ color: '#1677ff', width: 2 }),
  }),
});

/** A depot point: a blue square; the works: an orange triangle (colour-blind safe, and told apart by shape). */
export const styleDepot = new Style({
  image: new RegularShape({
    points: 4,
    radius: 9,
    angle: Math.PI / 4,
    fill: new Fill({ color: '#1d4ed8' }),
    stroke: new Stroke({ color: '#ffffff', width: 2 }),
  }),
});
export const styleTravaux = new Style({
  image: new RegularShape({
    points: 3,
    radius: 11,
    fill: new Fill({ color: '#ea580c' }),
    stroke: new Stroke({ color: '#ffffff', width: 2 }),
  }),
});

/** Markers grouped within 10 m (docs/regles.md « Cartes »): a disc with their count. */
export const styleGroupe = (nombre: number) =>
  new Style({
    image: new Circle({ radius: 12, fill: new Fill({ color: '#334155' }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
    text: new Text({ text: String(nombre), font: `bold ${police}`, fill: new Fill({ color: '#ffffff' }) }),
  });
