import type { AdresseCarte, AdresseException } from '@debarras/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import type { EventsKey } from 'ol/events';
import type { Pixel } from 'ol/pixel';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { requeteExceptionsDesAdresses, requeteIdpadrExceptions } from '../../entites/adresseException/api';
import { adresseDeLEntite, coucheAdressesDe } from '../../entites/carte/couches';
import { coucheGroupee } from '../../entites/carte/groupement';
import { styleDepot, styleTravaux } from '../../entites/carte/styles';
import { exceptionsDesMarqueurs, type Marqueur } from './coucheExceptionsDonnees';

/** An exception made of remarks alone, drawn on its address: a ringed disc, told apart from the register's dots. */
const styleExceptionAdresse = new Style({
  image: new Circle({ radius: 8, fill: new Fill({ color: '#7c3aed' }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
  text: new Text({ text: 'i', font: 'bold 11px system-ui, sans-serif', fill: new Fill({ color: '#ffffff' }) }),
});

const STYLES = { depot: styleDepot, travaux: styleTravaux, adresse: styleExceptionAdresse } as const;

const CLE_MARQUEUR = 'marqueurException';

const entiteMarqueur = (m: Marqueur) => new Feature({ geometry: new Point([m.x, m.y]), [CLE_MARQUEUR]: m });

/** The exception markers under a pixel, with where their (group's) marker stands. */
function marqueursSous(carte: OlMap, pixel: Pixel) {
  return (
    carte.forEachFeatureAtPixel(
      pixel,
      (groupe) => {
        const membres = ((groupe.get('features') as Feature[] | undefined) ?? [])
          .map((f) => f.get(CLE_MARQUEUR) as Marqueur | undefined)
          .filter((m): m is Marqueur => m !== undefined);
        const position = (groupe.getGeometry() as Point | undefined)?.getCoordinates();
        return membres.length && position ? { membres, position: position as [number, number] } : undefined;
      },
      { hitTolerance: 3 },
    ) ?? null
  );
}

export interface Bulle {
  exceptions: AdresseException[];
  position: [number, number];
  /** Opened from the list, with the keyboard: the popup takes the focus. */
  parClavier: boolean;
}

/**
 * The exceptions layer (docs/regles.md « Carte des exceptions »): each marker drawn, those within 10 m grouped, a click
 * on one (or on its entry in the list) opens its popup. Hidden, the layer draws nothing and answers no click.
 */
export function useCoucheExceptions(carte: OlMap, marqueurs: readonly Marqueur[], visible: boolean) {
  const [source] = useState(() => new VectorSource<Feature<Point>>());
  const [bulle, setBulle] = useState<Bulle | null>(null);

  useEffect(() => {
    const genre = (f: Feature) => (f.get(CLE_MARQUEUR) as Marqueur).genre;
    return coucheGroupee(carte, source, { style: (f) => STYLES[genre(f)], genre });
  }, [carte, source]);

  useEffect(() => {
    source.clear();
    if (visible) source.addFeatures(marqueurs.map(entiteMarqueur));
  }, [source, marqueurs, visible]);

  useEffect(() => {
    const cles: EventsKey[] = [
      carte.on('singleclick', (e: MapBrowserEvent) => {
        const touches = marqueursSous(carte, e.pixel);
        setBulle(touches && { exceptions: exceptionsDesMarqueurs(touches.membres), position: touches.position, parClavier: false });
      }),
      carte.on('pointermove', (e: MapBrowserEvent) => {
        if (e.dragging) return;
        const element = carte.getTargetElement();
        if (element) element.style.cursor = marqueursSous(carte, e.pixel) ? 'pointer' : '';
      }),
    ];
    return () => unByKey(cles);
  }, [carte]);

  const ouvrir = useCallback(
    (exception: AdresseException) => {
      const marqueur = marqueurs.find((m) => m.exception.id === exception.id);
      if (marqueur) setBulle({ exceptions: [exception], position: [marqueur.x, marqueur.y], parClavier: true });
    },
    [marqueurs],
  );
  const fermer = useCallback(() => setBulle(null), []);
  return { bulle: visible ? bulle : null, ouvrir, fermer };
}

export interface ExceptionVisible {
  exception: AdresseException;
  adresse: AdresseCarte;
}

const AUCUNE: readonly AdresseCarte[] = [];

/**
 * The ACTIVE exceptions of the addresses in view: the register's points the map holds (they load from 1:5000 closer,
 * from the application or the configured service) whose address has one (`GET /adresseexception/idpadr`), read by
 * `POST /adresseexception/extent`. A wider view says so (`tropLoin`) rather than asking for a whole city.
 */
export function useExceptionsDeLaVue(carte: OlMap) {
  const idpadrs = useQuery(requeteIdpadrExceptions);
  const avecException = useMemo(() => new Set(idpadrs.data ?? []), [idpadrs.data]);
  const [vue, setVue] = useState<{ adresses: readonly AdresseCarte[]; tropLoin: boolean }>({ adresses: AUCUNE, tropLoin: false });

  useEffect(() => {
    let couche = coucheAdressesDe(carte);
    let ecouteSource: EventsKey | undefined;
    const relire = () => {
      const taille = carte.getSize();
      const resolution = carte.getView().getResolution();
      if (!couche || !taille || resolution === undefined) return;
      const tropLoin = resolution > couche.getMaxResolution();
      const adresses = tropLoin
        ? AUCUNE
        : couche
            .getSource()!
            .getFeaturesInExtent(carte.getView().calculateExtent(taille))
            .map(adresseDeLEntite)
            .filter((a) => avecException.has(a.idpAdr))
            .sort((a, b) => a.idpAdr.localeCompare(b.idpAdr));
      setVue((avant) =>
        avant.tropLoin === tropLoin &&
        avant.adresses.length === adresses.length &&
        avant.adresses.every((a, i) => a.idpAdr === adresses[i]!.idpAdr)
          ? avant
          : { adresses, tropLoin },
      );
    };
    // the address layer arrives once the parameters are read, and again when they change
    const brancher = () => {
      if (ecouteSource) unByKey(ecouteSource);
      couche = coucheAdressesDe(carte);
      ecouteSource = couche?.getSource()?.on('featuresloadend', relire);
      relire();
    };
    const cles = [carte.on('moveend', relire), carte.getLayers().on(['add', 'remove'], brancher)];
    brancher();
    return () => {
      unByKey(cles.flat());
      if (ecouteSource) unByKey(ecouteSource);
    };
  }, [carte, avecException]);

  const ids = useMemo(() => vue.adresses.map((a) => a.idpAdr), [vue.adresses]);
  const lues = useQuery({
    ...requeteExceptionsDesAdresses(ids),
    // panning keeps the markers drawn until the next view's arrive
    placeholderData: keepPreviousData,
  });
  const exceptions = useMemo(() => {
    const parId = new Map(vue.adresses.map((a) => [a.idpAdr, a]));
    return (ids.length ? (lues.data ?? []) : [])
      .filter((e) => parId.has(e.idpadr))
      .map((exception): ExceptionVisible => ({ exception, adresse: parId.get(exception.idpadr)! }))
      .sort((a, b) => a.exception.adresse.localeCompare(b.exception.adresse, 'fr'));
  }, [ids, lues.data, vue.adresses]);
  return { exceptions, tropLoin: vue.tropLoin, chargement: idpadrs.isLoading || lues.isFetching, erreur: idpadrs.error ?? lues.error };
}
