import { SearchOutlined } from '@ant-design/icons';
import { ADRESSE_EXCEPTION_LIBELLES as L, CARTE, CARTE_LIBELLES } from '@debarras/domain';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { TitrePage } from '../../components/TitrePage';
import { CadreCarte } from '../../entites/carte/CadreCarte';
import { requeteRechercheCarte, type ResultatRecherche } from '../../entites/carte/api';
import { useAdresseMarquee } from '../../entites/carte/useAdresseMarquee';
import { useCarte, type Carte } from '../../entites/carte/useCarte';
import { messageErreur } from '../../lib/notifications';
import { BulleException, LegendeExceptions, ListeExceptionsVisibles } from './BulleException';
import { useCoucheExceptions, useExceptionsDeLaVue } from './coucheExceptions';
import { LIBELLES_CARTES as C, marqueursException } from './coucheExceptionsDonnees';
import './CartePage.css';

/** The scale a found address is shown at: its building and the depot points around it. */
const ECHELLE_ADRESSE_TROUVEE = 500;
const DELAI_RECHERCHE_MS = 400;

const cleResultat = (r: ResultatRecherche) => r.idpAdr ?? `${r.libelle}@${r.x},${r.y}`;
const assezLong = (texte: string) => texte.trim().length >= CARTE.geocodage.caracteresMin;

/**
 * « Rechercher une adresse » (docs/regles.md « Carte des exceptions »): from 3 characters typed, once typing pauses,
 * the 10 first addresses within the view; choosing one (arrows and Enter, or a click) centres the map on it at 1:500.
 */
function RechercheCarte({ carte, onTrouvee }: { carte: Carte; onTrouvee: (r: ResultatRecherche) => void }) {
  const [saisie, setSaisie] = useState('');
  const [terme, setTerme] = useState('');
  useEffect(() => {
    const minuterie = setTimeout(() => setTerme(saisie.trim()), DELAI_RECHERCHE_MS);
    return () => clearTimeout(minuterie);
  }, [saisie]);
  const recherche = useQuery({ ...requeteRechercheCarte(terme, carte.rechercher), enabled: assezLong(terme) });
  // the addresses of the text before would be chosen by an Enter typed before the new ones arrive
  const enCours = assezLong(saisie) && (saisie.trim() !== terme || recherche.isFetching);
  const resultats = assezLong(saisie) && !enCours && !recherche.isError ? (recherche.data ?? []) : [];

  return (
    <AutoComplete
      className="recherche-carte"
      value={saisie}
      options={resultats.map((r) => ({ value: cleResultat(r), label: r.libelle }))}
      onSearch={setSaisie}
      // Enter takes the first address, the arrows another
      defaultActiveFirstOption
      onSelect={(cle: string) => {
        const trouvee = resultats.find((r) => cleResultat(r) === cle);
        if (!trouvee) return;
        setSaisie(trouvee.libelle);
        onTrouvee(trouvee);
      }}
      notFoundContent={
        !assezLong(saisie) ? null : enCours ? (
          <Spin size="small" />
        ) : recherche.isError ? (
          messageErreur(recherche.error)
        ) : (
          C.aucuneAdresseTrouvee
        )
      }
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
