import { SearchOutlined } from '@ant-design/icons';
import { ADRESSE_EXCEPTION_LIBELLES as L, CARTE, CARTE_LIBELLES } from '@debarras/domain';
import { AutoComplete, Input, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { TitrePage } from '../../components/TitrePage';
import { CadreCarte } from '../../entites/carte/CadreCarte';
import { useCarte, type Carte, type ResultatRecherche } from '../../entites/carte/useCarte';
import { messageErreur } from '../../lib/notifications';
import { BulleException, LegendeExceptions, ListeExceptionsVisibles } from './BulleException';
import { useAdresseMarquee, useCoucheExceptions, useExceptionsDeLaVue } from './coucheExceptions';
import { LIBELLES_CARTES as C, marqueursException } from './coucheExceptionsDonnees';
import './CartePage.css';

/** The scale a found address is shown at: its building and the depot points around it. */
const ECHELLE_ADRESSE_TROUVEE = 500;
const DELAI_RECHERCHE_MS = 400;

const cleResultat = (r: ResultatRecherche) => r.idpAdr ?? `${r.libelle}@${r.x},${r.y}`;

/**
 * « Rechercher une adresse » (docs/regles.md « Carte des exceptions »): from 3 characters typed, once typing pauses,
 * the 10 first addresses within the view; choosing one (arrows and Enter, or a click) centres the map on it at 1:500.
 */
function RechercheCarte({ carte, onTrouvee }: { carte: Carte; onTrouvee: (r: ResultatRecherche) => void }) {
  const { rechercher } = carte;
  const [saisie, setSaisie] = useState('');
  const [resultats, setResultats] = useState<ResultatRecherche[]>([]);
  const [etat, setEtat] = useState<{ enCours: boolean; erreur?: string }>({ enCours: false });
  const assezLong = saisie.trim().length >= CARTE.geocodage.caracteresMin;

  useEffect(() => {
    const terme = saisie.trim();
    if (terme.length < CARTE.geocodage.caracteresMin) return;
    let actuelle = true;
    const minuterie = setTimeout(() => {
      rechercher(terme)
        .then((r) => actuelle && (setResultats(r.slice(0, CARTE.geocodage.resultatsMax)), setEtat({ enCours: false })))
        .catch((e: unknown) => actuelle && (setResultats([]), setEtat({ enCours: false, erreur: messageErreur(e) })));
    }, DELAI_RECHERCHE_MS);
    return () => {
      actuelle = false;
      clearTimeout(minuterie);
    };
  }, [saisie, rechercher]);

  return (
    <AutoComplete
      className="recherche-carte"
      value={saisie}
      options={(assezLong ? resultats : []).map((r) => ({ value: cleResultat(r), label: r.libelle }))}
      onSearch={(texte) => {
        // the addresses of the text before would be chosen by an Enter typed before the new ones arrive
        setSaisie(texte);
        setResultats([]);
        setEtat({ enCours: texte.trim().length >= CARTE.geocodage.caracteresMin });
      }}
      // Enter takes the first address, the arrows another
      defaultActiveFirstOption
      onSelect={(cle: string) => {
        const trouvee = resultats.find((r) => cleResultat(r) === cle);
        if (!trouvee) return;
        setSaisie(trouvee.libelle);
        onTrouvee(trouvee);
      }}
      notFoundContent={!assezLong ? null : etat.enCours ? <Spin size="small" /> : (etat.erreur ?? C.aucuneAdresseTrouvee)}
      autoFocus
    >
      <Input aria-label={CARTE_LIBELLES.rechercher} placeholder={CARTE_LIBELLES.rechercher} prefix={<SearchOutlined aria-hidden />} />
    </AutoComplete>
  );
}

/** « Carte des exceptions » (docs/regles.md « Carte des exceptions »): the active exceptions in view, the search box. */
export function AdresseExceptionCartePage() {
  const carte = useCarte();
  const [exceptionsVisibles, setExceptionsVisibles] = useState(true);
  const [trouvee, setTrouvee] = useState<ResultatRecherche | null>(null);
  const vue = useExceptionsDeLaVue(carte.carte);
  const marqueurs = useMemo(
    () => vue.exceptions.flatMap(({ exception, adresse }) => marqueursException(exception, { position: adresse })),
    [vue.exceptions],
  );
  const couche = useCoucheExceptions(carte.carte, marqueurs, exceptionsVisibles);
  useAdresseMarquee(carte.carte, trouvee);

  const remarque = !exceptionsVisibles
    ? C.exceptionsMasquees
    : vue.erreur
      ? messageErreur(vue.erreur)
      : vue.tropLoin
        ? C.rapprochezVous
        : vue.exceptions.length === 0 && !vue.chargement
          ? C.aucuneException
          : undefined;

  return (
    <div>
      <TitrePage>{L.carteTitre}</TitrePage>
      <CadreCarte
        carte={carte}
        libelle={L.carteTitre}
        exceptions={{
          visible: exceptionsVisibles,
          basculer: (visible) => {
            couche.fermer();
            setExceptionsVisibles(visible);
          },
        }}
        commandes={
          <RechercheCarte
            carte={carte}
            onTrouvee={(r) => {
              setTrouvee(r);
              carte.centrer(r.x, r.y, ECHELLE_ADRESSE_TROUVEE);
            }}
          />
        }
      >
        <BulleException carte={carte.carte} bulle={couche.bulle} onFermer={couche.fermer} />
        {exceptionsVisibles && vue.tropLoin && (
          <div className="carte-avis" role="status">
            {C.rapprochezVous}
          </div>
        )}
        <div className="carte-pied">
          <ListeExceptionsVisibles
            exceptions={exceptionsVisibles ? vue.exceptions.map((e) => e.exception) : []}
            remarque={remarque}
            onOuvrir={couche.ouvrir}
          />
          {exceptionsVisibles && <LegendeExceptions />}
        </div>
        <p className="visuellement-masque" aria-live="polite">
          {trouvee ? C.carteCentree(trouvee.libelle) : ''}
        </p>
      </CadreCarte>
    </div>
  );
}
