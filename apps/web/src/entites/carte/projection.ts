import { CARTE } from '@debarras/domain';
import { get as projectionNommee } from 'ol/proj';
import { register } from 'ol/proj/proj4';
import View from 'ol/View';
import proj4 from 'proj4';

/** Swiss LV95 (EPSG:2056), the coordinates of the register, the exceptions and the perimeters. */
proj4.defs(
  CARTE.projection,
  '+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 +ellps=bessel ' +
    '+towgs84=674.374,15.056,405.346,0,0,0,0 +units=m +no_defs +type=crs',
);
register(proj4);
const lv95 = projectionNommee(CARTE.projection)!;
lv95.setExtent([2_420_000, 1_030_000, 2_900_000, 1_350_000]);
export const PROJECTION = lv95;

/** Metres on the ground per screen pixel at a scale 1:n, at the 96 dpi (0.28 mm pixel) maps assume. */
const METRES_PAR_PIXEL = 0.0254 / 96;
export const resolutionPourEchelle = (echelle: number) => echelle * METRES_PAR_PIXEL;
export const echellePourResolution = (resolution: number) => resolution / METRES_PAR_PIXEL;

export interface VueInitiale {
  centre: [number, number];
  echelle: number;
}

/** A view in LV95 held between the scales of docs/regles.md « Cartes » (1:32 000 to 1:250). */
export const creerVue = ({ centre, echelle }: VueInitiale) =>
  new View({
    projection: PROJECTION,
    center: centre,
    resolution: resolutionPourEchelle(echelle),
    maxResolution: resolutionPourEchelle(CARTE.echelleMin),
    minResolution: resolutionPourEchelle(CARTE.echelleMax),
    constrainResolution: false,
  });
