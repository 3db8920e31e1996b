import type { FeatureLike } from 'ol/Feature';
import { Fill, Stroke, Style, Text } from 'ol/style';

const texte = (f: FeatureLike, police: string, couleur: string, overflow = false) =>
  new Text({
    overflow,
    text: String(f.get('libelle') ?? ''),
    font: police,
    fill: new Fill({ color: couleur }),
    stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.9)', width: 3 }),
  });

/** The other sectors: a thin outline and their label, for context. */
export const styleAutrePerimetre = (f: FeatureLike) =>
  new Style({
    stroke: new Stroke({ color: '#64748b', width: 1 }),
    fill: new Fill({ color: 'rgba(100, 116, 139, 0.06)' }),
    text: texte(f, '12px system-ui, sans-serif', '#334155'),
  });

/** The sector shown: highlighted; dashed while its new outline is not saved. */
export const stylePerimetre = (f: FeatureLike) =>
  new Style({
    stroke: new Stroke({ color: '#1677ff', width: 3, lineDash: f.get('modifie') ? [10, 6] : undefined }),
    fill: new Fill({ color: 'rgba(22, 119, 255, 0.14)' }),
    // the sector shown is always named, even when its label is wider than its outline
    text: texte(f, 'bold 13px system-ui, sans-serif', '#0b3d91', true),
  });
