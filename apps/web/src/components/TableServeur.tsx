import { CaretDownOutlined, CaretUpOutlined, ClearOutlined, DownloadOutlined, FilterFilled } from '@ant-design/icons';
import { TAILLE_PAGE_DEFAUT, type Tri } from '@debarras/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { Button, Flex, Popover, Spin, Tooltip } from 'antd';
import { Suspense, useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { clePage } from '../lib/cles';
import { telecharger } from '../lib/http';
import { rechercheListe, type Filtres, type Page, type RequeteListe, type ValeurFiltre } from '../lib/liste';
import { useEtatListe } from './etatListe';
import { differe } from '../lib/differe';
import type { FiltreColonne } from './FiltresEntete';
import { PaginationListe } from './PaginationListe';
import { useTitreOnglet } from '../lib/titre';

export interface ColonneServeur<T> {
  /** The field the server sorts and filters on; also the row property shown by default (dotted path). */
  champ: string;
  titre: string;
  /** Sortable unless set to false. */
  triable?: boolean;
  filtre?: FiltreColonne;
  /**
   * What the header shows in a column too narrow for its title (an icon): the title stays the header's name for
   * assistive technologies and shows in its tooltip.
   */
  entete?: ReactNode;
  /** Pixels, or a percentage of the table's width; the columns without one share what the others leave. */
  width?: number | `${number}%`;
  align?: 'left' | 'center' | 'right';
  /** One line cut by an ellipsis, the full text on hover: the default of compact lists. */
  ellipsis?: boolean;
  /** What the cell shows, from the field's value and the row (a method: each column names its value's type). */
  render?(valeur: unknown, ligne: T, index: number): ReactNode;
}

export interface PropsTableServeur<T> {
  /** The sessionStorage key that keeps this list's filters, sort and page. */
  cleEtat: string;
  /** The entity's list key (its key factory's `listes`): writes invalidate it; the request is appended. */
  cleRequete: QueryKey;
  titre: string;
  /** A table inside another screen (a levée's débarras) leaves the browser tab's title to that screen. */
  dansUnEcran?: boolean;
  colonnes: ColonneServeur<T>[];
  charger: (requete: RequeteListe) => Promise<Page<T>>;
  triDefaut: Tri[];
  filtresDefaut?: Filtres;
  taillePage?: number;
  cleLigne: (ligne: T) => Key;
  /** The list's export route (e.g. 'parametre/export/'); no button when absent. */
  cheminExport?: string;
  /** Shows 'Réinitialiser les filtres' (hidden for read-only users on some lists). */
  reinitialisable?: boolean;
  /** Buttons of the list's own (e.g. 'Ajouter'), before reset and export; a function gets the page's rows. */
  actions?: ReactNode | ((lignes: readonly T[]) => ReactNode);
  /** A row's class, knowing the page's rows (e.g. alternating a background per distinct date). */
  classeLigne?: (ligne: T, index: number, lignes: readonly T[]) => string;
  surLigne?: (ligne: T) => React.HTMLAttributes<HTMLElement>;
  /** What an empty list says ('Aucune donnée' by default). */
  texteVide?: string;
  /**
   * Dense rows for long lists read at a glance: each cell on one line, cut by an ellipsis, its full
   * text on hover (a column may opt out with `ellipsis: false`).
   */
  compacte?: boolean;
}

/**
 * A header click sorts by that column alone: ascending, then descending, then back to the default sort
 * (or ascending, when the default is that column descending).
 */
function triApresClic(champ: string, actuel: Tri[], triDefaut: Tri[]): Tri[] {
  const sens = actuel.find((t) => t.champ === champ)?.sens;
  if (sens === undefined) return [{ champ, sens: 'asc' }];
  if (sens === 'asc') return [{ champ, sens: 'desc' }];
  const defautIdentique = triDefaut.length === 1 && triDefaut[0]!.champ === champ && triDefaut[0]!.sens === 'desc';
  return defautIdentique ? [{ champ, sens: 'asc' }] : triDefaut;
}

/** What a click on a header will do, said in its tooltip. */
function titreTri(champ: string, actuel: Tri[], triDefaut: Tri[]) {
  const [apres] = triApresClic(champ, actuel, triDefaut);
  if (apres?.champ !== champ) return 'Annuler le tri';
  return apres.sens === 'asc' ? 'Trier par ordre croissant' : 'Trier par ordre décroissant';
}

/** One page of the list; the previous page stays on screen while the next one loads. */
const requetePage = <T,>(cleRequete: QueryKey, requete: RequeteListe, charger: (requete: RequeteListe) => Promise<Page<T>>) =>
  queryOptions({ queryKey: clePage(cleRequete, requete), queryFn: () => charger(requete), placeholderData: keepPreviousData });

const valeurDe = (ligne: object, champ: string): unknown =>
  champ.split('.').reduce<unknown>((v, cle) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[cle] : undefined), ligne);

/**
 * THE list of the product: server-side paging (zero-based), sort and header filters, total in the
 * title, filters kept per list in sessionStorage, reset, export of the filtered rows. A plain table drawn
 * as antd's: antd's own brings its pagination's select, its filter search and its tree before the first
 * list shows (docs/performance.md « Application web »).
 */
export function TableServeur<T extends object>(props: PropsTableServeur<T>) {
  const { cleEtat, cleRequete, titre, colonnes, charger, triDefaut, filtresDefaut = {}, taillePage = TAILLE_PAGE_DEFAUT } = props;
  useTitreOnglet(props.dansUnEcran ? undefined : titre);
  const defaut = { filtres: filtresDefaut, tri: triDefaut, page: 0 };
  const [etat, setEtat] = useEtatListe(cleEtat, defaut);
  const requete: RequeteListe = { page: etat.page, size: taillePage, tri: etat.tri, filtres: etat.filtres };

  const { data, isFetching, isError, refetch } = useQuery(requetePage(cleRequete, requete, charger));
  // a list that could not be read says so: « (0) » and « Aucune donnée » would claim there is nothing
  const illisible = isError && !data && !isFetching;

  const total = data?.total ?? 0;
  // the last rows of the last page deleted, or a kept page beyond a list that shrank: its last page instead
  const derniere = Math.max(0, Math.ceil(total / taillePage) - 1);
  useEffect(() => {
    if (data && !isFetching && etat.page > derniere) setEtat({ ...etat, page: derniere });
  }, [data, isFetching, etat, derniere, setEtat]);
  const filtrer = (changements: Filtres) => setEtat({ ...etat, filtres: { ...etat.filtres, ...changements }, page: 0 });
  const lignes = data?.lignes ?? [];
  const sensDe = (c: ColonneServeur<T>) => (c.triable === false ? undefined : etat.tri.find((t) => t.champ === c.champ)?.sens);
  const exportation = useMutation({
    mutationFn: (recherche: URLSearchParams) => telecharger(`${props.cheminExport}?${recherche.toString()}`),
  });
  const exporter = () => exportation.mutate(rechercheListe({ ...requete, page: 0 }));

  return (
    <div className={props.compacte ? 'liste-serveur liste-compacte' : 'liste-serveur'}>
      <Flex justify="space-between" align="center" wrap gap="small" className="liste-entete">
        <h3 className="titre-liste">{illisible ? titre : `${titre} (${total})`}</h3>
        <Flex gap="small" wrap>
          {typeof props.actions === 'function' ? props.actions(lignes) : props.actions}
          {props.reinitialisable !== false && (
            <Tooltip title="Remettre les filtres et le tri par défaut">
              <Button icon={<ClearOutlined />} onClick={() => setEtat(defaut)}>
                Réinitialiser les filtres
              </Button>
            </Tooltip>
          )}
          {props.cheminExport && (
            <Button icon={<DownloadOutlined />} disabled={total === 0} loading={exportation.isPending} onClick={exporter}>
              Exporter
            </Button>
          )}
        </Flex>
      </Flex>
      {/* not a live region: a screen reader would read out every row after each sort or page */}
      <Spin spinning={isFetching} aria-live="off">
        <div className="tableau-liste">
          <table className={colonnes.some((c) => c.ellipsis ?? props.compacte) ? 'tableau-fixe' : undefined}>
            <colgroup>
              {colonnes.map((c) => (
                <col key={c.champ} style={c.width ? { width: c.width } : undefined} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {colonnes.map((c) => (
                  <EnteteColonne
                    key={c.champ}
                    colonne={c}
                    sens={sensDe(c)}
                    titreTri={titreTri(c.champ, etat.tri, triDefaut)}
                    onTrier={() => setEtat({ ...etat, tri: triApresClic(c.champ, etat.tri, triDefaut), page: 0 })}
                    filtres={etat.filtres}
                    filtrer={filtrer}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {lignes.map((ligne, index) => (
                <tr
                  key={props.cleLigne(ligne)}
                  className={['ligne-liste', props.classeLigne?.(ligne, index, lignes)].filter(Boolean).join(' ')}
                  {...props.surLigne?.(ligne)}
                >
                  {colonnes.map((c) => (
                    <Cellule
                      key={c.champ}
                      colonne={c}
                      ligne={ligne}
                      index={index}
                      coupee={c.ellipsis ?? props.compacte ?? false}
                      triee={sensDe(c) !== undefined}
                    />
                  ))}
                </tr>
              ))}
              {lignes.length === 0 && (
                <tr className="ligne-vide">
                  <td colSpan={colonnes.length}>
                    {illisible ? (
                      <Flex justify="center" align="center" gap="small" wrap>
                        La liste n’a pas pu être chargée.
                        <Button size="small" onClick={() => void refetch()}>
                          Réessayer
                        </Button>
                      </Flex>
                    ) : isFetching && !data ? (
                      'Chargement…'
                    ) : (
                      (props.texteVide ?? 'Aucune donnée')
                    )}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </Spin>
      <PaginationListe page={etat.page} taille={taillePage} total={total} onPage={(page) => setEtat({ ...etat, page })} />
    </div>
  );
}

// A header's filter is fetched the first time one is opened: the list shows without its selects and date pickers.
const filtresEntete = () => import('./FiltresEntete');
const FiltreTexte = differe(filtresEntete, 'FiltreTexte');
const FiltreChoix = differe(filtresEntete, 'FiltreChoix');
const FiltrePeriode = differe(filtresEntete, 'FiltrePeriode');
const FiltreDuAu = differe(filtresEntete, 'FiltreDuAu');

/** A cell: the column's rendering of its value, on one line with its full text on hover when cut. */
function Cellule<T extends object>(props: { colonne: ColonneServeur<T>; ligne: T; index: number; coupee: boolean; triee: boolean }) {
  const { colonne, ligne, index, coupee, triee } = props;
  const valeur = valeurDe(ligne, colonne.champ);
  const contenu = colonne.render ? colonne.render(valeur, ligne, index) : (valeur as ReactNode);
  const classes = [coupee && 'cellule-coupee', triee && 'colonne-triee'].filter(Boolean).join(' ');
  // a cut text shows whole on hover
  const texte = coupee && (typeof contenu === 'string' || typeof contenu === 'number') ? String(contenu) : undefined;
  return (
    <td style={colonne.align ? { textAlign: colonne.align } : undefined} className={classes || undefined} title={texte}>
      {contenu}
    </td>
  );
}

interface PropsEntete<T> {
  colonne: ColonneServeur<T>;
  sens: Tri['sens'] | undefined;
  titreTri: string;
  onTrier: () => void;
  filtres: Filtres;
  filtrer: (changements: Filtres) => void;
}

/**
 * A column's header: its title sorts on click (Enter, Space), the funnel opens its filter. The header's
 * name is the title alone: the sort is in `aria-sort`, the filter is a button of its own.
 *
 * A short header (`entete`) is named and explained by its title; its sort arrows sit beside the funnel, both
 * wrapping under it in a narrow column rather than spilling over the next header.
 */
function EnteteColonne<T>({ colonne, sens, titreTri, onTrier, filtres, filtrer }: PropsEntete<T>) {
  const { titre, filtre, triable = true, entete } = colonne;
  const fleches = (
    <span className="fleches-tri" aria-hidden>
      <CaretUpOutlined className={sens === 'asc' ? 'fleche-active' : undefined} />
      <CaretDownOutlined className={sens === 'desc' ? 'fleche-active' : undefined} />
    </span>
  );
  const classes = [sens && 'colonne-triee', entete && 'entete-court'].filter(Boolean).join(' ');
  return (
    <th
      scope="col"
      aria-label={titre}
      aria-sort={sens === 'asc' ? 'ascending' : sens === 'desc' ? 'descending' : undefined}
      className={classes || undefined}
      style={colonne.align ? { textAlign: colonne.align } : undefined}
    >
      <div className="entete-colonne">
        {triable ? (
          <button
            type="button"
            className="entete-tri"
            title={entete ? `${titre} : ${titreTri.toLowerCase()}` : titreTri}
            aria-label={entete ? titre : undefined}
            onClick={onTrier}
          >
            <span className="entete-titre">{entete ?? titre}</span>
            {!entete && fleches}
          </button>
        ) : (
          <span className="entete-titre" title={entete ? titre : undefined}>
            {entete ?? titre}
          </span>
        )}
        {entete && triable && fleches}
        {filtre && <BoutonFiltre filtre={filtre} champ={colonne.champ} libelle={titre} filtres={filtres} filtrer={filtrer} />}
      </div>
    </th>
  );
}

/**
 * Whether Tab (or Shift+Tab) leaves the filter's panel from its last (or first) control: the panel, at the
 * end of the page, would stay open behind the focus; it closes instead and gives the focus back to its funnel.
 */
function sortDuPanneau(panneau: HTMLElement, arriere: boolean) {
  const controles = [...panneau.querySelectorAll<HTMLElement>('input, button, [tabindex="0"]')].filter((c) => !c.hasAttribute('disabled'));
  return document.activeElement === (arriere ? controles[0] : controles.at(-1));
}

const estRenseigne = (...valeurs: ValeurFiltre[]) => valeurs.some((v) => v !== undefined && v !== '');

/** The funnel of a filtered column, blue while its filter applies; its panel closes on a choice or Escape. */
function BoutonFiltre({
  filtre,
  champ,
  libelle,
  filtres,
  filtrer,
}: {
  filtre: FiltreColonne;
  champ: string;
  libelle: string;
  filtres: Filtres;
  filtrer: (changements: Filtres) => void;
}) {
  const [ouvert, setOuvert] = useState(false);
  const bouton = useRef<HTMLButtonElement>(null);
  const panneau = useRef<HTMLDivElement>(null);
  // set by a choice or Escape: the focus then goes back to the funnel once the panel has closed
  const rendreFocus = useRef(false);
  const fermer = () => {
    rendreFocus.current = true;
    setOuvert(false);
    // after the key's own task (an Enter given to the funnel at once would open the panel again), and again
    // once the panel has closed, should the list's reload have delayed it
    setTimeout(() => rendreFocus.current && bouton.current?.focus({ preventScroll: true }));
  };
  const appliquer = (changements: Filtres) => {
    filtrer(changements);
    fermer();
  };
  const parametre = filtre.type === 'periode' ? undefined : (filtre.parametre ?? champ);
  const actif = filtre.type === 'periode' ? estRenseigne(filtres[filtre.debut], filtres[filtre.fin]) : estRenseigne(filtres[parametre!]);

  const contenu = () => {
    if (filtre.type === 'periode') {
      const valider = (debut?: string, fin?: string) => appliquer({ [filtre.debut]: debut, [filtre.fin]: fin });
      return filtre.finSuitDebut ? (
        <FiltreDuAu debut={filtres[filtre.debut]} fin={filtres[filtre.fin]} libelle={libelle} onValider={valider} />
      ) : (
        <FiltrePeriode debut={filtres[filtre.debut]} fin={filtres[filtre.fin]} onValider={valider} />
      );
    }
    const valider = (v: ValeurFiltre) => appliquer({ [parametre!]: v });
    return filtre.type === 'texte' ? (
      <FiltreTexte valeur={filtres[parametre!]} libelle={libelle} onValider={valider} />
    ) : (
      <FiltreChoix valeur={filtres[parametre!]} libelle={libelle} options={filtre.options} onValider={valider} />
    );
  };

  return (
    <Popover
      open={ouvert}
      onOpenChange={setOuvert}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      // Opened, the panel gives its field the focus (a field mounted while the panel still opens misses its
      // autofocus). Closed by a choice, Escape or Tab, it gives it back to the funnel (`fermer`); closed by a
      // click elsewhere, it leaves it there.
      afterOpenChange={(visible) => {
        if (visible) panneau.current?.querySelector<HTMLElement>('input, button')?.focus();
        else if (rendreFocus.current) bouton.current?.focus({ preventScroll: true });
        rendreFocus.current = false;
      }}
      content={
        <div
          ref={panneau}
          // captured: the filters keep their keys from the list behind them
          onKeyDownCapture={(e) => {
            if (e.key === 'Escape') fermer();
            if (e.key === 'Tab' && sortDuPanneau(e.currentTarget, e.shiftKey)) {
              e.preventDefault();
              fermer();
            }
          }}
        >
          <Suspense fallback={<Spin size="small" className="filtre-entete" aria-label="Chargement du filtre" />}>{contenu()}</Suspense>
        </div>
      }
    >
      <button
        ref={bouton}
        type="button"
        className={actif ? 'bouton-filtre filtre-actif' : 'bouton-filtre'}
        aria-label={`Filtre ${libelle}`}
        aria-expanded={ouvert}
      >
        <FilterFilled aria-hidden />
      </button>
    </Popover>
  );
}
