import {
  EQUIPE_PAGE,
  REMARQUE_RESULTAT_MAX,
  RESULTAT_LIBELLES,
  RESULTATS,
  type ArretEquipe,
  type CodeResultat,
  type ResultatArret,
  type ResultatEquipeSaisie,
} from '@debarras/domain/equipe';
import { useId, useState, type ChangeEvent } from 'react';
import { reduirePhoto } from './photo';

/** A stop's result as the page shows it: the server's, or one recorded here that waits for the network. */
export type ResultatAffiche = ResultatArret & { envoye: boolean };

type Saisie = Omit<ResultatEquipeSaisie, 'idClient' | 'idDebarras' | 'horodatage'>;

interface Props {
  arret: ArretEquipe;
  resultat: ResultatAffiche | undefined;
  corrigeable: (r: ResultatAffiche) => boolean;
  conflit: boolean;
  refus: string[];
  libelleResultat: (code: CodeResultat, quand: string) => string;
  onEnregistrer: (saisie: Saisie, photo?: Blob) => Promise<void>;
  onPhoto: (idClient: string, fichier: Blob) => Promise<void>;
}

/** One stop of the round: what the crew needs there, and one tap for what it found. */
export function Arret({ arret: a, resultat, corrigeable, conflit, refus, libelleResultat, onEnregistrer, onPhoto }: Props) {
  const id = useId();
  const [mode, setMode] = useState<'affiche' | 'choix' | 'partiel'>('affiche');
  const [remarque, setRemarque] = useState('');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [photoEnCours, setPhotoEnCours] = useState(false);
  const [erreurPhoto, setErreurPhoto] = useState<string | null>(null);
  const [restes, setRestes] = useState<Record<number, number>>({});
  const [erreurPartiel, setErreurPartiel] = useState<string | null>(null);
  const choisit = !resultat || mode !== 'affiche';

  const lirePhoto = async (evenement: ChangeEvent<HTMLInputElement>, utiliser: (photo: Blob) => Promise<void> | void) => {
    const fichier = evenement.target.files?.[0];
    evenement.target.value = '';
    if (!fichier) return;
    setErreurPhoto(null);
    setPhotoEnCours(true);
    try {
      await utiliser(await reduirePhoto(fichier));
    } catch (e) {
      setErreurPhoto((e as Error).message);
    } finally {
      setPhotoEnCours(false);
    }
  };

  const terminer = async (saisie: Saisie) => {
    await onEnregistrer(
      { ...saisie, ...(remarque.trim() ? { remarque: remarque.trim() } : {}), ...(resultat ? { remplace: resultat.idClient } : {}) },
      photo ?? undefined,
    );
    setMode('affiche');
    setRemarque('');
    setPhoto(null);
    setRestes({});
    setErreurPartiel(null);
  };

  const choisir = (code: CodeResultat) => {
    if (code === 'PARTIEL' && a.objets.length) return setMode('partiel');
    void terminer({ resultat: code });
  };

  const enregistrerPartiel = () => {
    const objetsRestants = Object.entries(restes)
      .filter(([, quantite]) => quantite > 0)
      .map(([idObjet, quantite]) => ({ idObjet: Number(idObjet), quantite }));
    if (!objetsRestants.length) return setErreurPartiel(EQUIPE_PAGE.partielSansObjet);
    void terminer({ resultat: 'PARTIEL', objetsRestants });
  };

  const champPhoto = (utiliser: (photo: Blob) => Promise<void> | void) => (
    <label className="bouton secondaire">
      {EQUIPE_PAGE.photo}
      <input type="file" accept="image/*" capture="environment" className="invisible" onChange={(e) => void lirePhoto(e, utiliser)} />
    </label>
  );

  return (
    <li className={`arret${resultat ? ` fait code-${resultat.code}` : ''}`}>
      <article aria-labelledby={`${id}-titre`}>
        <h2 id={`${id}-titre`}>{EQUIPE_PAGE.arret(a.ordre, a.numero)}</h2>
        <p className="adresse">{a.adresse}</p>
        {a.precisions && <p className="precisions">{a.precisions}</p>}
        {[a.pointDepot, a.travaux].map(
          (texte) =>
            texte && (
              <p key={texte} className="acces">
                {texte}
              </p>
            ),
        )}
        {a.alertes.length > 0 && (
          <ul className="alertes">
            {a.alertes.map((alerte) => (
              <li key={alerte}>{alerte}</li>
            ))}
          </ul>
        )}
        {a.objets.length > 0 && (
          <ul className="objets" aria-label={EQUIPE_PAGE.objets}>
            {a.objets.map((o) => (
              <li key={o.idObjet}>
                {o.quantite} × {o.libelle}
                {o.remarque ? ` — ${o.remarque}` : ''}
              </li>
            ))}
          </ul>
        )}
        {a.remarques.length > 0 && (
          <ul className="remarques" aria-label={EQUIPE_PAGE.remarques}>
            {a.remarques.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
        <p className="liens">
          {a.telephone && (
            <a className="bouton secondaire" href={`tel:${a.telephone.replace(/[^\d+]/g, '')}`}>
              {EQUIPE_PAGE.appeler(a.telephone)}
            </a>
          )}
          {a.navigation ? (
            <a className="bouton secondaire" href={a.navigation}>
              {EQUIPE_PAGE.itineraire}
            </a>
          ) : (
            <span className="aide">{EQUIPE_PAGE.sansCoordonnees}</span>
          )}
        </p>

        {resultat && mode === 'affiche' && (
          <div className="resultat">
            <p className="code">
              {libelleResultat(resultat.code, resultat.horodatage)}
              {!resultat.envoye && <span className="aide"> ({EQUIPE_PAGE.nonEnvoye})</span>}
            </p>
            {resultat.remarque && <p>{resultat.remarque}</p>}
            <p className="liens">
              {resultat.photo ? <span className="aide">{EQUIPE_PAGE.photoAjoutee}</span> : champPhoto((p) => onPhoto(resultat.idClient, p))}
              {corrigeable(resultat) ? (
                <button type="button" className="bouton secondaire" onClick={() => setMode('choix')}>
                  {EQUIPE_PAGE.corriger}
                </button>
              ) : (
                <span className="aide">{EQUIPE_PAGE.correctionFermee}</span>
              )}
            </p>
          </div>
        )}

        {choisit && mode !== 'partiel' && (
          <fieldset className="choix">
            <legend>{EQUIPE_PAGE.choisir}</legend>
            <label className="champ">
              {EQUIPE_PAGE.remarque}
              <textarea rows={2} maxLength={REMARQUE_RESULTAT_MAX} value={remarque} onChange={(e) => setRemarque(e.target.value)} />
            </label>
            <p className="liens">
              {champPhoto((p) => setPhoto(p))}
              {photo && <span className="aide">{EQUIPE_PAGE.photoAjoutee}</span>}
            </p>
            <div className="codes">
              {RESULTATS.map((code) => (
                <button key={code} type="button" className={`bouton code-${code}`} onClick={() => choisir(code)}>
                  {RESULTAT_LIBELLES[code]}
                </button>
              ))}
            </div>
            {resultat && (
              <button type="button" className="bouton secondaire" onClick={() => setMode('affiche')}>
                {EQUIPE_PAGE.annuler}
              </button>
            )}
          </fieldset>
        )}

        {mode === 'partiel' && (
          <fieldset className="choix">
            <legend>{EQUIPE_PAGE.objetsRestes}</legend>
            {a.objets.map((o) => (
              <label key={o.idObjet} className="champ ligne">
                {o.libelle}
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={o.quantite}
                  value={restes[o.idObjet] ?? 0}
                  onChange={(e) => setRestes({ ...restes, [o.idObjet]: Math.min(o.quantite, Math.max(0, Number(e.target.value) || 0)) })}
                />
                <span className="aide">/ {o.quantite}</span>
              </label>
            ))}
            {erreurPartiel && (
              <p className="refus" role="alert">
                {erreurPartiel}
              </p>
            )}
            <p className="liens">
              <button type="button" className="bouton" onClick={enregistrerPartiel}>
                {EQUIPE_PAGE.enregistrer}
              </button>
              <button type="button" className="bouton secondaire" onClick={() => setMode(resultat ? 'affiche' : 'choix')}>
                {EQUIPE_PAGE.annuler}
              </button>
            </p>
          </fieldset>
        )}

        {photoEnCours && (
          <p className="aide" role="status">
            {EQUIPE_PAGE.photoEnPreparation}
          </p>
        )}
        {erreurPhoto && (
          <p className="refus" role="alert">
            {erreurPhoto}
          </p>
        )}
        {conflit && <p className="avis">{EQUIPE_PAGE.conflit}</p>}
        {refus.map((message) => (
          <p key={message} className="refus">
            {EQUIPE_PAGE.refuse(message)}
          </p>
        ))}
      </article>
    </li>
  );
}
