import { useEffect, useState } from 'react';
import type { AdresseEnLigne, DateEnLigne } from '@debarras/domain/enLigne';
import { api, nouvelleSession, type ErreurEnLigne, type LigneObjet } from './api';
import { useCatalogue, useDonnees } from './donnees';
import { EtapeAdresse, type Resultats } from './etapes/Adresse';
import {
  coordonneesValables,
  EtapeCoordonnees,
  type ChampCoordonnees,
  type ErreursCoordonnees,
  type SaisieCoordonnees,
} from './etapes/Coordonnees';
import { EtapeDate } from './etapes/Date';
import { Merci } from './etapes/Merci';
import { EtapeObjets, type Quantites } from './etapes/Objets';
import { EtapeResume } from './etapes/Resume';
import { useTextes, type Textes } from './langue';
import { useRetenirDepart } from './retenirDepart';

const ETAPES = ['adresse', 'objets', 'date', 'coordonnees', 'resume'] as const;
type NomEtape = (typeof ETAPES)[number];

/** Where a refused confirmation sends the resident back, by the refusal's text: to the step that can mend it. */
const RENVOIS: Partial<Record<keyof Textes, NomEtape>> = {
  complet: 'date',
  dateIndisponible: 'date',
  objetIndisponible: 'objets',
  objetObligatoire: 'objets',
  quantite: 'objets',
  objetsTropNombreux: 'objets',
  objetEnDouble: 'objets',
  adresseNonReservable: 'adresse',
  adresseObligatoire: 'adresse',
  tropLong: 'coordonnees',
};
const CHAMPS: Partial<Record<keyof Textes, ChampCoordonnees>> = {
  nomObligatoire: 'nom',
  emailInvalide: 'email',
  telephoneInvalide: 'telephone',
  consentementObligatoire: 'consentement',
};

/** The booking (route `en-ligne/`): five steps, then the thank-you. Everything typed is kept from step to step. */
export function Reserver() {
  const { langue, t } = useTextes();
  const [session] = useState(nouvelleSession);
  const service = useDonnees(`service:${langue}`, () => api.service(langue));
  const catalogue = useCatalogue(langue);
  const telephone = service.donnees?.telephone ?? '';

  // the step the history's entry names; the one shown may be an earlier one (see `affichee`)
  const [etape, setEtape] = useState<NomEtape>('adresse');
  // the first view starts at the page's top; afterwards each step's heading takes the focus
  const [focaliser, setFocaliser] = useState(false);
  const [erreur, setErreur] = useState<string>();
  const [occupe, setOccupe] = useState(false);

  const [recherche, setRecherche] = useState('');
  const [resultats, setResultats] = useState<Resultats>();
  const [adresse, setAdresse] = useState<AdresseEnLigne | null>(null);
  const [quantites, setQuantites] = useState<Quantites>({});
  const [objets, setObjets] = useState<LigneObjet[]>([]);
  const [date, setDate] = useState<DateEnLigne | null>(null);
  // a new try at the date step after a full levée: its list is loaded again
  const [essaiDates, setEssaiDates] = useState(0);
  const [coordonnees, setCoordonnees] = useState<SaisieCoordonnees>({
    nom: '',
    email: '',
    telephone: '',
    remarque: '',
    consentement: false,
    site: '',
  });
  const [erreursChamps, setErreursChamps] = useState<ErreursCoordonnees>({});
  const [reservee, setReservee] = useState<{ numero: string; minutes: number }>();
  useRetenirDepart(Boolean(recherche || adresse) && !reservee);

  // The history may name a step whose earlier ones are no longer complete (its entries outlive a reload, and going
  // back then changing the address clears the date): the booking never shows a step beyond the first incomplete one.
  const faite: Record<NomEtape, boolean> = {
    adresse: Boolean(adresse?.reservable),
    objets: objets.length > 0,
    date: date !== null,
    coordonnees: coordonneesValables(coordonnees) && !Object.keys(erreursChamps).length,
    resume: false,
  };
  const aFaire = ETAPES.find((e) => !faite[e])!;
  const affichee = ETAPES.indexOf(etape) > ETAPES.indexOf(aFaire) ? aFaire : etape;

  const afficher = (suivante: NomEtape, message?: string) => {
    setEtape(suivante);
    setFocaliser(true);
    setErreur(message);
  };
  const aller = (suivante: NomEtape, message?: string) => {
    // each step is an entry of the browser's history: the phone's « back » goes to the step before, not off the booking
    if (suivante !== etape) history.pushState({ etape: suivante }, '');
    afficher(suivante, message);
  };
  useEffect(() => {
    if (reservee) return;
    const revenir = (e: PopStateEvent) => afficher((e.state as { etape?: NomEtape } | null)?.etape ?? 'adresse');
    window.addEventListener('popstate', revenir);
    return () => window.removeEventListener('popstate', revenir);
  }, [reservee]);

  const choisirDate = async () => {
    setOccupe(true);
    try {
      await api.noterDate(session, 'creation', langue);
      aller('coordonnees');
    } catch (e) {
      setErreur((e as ErreurEnLigne).message);
    } finally {
      setOccupe(false);
    }
  };

  const confirmer = async () => {
    setOccupe(true);
    setErreur(undefined);
    try {
      const { nom, email, telephone, remarque, site } = coordonnees;
      setReservee(
        await api.reserver({
          session,
          langue,
          idpAdr: adresse!.idpAdr,
          idLevee: date!.idLevee,
          objets,
          nom,
          email,
          telephone,
          remarque,
          consentement: coordonnees.consentement,
          site,
        }),
      );
    } catch (e) {
      const { message } = e as ErreurEnLigne;
      const cle = (Object.keys(t) as (keyof Textes)[]).find((c) => t[c] === message);
      const champ = cle && CHAMPS[cle];
      const renvoi = cle && RENVOIS[cle];
      if (champ) {
        setErreursChamps({ [champ]: message });
        aller('coordonnees');
      } else if (renvoi) {
        if (renvoi === 'date') {
          setDate(null);
          setEssaiDates((n) => n + 1);
        }
        aller(renvoi, message);
      } else setErreur(message);
    } finally {
      setOccupe(false);
    }
  };

  if (reservee) return <Merci numero={reservee.numero} minutes={reservee.minutes} service={service.donnees} />;
  switch (affichee) {
    case 'adresse':
      return (
        <EtapeAdresse
          recherche={recherche}
          onRecherche={setRecherche}
          resultats={resultats}
          onResultats={setResultats}
          adresse={adresse}
          onAdresse={(choisie) => {
            if (choisie?.idpAdr !== adresse?.idpAdr) setDate(null);
            setAdresse(choisie);
          }}
          telephone={telephone}
          focaliser={focaliser}
          erreur={erreur ?? service.erreur}
          onSuivant={() => aller('objets')}
        />
      );
    case 'objets':
      return (
        <EtapeObjets
          numero={2}
          total={5}
          catalogue={catalogue.donnees}
          erreurCatalogue={catalogue.erreur}
          quantites={quantites}
          onQuantites={(nouvelles) => {
            setQuantites(nouvelles);
            // the lines chosen no longer match what the step shows: they are taken again at its Suivant
            setObjets([]);
          }}
          focaliser={focaliser}
          erreur={erreur}
          onSuivant={(lignes) => {
            setObjets(lignes);
            aller('date');
          }}
          onPrecedent={() => aller('adresse')}
        />
      );
    case 'date':
      return (
        <EtapeDate
          key={essaiDates}
          numero={3}
          total={5}
          idpAdr={adresse!.idpAdr}
          date={date}
          onDate={setDate}
          telephone={telephone}
          focaliser={focaliser}
          erreur={erreur}
          occupe={occupe}
          onSuivant={choisirDate}
          onPrecedent={() => aller('objets')}
        />
      );
    case 'coordonnees':
      return (
        <EtapeCoordonnees
          valeurs={coordonnees}
          onValeurs={setCoordonnees}
          erreurs={erreursChamps}
          onErreurs={setErreursChamps}
          focaliser={focaliser}
          erreur={erreur}
          onSuivant={() => aller('resume')}
          onPrecedent={() => aller('date')}
        />
      );
    case 'resume':
      return (
        <EtapeResume
          adresse={adresse!.adresse}
          date={date!.date}
          objets={objets}
          catalogue={catalogue.donnees}
          coordonnees={coordonnees}
          focaliser={focaliser}
          erreur={erreur}
          occupe={occupe}
          onConfirmer={confirmer}
          onPrecedent={() => aller('coordonnees')}
        />
      );
  }
}
