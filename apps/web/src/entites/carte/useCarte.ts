import { CARTE, CARTE_LIBELLES, estCarteIntegree, lireCarteInitiale, PARAMETRE_CLES, type AdresseCarte } from '@debarras/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import OlMap from 'ol/Map';
import { defaults as commandesParDefaut, ScaleLine } from 'ol/control';
import type Feature from 'ol/Feature';
import { defaults as interactionsParDefaut } from 'ol/interaction';
import type Point from 'ol/geom/Point';
import type TileLayer from 'ol/layer/Tile';
import type VectorLayer from 'ol/layer/Vector';
import type VectorSource from 'ol/source/Vector';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifier } from '../../lib/notifications';
import { useValeurParametre } from '../parametre/api';
import {
  rechercherDansLEtendue,
  requeteAdressesDeLEtendue,
  requeteAdressesProches,
  requeteFondDeCarte,
  requeteRuesDeLEtendue,
  type ResultatRecherche,
} from './api';
import { adresseDeLEntite, coucheAdresses, coucheArcgis, couchesFondIntegre } from './couches';
import { creerVue, resolutionPourEchelle, type VueInitiale } from './projection';
import { coucheRues } from './rues';
import { verifierService } from './services';

export type EtatCouche = { statut: 'chargement' } | { statut: 'disponible' } | { statut: 'indisponible'; message: string };

interface Options {
  /** Where the map opens; without it, the parameter `carte.initiale`. */
  initiale?: VueInitiale;
  /** Attributes the configured address layer must carry (the clone screen also needs GESTIONNAIRE). */
  attributsAdresses?: readonly string[];
}

const ATTRIBUTS_ADRESSES = ['IDPADR', 'ADRESSE'] as const;
const ORTHOPHOTO_HORS_LIGNE = "Aucune orthophoto n'est configurée (carte hors ligne).";

/**
 * One map in LV95 (docs/regles.md « Cartes »): the embedded base map always, the canton's plan,
 * orthophoto and address layers when their parameters name a service that answers, otherwise the
 * application's own addresses, and, in place of the plan, the streets drawn from them. A configured
 * service that fails shows its message and leaves the embedded layer in place: a map is never blank. What the layers
 * read of a view goes through the query cache (entites/carte/api.ts).
 */
export function useCarte({ initiale, attributsAdresses = ATTRIBUTS_ADRESSES }: Options = {}) {
  const client = useQueryClient();
  const [carte] = useState(
    () =>
      new OlMap({
        controls: commandesParDefaut({
          rotate: false,
          zoomOptions: { zoomInTipLabel: CARTE_LIBELLES.zoomAvant, zoomOutTipLabel: CARTE_LIBELLES.zoomArriere },
          attributionOptions: { tipLabel: 'Sources' },
        }).extend([new ScaleLine()]),
        interactions: interactionsParDefaut({ altShiftDragRotate: false, pinchRotate: false }),
      }),
  );
  const [planVerifie, setPlanVerifie] = useState<{ url: string; repond: boolean } | null>(null);
  const [orthoVisible, setOrthoVisible] = useState(false);
  const [orthoVerifiee, setOrthoVerifiee] = useState<{ url: string; erreur: string | null } | null>(null);
  const coucheOrtho = useRef<TileLayer | null>(null);
  const adresses = useRef<{ couche: VectorLayer<VectorSource<Feature<Point>>>; arcgis: boolean } | null>(null);
  const initialeParametre = useValeurParametre(PARAMETRE_CLES.carteInitiale);
  const plan = useValeurParametre(PARAMETRE_CLES.cartePlanUrl);
  const ortho = useValeurParametre(PARAMETRE_CLES.carteOrthophotoUrl);
  const adresseUrl = useValeurParametre(PARAMETRE_CLES.carteAdresseUrl);
  const geocodage = useValeurParametre(PARAMETRE_CLES.carteGeocodageUrl);
  const fond = useQuery(requeteFondDeCarte);
  const vueAttendue = initiale ?? (initialeParametre.isFetched ? lireCarteInitiale(initialeParametre.data) : null);

  /** Attaches the map to its element; the element goes when the screen goes. */
  const cible = useCallback((element: HTMLDivElement | null) => carte.setTarget(element ?? undefined), [carte]);

  const vuePosee = vueAttendue !== null;
  useEffect(() => {
    // the view is set once; later moves belong to the user
    if (vueAttendue) carte.setView(creerVue(vueAttendue));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [carte, vuePosee]);

  useEffect(() => {
    if (!fond.data) return;
    const couches = couchesFondIntegre(fond.data);
    couches.forEach((c) => carte.addLayer(c));
    return () => couches.forEach((c) => carte.removeLayer(c));
  }, [carte, fond.data]);

  const planUrl = plan.isFetched && !estCarteIntegree(plan.data) ? plan.data!.trim() : null;
  useEffect(() => {
    if (!planUrl) return;
    let actif = true;
    let couche: TileLayer | undefined;
    void verifierService(planUrl).then((erreur) => {
      if (!actif) return;
      setPlanVerifie({ url: planUrl, repond: !erreur });
      if (erreur) return notifier.erreur(erreur);
      couche = coucheArcgis(planUrl, 1);
      carte.addLayer(couche);
    });
    return () => {
      actif = false;
      if (couche) carte.removeLayer(couche);
    };
  }, [carte, planUrl]);

  // the streets drawn from the register stand in for the plan: none is configured, or it did not answer
  const sansPlan = plan.isFetched && (!planUrl || (planVerifie?.url === planUrl && !planVerifie.repond));
  useEffect(
    () => (sansPlan ? coucheRues(carte, (e) => client.fetchQuery(requeteRuesDeLEtendue(e))) : undefined),
    [carte, client, sansPlan],
  );

  const orthoUrl = ortho.isFetched && !estCarteIntegree(ortho.data) ? ortho.data!.trim() : null;
  useEffect(() => {
    if (!orthoUrl) return;
    let actif = true;
    void verifierService(orthoUrl).then((erreur) => {
      if (!actif) return;
      if (!erreur) {
        coucheOrtho.current = coucheArcgis(orthoUrl, 2);
        coucheOrtho.current.setVisible(false);
        carte.addLayer(coucheOrtho.current);
      }
      setOrthoVerifiee({ url: orthoUrl, erreur });
    });
    return () => {
      actif = false;
      if (coucheOrtho.current) carte.removeLayer(coucheOrtho.current);
      coucheOrtho.current = null;
    };
  }, [carte, orthoUrl]);
  const etatOrtho: EtatCouche = !ortho.isFetched
    ? { statut: 'chargement' }
    : !orthoUrl
      ? { statut: 'indisponible', message: ORTHOPHOTO_HORS_LIGNE }
      : orthoVerifiee?.url !== orthoUrl
        ? { statut: 'chargement' }
        : orthoVerifiee.erreur
          ? { statut: 'indisponible', message: orthoVerifiee.erreur }
          : { statut: 'disponible' };

  const attributs = attributsAdresses.join(',');
  useEffect(() => {
    if (!adresseUrl.isFetched) return;
    let actif = true;
    const poser = (arcgisUrl?: string) => {
      const couche = coucheAdresses((e) => client.fetchQuery(requeteAdressesDeLEtendue(arcgisUrl ?? null, e)));
      adresses.current = { couche, arcgis: !!arcgisUrl };
      carte.addLayer(couche);
    };
    if (estCarteIntegree(adresseUrl.data)) poser();
    else {
      const url = adresseUrl.data!.trim();
      void verifierService(url, attributs.split(',')).then((erreur) => {
        if (!actif) return;
        if (erreur) notifier.erreur(erreur);
        poser(erreur ? undefined : url);
      });
    }
    return () => {
      actif = false;
      if (adresses.current) carte.removeLayer(adresses.current.couche);
      adresses.current = null;
    };
  }, [carte, client, adresseUrl.isFetched, adresseUrl.data, attributs]);

  const basculerOrthophoto = useCallback((visible: boolean) => {
    coucheOrtho.current?.setVisible(visible);
    setOrthoVisible(visible);
  }, []);

  /** The configured manager's addresses within 2 m of a click (docs/regles.md « Cartes »), nearest first. */
  const pointer = useCallback(
    async (x: number, y: number, gestionnaire: string | undefined): Promise<AdresseCarte[]> => {
      const courante = adresses.current;
      if (!courante?.arcgis) return client.fetchQuery(requeteAdressesProches(x, y));
      const t = CARTE.tolerancePointage;
      return courante.couche
        .getSource()!
        .getFeaturesInExtent([x - t, y - t, x + t, y + t])
        .map(adresseDeLEntite)
        .filter((a) => Math.hypot(a.x - x, a.y - y) <= t && a.gestionnaire === gestionnaire)
        .sort((a, b) => Math.hypot(a.x - x, a.y - y) - Math.hypot(b.x - x, b.y - y));
    },
    [client],
  );

  /** The search box: the canton's geocoder when configured, else the register, within the visible extent. */
  const rechercher = useCallback(
    async (q: string): Promise<ResultatRecherche[]> => {
      const [xMin, yMin, xMax, yMax] = carte.getView().calculateExtent(carte.getSize());
      const etendue = { xMin: xMin!, yMin: yMin!, xMax: xMax!, yMax: yMax! };
      if (!estCarteIntegree(geocodage.data)) {
        try {
          return await geocoder(geocodage.data!.trim(), q, etendue);
        } catch {
          // the register answers when the geoportal does not
        }
      }
      return (await rechercherDansLEtendue(q, etendue)).map((a) => ({ idpAdr: a.idpAdr, libelle: a.adresse, x: a.x, y: a.y }));
    },
    [carte, geocodage.data],
  );

  const centrer = useCallback(
    (x: number, y: number, echelle: number = CARTE.echelleMax * 2) =>
      carte.getView().animate({ center: [x, y], resolution: resolutionPourEchelle(echelle), duration: 300 }),
    [carte],
  );

  return {
    cible,
    carte,
    orthophoto: { etat: etatOrtho, visible: orthoVisible, basculer: basculerOrthophoto },
    pointer,
    rechercher,
    centrer,
  };
}
export type Carte = ReturnType<typeof useCarte>;

async function geocoder(url: string, q: string, e: { xMin: number; yMin: number; xMax: number; yMax: number }) {
  const parametres = new URLSearchParams({
    SingleLine: q,
    countryCode: CARTE.geocodage.pays,
    maxLocations: String(CARTE.geocodage.resultatsMax),
    outSR: '2056',
    searchExtent: JSON.stringify({ xmin: e.xMin, ymin: e.yMin, xmax: e.xMax, ymax: e.yMax, spatialReference: { wkid: 2056 } }),
    f: 'json',
  });
  const reponse = await fetch(`${url}/findAddressCandidates?${parametres.toString()}`);
  const corps = (await reponse.json()) as { candidates?: { address: string; location: { x: number; y: number } }[] };
  if (!corps.candidates) throw new Error('géocodage');
  return corps.candidates.map((c) => ({ libelle: c.address, x: c.location.x, y: c.location.y }));
}
