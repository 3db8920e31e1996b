import { CARTE } from '@debarras/domain';
import { CloseOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import Overlay from 'ol/Overlay';
import { useEffect, useEffectEvent, useState } from 'react';
import { createPortal } from 'react-dom';
import { CadreCarte } from '../../entites/carte/CadreCarte';
import { useAdresseMarquee } from '../../entites/carte/useAdresseMarquee';
import { useCarte } from '../../entites/carte/useCarte';
import { LIBELLES_FICHE as L } from './libellesCarte';
import { useCouchePoints, type PointsException } from './pointsCarte';
import { formaterCoordonnee, type GenrePoint } from './saisieException';
import './fiche.css';

interface Props {
  /** The exception's address: the map opens on it at 1:2000 and marks it (else the configured initial view). */
  centre: [number, number] | null;
  libelle: string;
  points: PointsException;
  /** The point a click on the map sets, if any. */
  edition: GenrePoint | null;
  onEditer: (genre: GenrePoint | null) => void;
  onPlacer: (genre: GenrePoint, x: number, y: number) => void;
  /** Placing was asked with the keyboard: the map takes the focus, Enter places at its centre. */
  focaliser: boolean;
  onSupprimer: (genre: GenrePoint) => void;
}

/**
 * The detail screen's map: the address, its depot and works points (grouped within 10 m), a popup
 * on a point to move or remove it, and the placing mode where a click (or Enter, at the centre of
 * the focused map) sets the point being edited.
 */
export function CartePointsException({ centre, libelle, points, edition, focaliser, onEditer, onPlacer, onSupprimer }: Props) {
  const carte = useCarte({ initiale: centre ? { centre, echelle: CARTE.echelleInitiale } : undefined });
  const ol = carte.carte;
  const cle = JSON.stringify(points);
  // a popup is about the points it was opened on: once they move, it is gone
  const [bulleOuverte, setBulle] = useState<{ position: number[]; genres: GenrePoint[]; cle: string } | null>(null);
  const bulle = bulleOuverte?.cle === cle ? bulleOuverte : null;
  const [elementBulle] = useState(() => document.createElement('div'));
  const [overlay] = useState(
    () => new Overlay({ element: elementBulle, positioning: 'bottom-center', offset: [0, -16], autoPan: { animation: { duration: 200 } } }),
  );

  useCouchePoints(ol, points);
  useAdresseMarquee(ol, centre && { x: centre[0], y: centre[1] });

  useEffect(() => {
    ol.addOverlay(overlay);
    return () => {
      ol.removeOverlay(overlay);
    };
  }, [ol, overlay]);
  useEffect(() => overlay.setPosition(bulle?.position), [overlay, bulle]);

  const surClic = useEffectEvent((e: MapBrowserEvent) => {
    if (edition) return onPlacer(edition, e.coordinate[0]!, e.coordinate[1]!);
    const groupe = ol.forEachFeatureAtPixel(e.pixel, (f) => (f.get('features') ? f : undefined), { hitTolerance: 4 });
    if (!groupe) return setBulle(null);
    const membres = groupe.get('features') as Feature[];
    setBulle({
      position: (groupe.getGeometry() as Point).getCoordinates(),
      genres: membres.map((m) => m.get('genre') as GenrePoint).sort(),
      cle,
    });
  });
  useEffect(() => {
    const clic = (e: MapBrowserEvent) => surClic(e);
    ol.on('singleclick', clic);
    return () => ol.un('singleclick', clic);
  }, [ol]);

  const surTouche = useEffectEvent((e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      setBulle(null);
      onEditer(null);
    }
    // Enter on the focused map places the point at its centre: the keyboard's click
    if (e.key === 'Enter' && edition && e.target === ol.getTargetElement()) {
      // the focus goes back to the form's button: this Enter must not press it too
      e.preventDefault();
      const [x, y] = ol.getView().getCenter()!;
      onPlacer(edition, x!, y!);
    }
  });
  useEffect(() => {
    if (edition && focaliser) ol.getTargetElement()?.focus({ preventScroll: true });
  }, [edition, focaliser, ol]);
  const ecouter = Boolean(edition || bulle);
  useEffect(() => {
    if (!ecouter) return;
    const touche = (e: KeyboardEvent) => surTouche(e);
    document.addEventListener('keydown', touche);
    return () => document.removeEventListener('keydown', touche);
  }, [ecouter]);

  // in a group's popup, each button names its point
  const precis = (action: string, genre: GenrePoint) =>
    bulle && bulle.genres.length > 1 ? `${action} (${L.point[genre].toLowerCase()})` : undefined;
  const agir = (action: () => void) => {
    setBulle(null);
    action();
  };

  return (
    <div className={edition ? 'carte-fiche en-placement' : 'carte-fiche'}>
      <CadreCarte
        carte={carte}
        libelle={libelle}
        commandes={
          edition && (
            <div className="aide-placement" role="status">
              <div>
                <strong>{L.point[edition]}</strong> — {L.aidePlacement}
              </div>
              <div className="aide-placement-clavier">{L.aidePlacementClavier}</div>
              <Button size="small" onClick={() => onEditer(null)}>
                {L.annulerPlacement}
              </Button>
            </div>
          )
        }
      >
        {createPortal(
          bulle && (
            <div
              className="carte-bulle"
              role="dialog"
              aria-label={bulle.genres.length > 1 ? L.groupe(bulle.genres.length) : L.point[bulle.genres[0]!]}
            >
              <div className="carte-bulle-entete">
                <strong>{bulle.genres.length > 1 ? L.groupe(bulle.genres.length) : L.point[bulle.genres[0]!]}</strong>
                <Button type="text" size="small" icon={<CloseOutlined />} aria-label={L.fermer} onClick={() => setBulle(null)} />
              </div>
              {bulle.genres.map((genre) => (
                <div key={genre} className="carte-bulle-point">
                  {bulle.genres.length > 1 && <div className={`pastille-point pastille-${genre}`}>{L.point[genre]}</div>}
                  <div className="carte-bulle-coordonnees">
                    X {formaterCoordonnee(points[genre]?.[0])} · Y {formaterCoordonnee(points[genre]?.[1])}
                  </div>
                  <Space size={4}>
                    <Button size="small" aria-label={precis(L.modifierPoint, genre)} onClick={() => agir(() => onEditer(genre))}>
                      {L.modifierPoint}
                    </Button>
                    <Button size="small" danger aria-label={precis(L.supprimerPoint, genre)} onClick={() => agir(() => onSupprimer(genre))}>
                      {L.supprimerPoint}
                    </Button>
                  </Space>
                </div>
              ))}
            </div>
          ),
          elementBulle,
        )}
      </CadreCarte>
    </div>
  );
}
