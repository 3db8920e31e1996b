import { CARTE, type AdresseCarte } from '@debarras/domain';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import VectorSource from 'ol/source/Vector';
import { useEffect, useEffectEvent, useState } from 'react';
import { CadreCarte } from '../../entites/carte/CadreCarte';
import { styleAdresseChoisie } from '../../entites/carte/styles';
import { useAdresseMarquee } from '../../entites/carte/useAdresseMarquee';
import { useCarte } from '../../entites/carte/useCarte';
import { siAbouti } from '../../lib/requetes';
import { useCouchePoints, type PointsException } from './pointsCarte';
import './fiche.css';

/** The clone screen's map needs the managers of the addresses to pick among (docs/regles.md « Cartes »). */
const ATTRIBUTS_COPIE = ['IDPADR', 'ADRESSE', 'GESTIONNAIRE'] as const;

interface Props {
  /** The copied exception's address, where the map opens, and its points. */
  centre: [number, number] | null;
  points: PointsException;
  libelle: string;
  choisies: readonly AdresseCarte[];
  /** `carte.gestionnaire`: only that manager's addresses are picked. */
  gestionnaire: string | undefined;
  /** The addresses within 2 m of a click (or of the centre on Enter), nearest first. */
  onPointees: (adresses: AdresseCarte[]) => void;
}

/** The clone screen's map: the copied exception's address and points; a click picks the nearest address, the chosen ones are circled. */
export function CarteCopie({ centre, points, libelle, choisies, gestionnaire, onPointees }: Props) {
  const carte = useCarte({
    initiale: centre ? { centre, echelle: CARTE.echelleInitiale } : undefined,
    attributsAdresses: ATTRIBUTS_COPIE,
  });
  const ol = carte.carte;
  const [source] = useState(() => new VectorSource<Feature<Point>>());
  const [enCours, setEnCours] = useState(false);
  useCouchePoints(ol, points);
  useAdresseMarquee(ol, centre && { x: centre[0], y: centre[1] });

  useEffect(() => {
    const couche = new VectorLayer({ source, style: styleAdresseChoisie, zIndex: 6 });
    ol.addLayer(couche);
    return () => {
      ol.removeLayer(couche);
    };
  }, [ol, source]);

  useEffect(() => {
    source.clear();
    source.addFeatures(choisies.map((a) => new Feature(new Point([a.x, a.y]))));
  }, [source, choisies]);

  const pointer = useEffectEvent(async (x: number, y: number) => {
    setEnCours(true);
    const pointees = await siAbouti(carte.pointer(x, y, gestionnaire));
    setEnCours(false);
    if (pointees) onPointees(pointees);
  });
  useEffect(() => {
    const clic = (e: MapBrowserEvent) => void pointer(e.coordinate[0]!, e.coordinate[1]!);
    // Enter on the focused map picks at its centre: the keyboard's click
    const touche = (e: KeyboardEvent) => {
      if (e.key !== 'Enter') return;
      const [x, y] = ol.getView().getCenter()!;
      void pointer(x!, y!);
    };
    const cible = ol.getTargetElement();
    ol.on('singleclick', clic);
    cible?.addEventListener('keydown', touche);
    return () => {
      ol.un('singleclick', clic);
      cible?.removeEventListener('keydown', touche);
    };
  }, [ol]);

  return (
    <div className="carte-fiche" aria-busy={enCours}>
      <CadreCarte carte={carte} libelle={libelle} />
    </div>
  );
}
