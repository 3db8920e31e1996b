import { useId, useState, type KeyboardEvent } from 'react';
import { LIMITES_EN_LIGNE, type ObjetEnLigne } from '@debarras/domain/enLigne';
import type { LigneObjet } from '../api';
import { Chargement, Etape, MessageChamp } from '../Etape';
import { useTextes } from '../langue';

/** The quantities as typed, by object: a field may hold anything until the step checks it. */
export type Quantites = Record<number, string>;

interface Props {
  numero: number;
  total: number;
  catalogue?: ObjetEnLigne[];
  erreurCatalogue?: string;
  quantites: Quantites;
  onQuantites: (quantites: Quantites) => void;
  focaliser: boolean;
  erreur?: string;
  onSuivant: (lignes: LigneObjet[]) => void;
  onPrecedent: () => void;
}

const entier = (texte: string | undefined) => (/^\d+$/.test(texte?.trim() || '0') ? Number(texte?.trim() || '0') : undefined);

/** A label as the search compares it: no case, no accents (« refrigerateur » finds « Réfrigérateur »). */
const pourRecherche = (texte: string) =>
  texte
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The objects step (the booking's step 2, a change's step 1): a quantity per accepted object, with − and + for
 * fingers (the field takes the keyboard: digits, arrows), then the refused objects and where to take them.
 */
export function EtapeObjets({
  numero,
  total,
  catalogue,
  erreurCatalogue,
  quantites,
  onQuantites,
  focaliser,
  erreur,
  onSuivant,
  onPrecedent,
}: Props) {
  const { t } = useTextes();
  const id = useId();
  const [fautives, setFautives] = useState<Record<number, string>>({});
  const [erreurListe, setErreurListe] = useState<string>();
  const [recherche, setRecherche] = useState('');
  const acceptes = catalogue?.filter((o) => o.type === 'Objet') ?? [];
  // the search narrows the list to read; an object already counted stays in it
  const cherche = pourRecherche(recherche.trim());
  const montres = acceptes.filter((o) => !cherche || pourRecherche(o.libelle).includes(cherche) || entier(quantites[o.idObjet]));
  const refuses = catalogue?.filter((o) => o.type === 'Interdit') ?? [];
  const idChamp = (idObjet: number) => `${id}-${idObjet}`;

  const changer = (idObjet: number, valeur: string) => {
    onQuantites({ ...quantites, [idObjet]: valeur });
    setFautives(({ [idObjet]: _corrigee, ...autres }) => autres);
    setErreurListe(undefined);
  };
  const ajouter = (idObjet: number, pas: number) => {
    const actuelle = entier(quantites[idObjet]) ?? 0;
    changer(idObjet, String(Math.min(LIMITES_EN_LIGNE.quantite, Math.max(0, actuelle + pas))));
  };
  const fleches = (idObjet: number) => (e: KeyboardEvent) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    ajouter(idObjet, e.key === 'ArrowUp' ? 1 : -1);
  };

  const suivant = () => {
    // nothing to check before the catalogue is there: the loading status says why the step waits
    if (!catalogue) return;
    const erreurs: Record<number, string> = {};
    const lignes: LigneObjet[] = [];
    for (const o of acceptes) {
      const quantite = entier(quantites[o.idObjet]);
      if (quantite === undefined || quantite > LIMITES_EN_LIGNE.quantite) erreurs[o.idObjet] = t.quantite;
      else if (quantite > 0) lignes.push({ idObjet: o.idObjet, quantite });
    }
    const premiere = acceptes.find((o) => erreurs[o.idObjet]);
    // a faulty field hidden by the search shows again, to take the focus
    if (premiere) setRecherche('');
    const erreurDeListe = premiere
      ? undefined
      : !lignes.length
        ? t.objetObligatoire
        : lignes.length > LIMITES_EN_LIGNE.objets
          ? t.objetsTropNombreux
          : undefined;
    setFautives(erreurs);
    setErreurListe(erreurDeListe);
    const champ = (idObjet: number) => document.getElementById(idChamp(idObjet));
    if (premiere) {
      // a field the search hid shows again once the search is emptied: focused then
      if (champ(premiere.idObjet)) champ(premiere.idObjet)!.focus();
      else setTimeout(() => champ(premiere.idObjet)?.focus());
    } else if (erreurDeListe) (montres[0] ? champ(montres[0].idObjet) : document.getElementById(`${id}-recherche`))?.focus();
    else onSuivant(lignes);
  };

  return (
    <Etape
      numero={numero}
      total={total}
      titre={t.etapeObjets}
      focaliser={focaliser}
      erreur={erreur ?? erreurCatalogue}
      onSuivant={suivant}
      onPrecedent={onPrecedent}
    >
      {!catalogue && !erreurCatalogue && <Chargement />}
      {catalogue && (
        <>
          <div role="group" aria-labelledby={`${id}-acceptes`} aria-describedby={erreurListe ? `${id}-erreur` : undefined}>
            <h3 id={`${id}-acceptes`}>{t.objetsAutorises}</h3>
            <label htmlFor={`${id}-recherche`} className="champ recherche-objet">
              <span>{t.chercherObjet}</span>
              <input
                id={`${id}-recherche`}
                type="search"
                value={recherche}
                autoComplete="off"
                onChange={(e) => setRecherche(e.target.value)}
                // Enter in the search is not « Suivant »
                onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
              />
            </label>
            {montres.length === 0 && <p role="status">{t.aucunObjetTrouve}</p>}
            <ul className="objets">
              {montres.map((o) => {
                const quantite = quantites[o.idObjet] ?? '0';
                const fautive = fautives[o.idObjet];
                return (
                  <li key={o.idObjet} className={entier(quantite) ? 'objet choisi' : 'objet'}>
                    {o.image ? <img src={o.image} alt="" width={40} height={40} /> : <span className="objet-sans-image" />}
                    <span className="objet-libelle">{o.libelle}</span>
                    <span className="quantite">
                      <button
                        type="button"
                        tabIndex={-1}
                        aria-label={t.unDeMoins(o.libelle)}
                        disabled={!entier(quantite)}
                        onClick={() => ajouter(o.idObjet, -1)}
                      >
                        −
                      </button>
                      <input
                        id={idChamp(o.idObjet)}
                        type="text"
                        inputMode="numeric"
                        maxLength={3}
                        value={quantite}
                        aria-label={t.quantitePour(o.libelle)}
                        aria-invalid={fautive ? true : undefined}
                        aria-describedby={fautive ? `${idChamp(o.idObjet)}-erreur` : erreurListe ? `${id}-erreur` : undefined}
                        onChange={(e) => changer(o.idObjet, e.target.value)}
                        onFocus={(e) => e.target.select()}
                        onKeyDown={fleches(o.idObjet)}
                      />
                      <button
                        type="button"
                        tabIndex={-1}
                        aria-label={t.unDePlus(o.libelle)}
                        disabled={(entier(quantite) ?? 0) >= LIMITES_EN_LIGNE.quantite}
                        onClick={() => ajouter(o.idObjet, 1)}
                      >
                        +
                      </button>
                    </span>
                    <MessageChamp id={`${idChamp(o.idObjet)}-erreur`} message={fautive} />
                  </li>
                );
              })}
            </ul>
            <MessageChamp id={`${id}-erreur`} message={erreurListe} />
          </div>
          {refuses.length > 0 && (
            <section aria-labelledby={`${id}-refuses`} className="refuses">
              <h3 id={`${id}-refuses`}>{t.objetsInterdits}</h3>
              <ul>
                {refuses.map((o) => (
                  <li key={o.idObjet}>
                    {o.image ? <img src={o.image} alt="" width={32} height={32} /> : <span className="objet-sans-image" />}
                    <span>
                      {o.libelle}
                      {o.lien && (
                        <a href={o.lien} target="_blank" rel="noopener">
                          {`${t.voirPourquoi} `}
                          <span className="visuellement-cache">{`${o.libelle} ${t.nouvelOnglet}`}</span>
                        </a>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </Etape>
  );
}
