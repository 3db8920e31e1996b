import {
  arrondirCoordonnee,
  perimetreSaisieSchema,
  SECTEUR_PERIMETRE_LIBELLES as L,
  type Perimetre,
  type PerimetreSecteur,
  type Secteur,
} from '@debarras/domain';
import { Alert, Button, Skeleton, Space, Typography } from 'antd';
import { boundingExtent } from 'ol/extent';
import Feature from 'ol/Feature';
import Polygon from 'ol/geom/Polygon';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { useEffect, useState } from 'react';
import { CadreCarte } from '../../entites/carte/CadreCarte';
import { useCarte } from '../../entites/carte/useCarte';
import { confirmer } from '../../lib/confirmation';
import { notifier } from '../../lib/notifications';
import { useEnregistrerPerimetre, usePerimetresSecteurs } from './api';
import { styleAutrePerimetre, stylePerimetre } from './stylesPerimetre';
import './perimetre.css';

type Mode = 'dessin' | 'modification' | null;

interface Props {
  secteur: Secteur;
  onEnCours: (enCours: boolean) => void;
}

/**
 * A sector's perimeter (docs/regles.md « Périmètres des secteurs »): every sector's outline for
 * context, this one highlighted, drawn anew or reshaped, then saved, which moves the commune's
 * addresses to the sector whose perimeter holds them.
 * `onEnCours` says whether a drawn perimeter waits to be saved: the page asks before it is left.
 */
export function PerimetreCarte({ secteur, onEnCours }: Props) {
  const perimetres = usePerimetresSecteurs();
  if (perimetres.isLoading) return <Skeleton active />;
  if (!perimetres.data) return null;
  return <CartePerimetres secteur={secteur} perimetres={perimetres.data} onEnCours={onEnCours} />;
}

/** The outer ring of a drawn polygon, to the centimetre. */
const anneauDe = (f: Feature) =>
  (f.getGeometry() as Polygon).getCoordinates()[0]!.map(([x, y]) => [arrondirCoordonnee(x!), arrondirCoordonnee(y!)] as [number, number]);

function CartePerimetres({ secteur, perimetres, onEnCours }: Props & { perimetres: PerimetreSecteur[] }) {
  const enregistre = perimetres.find((p) => p.idSecteur === secteur.idSecteur)?.perimetre ?? null;
  const [centreInitial] = useState(() => (enregistre ? centreDe(enregistre) : null));
  const carte = useCarte({ initiale: centreInitial ? { centre: centreInitial, echelle: 10000 } : undefined });
  const ol = carte.carte;
  const [autres] = useState(() => new VectorSource());
  const [courant] = useState(() => new VectorSource());
  const [mode, setMode] = useState<Mode>(null);
  const [dessine, setDessine] = useState<Perimetre | null>(null);
  const enCours = dessine !== null;
  useEffect(() => onEnCours(enCours), [enCours, onEnCours]);
  const enregistrement = useEnregistrerPerimetre(secteur.idSecteur);
  const affiche = dessine ?? enregistre;

  useEffect(() => {
    const couches = [
      new VectorLayer({ source: autres, style: styleAutrePerimetre, zIndex: 3 }),
      new VectorLayer({ source: courant, style: stylePerimetre, zIndex: 4 }),
    ];
    couches.forEach((c) => ol.addLayer(c));
    return () => couches.forEach((c) => ol.removeLayer(c));
  }, [ol, autres, courant]);

  useEffect(() => {
    autres.clear();
    autres.addFeatures(
      perimetres
        .filter((p) => p.idSecteur !== secteur.idSecteur && p.perimetre)
        .map((p) => new Feature({ geometry: new Polygon([p.perimetre!]), libelle: p.libelle })),
    );
  }, [autres, perimetres, secteur.idSecteur]);

  useEffect(() => {
    courant.clear();
    if (affiche) courant.addFeature(new Feature({ geometry: new Polygon([affiche]), libelle: secteur.libelle, modifie: dessine !== null }));
  }, [courant, affiche, dessine, secteur.libelle]);

  // once, the view frames the saved perimeter
  useEffect(() => {
    const taille = ol.getSize();
    if (enregistre && taille) ol.getView().fit(boundingExtent(enregistre), { size: taille, padding: [40, 40, 40, 40] });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ol]);

  useEffect(() => {
    if (mode === 'modification') {
      const modification = new Modify({ source: courant });
      modification.on('modifyend', (e) => setDessine(anneauDe(e.features.item(0))));
      ol.addInteraction(modification);
      return () => {
        ol.removeInteraction(modification);
      };
    }
    if (mode !== 'dessin') return;
    const dessin = new Draw({ type: 'Polygon' });
    dessin.on('drawend', (e) => {
      setDessine(anneauDe(e.feature));
      setMode(null);
    });
    const touche = (e: KeyboardEvent) => {
      if (e.key === 'Enter') dessin.finishDrawing();
      if (e.key === 'Escape') {
        dessin.abortDrawing();
        setMode(null);
      }
    };
    ol.addInteraction(dessin);
    document.addEventListener('keydown', touche);
    return () => {
      document.removeEventListener('keydown', touche);
      ol.removeInteraction(dessin);
    };
  }, [ol, courant, mode]);

  const enregistrer = async () => {
    const saisie = { version: secteur.version, perimetre: dessine };
    const controle = perimetreSaisieSchema.safeParse(saisie);
    if (!controle.success) return notifier.erreur(controle.error.issues[0]!.message);
    if (!(await confirmer({ titre: L.confirmationTitre, contenu: L.confirmation(secteur.libelle), ok: 'Enregistrer', annuler: 'Annuler' })))
      return;
    enregistrement.mutate(
      { version: secteur.version, perimetre: dessine! },
      {
        onSuccess: () => {
          setDessine(null);
          setMode(null);
        },
      },
    );
  };

  const basculer = (m: Exclude<Mode, null>) => setMode(mode === m ? null : m);

  return (
    <section className="perimetre-secteur" aria-labelledby="perimetre-titre">
      <Typography.Title level={4} id="perimetre-titre">
        {L.titre}
      </Typography.Title>
      <Space wrap className="perimetre-commandes">
        <Button type={mode === 'dessin' ? 'primary' : 'default'} aria-pressed={mode === 'dessin'} onClick={() => basculer('dessin')}>
          {L.dessiner}
        </Button>
        <Button
          type={mode === 'modification' ? 'primary' : 'default'}
          aria-pressed={mode === 'modification'}
          disabled={!affiche}
          onClick={() => basculer('modification')}
        >
          {mode === 'modification' ? L.terminerModification : L.modifier}
        </Button>
        <Button
          type="primary"
          disabled={!dessine || mode === 'dessin' || enregistrement.isPending}
          loading={enregistrement.isPending}
          onClick={() => void enregistrer()}
        >
          {L.enregistrer}
        </Button>
        {dessine && (
          <Button
            onClick={() => {
              setDessine(null);
              setMode(null);
            }}
          >
            {L.annuler}
          </Button>
        )}
      </Space>
      {(mode || !affiche) && (
        <Alert
          className="perimetre-aide"
          type="info"
          showIcon
          role="status"
          message={mode === 'dessin' ? L.aideDessin : mode === 'modification' ? L.aideModification : L.aucunPerimetre}
        />
      )}
      <div className={mode === 'dessin' ? 'carte-perimetre en-dessin' : 'carte-perimetre'}>
        <CadreCarte carte={carte} libelle={L.carte(secteur.libelle)} />
      </div>
    </section>
  );
}

const centreDe = (anneau: Perimetre): [number, number] => {
  const [xMin, yMin, xMax, yMax] = boundingExtent(anneau);
  return [(xMin! + xMax!) / 2, (yMin! + yMax!) / 2];
};
