import {
  CORRECTION_EQUIPE_MINUTES,
  EQUIPE_PAGE,
  RESULTAT_LIBELLES,
  type ArretEquipe,
  type CodeResultat,
  type ResultatEquipeSaisie,
  type TourneeEquipe,
} from '@debarras/domain/equipe';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ErreurTournee } from './api';
import { Arret, type ResultatAffiche } from './Arret';
import { envoyerEnAttente } from './envoi';
import { nouvelIdentifiant } from './identifiant';
import { reduirePhoto } from './photo';
import { cleAcces, stockage, type Acces, type Envoi } from './stockage';

/** Every 30 seconds, what waits is sent again, and the round read again (the office may have moved a débarras). */
const INTERVALLE_MS = 30_000;

const heure = new Intl.DateTimeFormat('fr-CH', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Zurich' });
const jour = new Intl.DateTimeFormat('fr-CH', { weekday: 'long', day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
export const heureDe = (iso: string) => heure.format(new Date(iso));

/** The link's token or the levée asked for in the address, else the access kept from an earlier opening. */
async function accesDemande(): Promise<Acces | undefined> {
  const parametres = new URLSearchParams(window.location.search);
  const jeton = parametres.get('j');
  const levee = Number(parametres.get('levee'));
  const demande: Acces | undefined = jeton ? { mode: 'jeton', jeton } : levee > 0 ? { mode: 'personnel', idLevee: levee } : undefined;
  if (!demande) return stockage.acces();
  await stockage.retenirAcces(demande);
  // the token leaves the address bar (a screenshot, a shared screen): the phone keeps it
  if (jeton) window.history.replaceState(null, '', window.location.pathname);
  return demande;
}

/** The result a stop shows: the last one recorded here and not yet sent, else the server's. */
function resultatsAffiches(tournee: TourneeEquipe | null, envois: Envoi[]): Map<number, ResultatAffiche> {
  const affiches = new Map<number, ResultatAffiche>();
  for (const a of tournee?.arrets ?? []) if (a.resultat) affiches.set(a.idDebarras, { ...a.resultat, envoye: true });
  for (const e of envois) {
    if (e.type !== 'resultat' || e.etat !== 'attente') continue;
    const r = e.resultat;
    affiches.set(r.idDebarras, {
      idClient: r.idClient,
      code: r.resultat,
      remarque: r.remarque ?? null,
      objetsRestants: r.objetsRestants ?? null,
      horodatage: r.horodatage,
      photo: envois.some((p) => p.type === 'photo' && p.idClient === r.idClient),
      envoye: false,
    });
  }
  return affiches;
}

export function Application() {
  const [acces, setAcces] = useState<Acces | null | undefined>(undefined);
  const [tournee, setTournee] = useState<TourneeEquipe | null>(null);
  const [lueLe, setLueLe] = useState<string | null>(null);
  const [horsLigne, setHorsLigne] = useState(false);
  const [erreur, setErreur] = useState<string | null>(null);
  const [envois, setEnvois] = useState<Envoi[]>([]);
  const [conflits, setConflits] = useState<Set<number>>(new Set());
  const [envoiEnCours, setEnvoiEnCours] = useState(false);
  const enCours = useRef(false);
  const cle = acces ? cleAcces(acces) : undefined;

  const relireEnvois = useCallback(async () => {
    if (cle) setEnvois(await stockage.envois(cle));
  }, [cle]);

  const lire = useCallback(async () => {
    if (!acces || !cle) return;
    try {
      const lue = await api.tournee(acces);
      const le = new Date().toISOString();
      await stockage.retenirTournee({ cle, tournee: lue, lueLe: le });
      setTournee(lue);
      setLueLe(le);
      setHorsLigne(false);
      setErreur(null);
    } catch (e) {
      if (e instanceof ErreurTournee && e.statut !== undefined && e.statut < 500) setErreur(e.message);
      else setHorsLigne(true);
    }
  }, [acces, cle]);

  const synchroniser = useCallback(async () => {
    if (!acces || !cle || enCours.current) return;
    enCours.current = true;
    setEnvoiEnCours(true);
    try {
      const fin = await envoyerEnAttente(acces, cle);
      if (fin.conflits.length) setConflits((avant) => new Set([...avant, ...fin.conflits]));
      if (fin.fin === 'lien') setErreur(fin.message);
      if (fin.fin === 'reseau') setHorsLigne(true);
      await relireEnvois();
      if (fin.fin === 'fini') await lire();
    } finally {
      enCours.current = false;
      setEnvoiEnCours(false);
    }
  }, [acces, cle, lire, relireEnvois]);

  useEffect(() => {
    void accesDemande().then((a) => setAcces(a ?? null));
  }, []);

  useEffect(() => {
    if (!cle) return;
    void (async () => {
      const gardee = await stockage.tournee(cle);
      if (gardee) {
        setTournee(gardee.tournee);
        setLueLe(gardee.lueLe);
      }
      await relireEnvois();
      await synchroniser();
      await lire();
    })();
    const relancer = () => void synchroniser();
    window.addEventListener('online', relancer);
    const minuterie = window.setInterval(relancer, INTERVALLE_MS);
    return () => {
      window.removeEventListener('online', relancer);
      window.clearInterval(minuterie);
    };
  }, [cle, lire, relireEnvois, synchroniser]);

  const enregistrer = async (
    arret: ArretEquipe,
    saisie: Omit<ResultatEquipeSaisie, 'idClient' | 'idDebarras' | 'horodatage'>,
    photo?: Blob,
  ) => {
    if (!cle) return;
    const resultat: ResultatEquipeSaisie = {
      ...saisie,
      idClient: nouvelIdentifiant(),
      idDebarras: arret.idDebarras,
      horodatage: new Date().toISOString(),
    };
    await stockage.ajouterEnvoi({ cle, etat: 'attente', type: 'resultat', resultat });
    if (photo)
      await stockage.ajouterEnvoi({
        cle,
        etat: 'attente',
        type: 'photo',
        idClient: resultat.idClient,
        idDebarras: arret.idDebarras,
        photo,
      });
    setConflits((avant) => new Set([...avant].filter((id) => id !== arret.idDebarras)));
    await relireEnvois();
    void synchroniser();
  };

  const joindrePhoto = async (arret: ArretEquipe, idClient: string, fichier: Blob) => {
    if (!cle) return;
    const photo = await reduirePhoto(fichier);
    await stockage.ajouterEnvoi({ cle, etat: 'attente', type: 'photo', idClient, idDebarras: arret.idDebarras, photo });
    await relireEnvois();
    void synchroniser();
  };

  if (acces === undefined) return <p className="cadre etat">{EQUIPE_PAGE.chargement}</p>;
  if (acces === null) return <Refus message={EQUIPE_PAGE.lienManquant} />;
  if (erreur && !tournee) return <Refus message={erreur} />;
  if (!tournee)
    return (
      <p className="cadre etat" role="status">
        {horsLigne ? EQUIPE_PAGE.erreurReseau : EQUIPE_PAGE.chargement}
      </p>
    );

  const affiches = resultatsAffiches(tournee, envois);
  const enAttente = envois.filter((e) => e.etat === 'attente').length;
  const faits = tournee.arrets.filter((a) => affiches.has(a.idDebarras)).length;
  const refuses = (idDebarras: number) =>
    envois.filter((e) => e.etat === 'refuse' && (e.type === 'resultat' ? e.resultat.idDebarras : e.idDebarras) === idDebarras);

  return (
    <>
      <header className="entete">
        <div className="cadre">
          <h1>
            {EQUIPE_PAGE.titre} — {jour.format(new Date(`${tournee.levee.dateLevee}T12:00:00Z`))}
          </h1>
          <p className="secteur">{tournee.levee.secteur}</p>
          <p className="progression">
            <span className="compte" aria-hidden="true">
              {EQUIPE_PAGE.progression(faits, tournee.arrets.length)}
            </span>
            <progress
              max={tournee.arrets.length || 1}
              value={faits}
              aria-label={EQUIPE_PAGE.progressionLibelle(faits, tournee.arrets.length)}
            />
          </p>
          <p className={enAttente ? 'envoi attente' : 'envoi'} role="status">
            {envoiEnCours && enAttente ? EQUIPE_PAGE.envoiEnCours : EQUIPE_PAGE.enAttente(enAttente)}
          </p>
          {horsLigne && lueLe && <p className="hors-ligne">{EQUIPE_PAGE.horsLigne(heureDe(lueLe))}</p>}
          {erreur && (
            <p className="refus" role="alert">
              {erreur}
            </p>
          )}
        </div>
      </header>
      <main className="cadre">
        {tournee.arrets.length === 0 ? (
          <p className="etat">{EQUIPE_PAGE.aucunArret}</p>
        ) : (
          <ol className="arrets">
            {tournee.arrets.map((a) => (
              <Arret
                key={a.idDebarras}
                arret={a}
                resultat={affiches.get(a.idDebarras)}
                corrigeable={(r) => Date.now() - Date.parse(r.horodatage) <= CORRECTION_EQUIPE_MINUTES * 60_000}
                conflit={conflits.has(a.idDebarras)}
                refus={refuses(a.idDebarras).map((e) => e.message ?? '')}
                libelleResultat={(code: CodeResultat, quand: string) => EQUIPE_PAGE.resultat(RESULTAT_LIBELLES[code], heureDe(quand))}
                onEnregistrer={(saisie, photo) => enregistrer(a, saisie, photo)}
                onPhoto={(idClient, fichier) => joindrePhoto(a, idClient, fichier)}
              />
            ))}
          </ol>
        )}
      </main>
    </>
  );
}

function Refus({ message }: { message: string }) {
  return (
    <main className="cadre">
      <h1>{EQUIPE_PAGE.titre}</h1>
      <p className="refus" role="alert">
        {message}
      </p>
    </main>
  );
}
