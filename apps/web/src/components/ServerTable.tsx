import { ClearOutlined, DownloadOutlined, FilterFilled } from '@ant-design/icons';
import { TAILLE_PAGE_DEFAUT, type Tri } from '@debarras/domain';
import { keepPreviousData, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { Button, Flex, Spin, Table, Tooltip } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { Suspense, type Key, type ReactNode } from 'react';
import { telecharger } from '../lib/http';
import { rechercheListe, type Filtres, type Page, type RequeteListe, type ValeurFiltre } from '../lib/liste';
import { useEtatListe } from './etatListe';
import { differe } from '../lib/differe';
import type { FiltreColonne } from './FiltresEntete';
import { useTitreOnglet } from '../lib/titre';

export interface ColonneServeur<T> extends Omit<
  ColumnType<T>,
  'sorter' | 'filterDropdown' | 'filteredValue' | 'sortOrder' | 'key' | 'title'
> {
  /** The field the server sorts and filters on; also the row property shown by default. */
  champ: string;
  titre: string;
  /** Sortable unless set to false. */
  triable?: boolean;
  filtre?: FiltreColonne;
}

export interface ServerTableProps<T> {
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

const versAntd = (sens: Tri['sens'] | undefined) => (sens === 'asc' ? 'ascend' : sens === 'desc' ? 'descend' : null);

/**
 * antd shows one sorted column unless every sortable column has a priority: under a sort on
 * several columns (the levées' date then sector), each gets one, so every arrow of it shows.
 */
const triAntd = (tri: Tri[], champ: string) => {
  if (tri.length < 2) return true;
  const rang = tri.findIndex((t) => t.champ === champ);
  return { multiple: rang < 0 ? 0 : tri.length - rang };
};

/**
 * A header click sorts by that column alone. Under a sort on several columns antd answers every
 * sorted column: the clicked one is the one whose order changed; none changed when it was clicked
 * back to unsorted, which restores the default sort.
 */
function triApresClic<T>(resultat: SorterResult<T> | SorterResult<T>[], actuel: Tri[], triDefaut: Tri[]): Tri[] {
  const tris = (Array.isArray(resultat) ? resultat : [resultat]).flatMap((r): Tri[] =>
    r.columnKey && r.order ? [{ champ: String(r.columnKey), sens: r.order === 'ascend' ? 'asc' : 'desc' }] : [],
  );
  const clique = tris.find((t) => !actuel.some((a) => a.champ === t.champ && a.sens === t.sens));
  return clique ? [clique] : triDefaut;
}

/**
 * THE list of the product: server-side paging (zero-based), sort and header filters, total in the
 * title, filters kept per list in sessionStorage, reset, export of the filtered rows.
 */
export function ServerTable<T extends object>(props: ServerTableProps<T>) {
  const { cleEtat, cleRequete, titre, colonnes, charger, triDefaut, filtresDefaut = {}, taillePage = TAILLE_PAGE_DEFAUT } = props;
  useTitreOnglet(props.dansUnEcran ? undefined : titre);
  const defaut = { filtres: filtresDefaut, tri: triDefaut, page: 0 };
  const [etat, setEtat] = useEtatListe(cleEtat, defaut);
  const requete: RequeteListe = { page: etat.page, size: taillePage, tri: etat.tri, filtres: etat.filtres };

  const { data, isFetching } = useQuery({
    queryKey: [...cleRequete, requete],
    queryFn: () => charger(requete),
    placeholderData: keepPreviousData,
  });

  const total = data?.total ?? 0;
  const filtrer = (changements: Filtres) => setEtat({ ...etat, filtres: { ...etat.filtres, ...changements }, page: 0 });

  const colonnesAntd: ColumnType<T>[] = colonnes.map(({ champ, titre: libelle, triable = true, filtre, ...reste }) => ({
    dataIndex: champ.split('.'),
    ellipsis: props.compacte,
    ...reste,
    key: champ,
    title: libelle,
    sorter: triable ? triAntd(etat.tri, champ) : undefined,
    sortOrder: triable ? versAntd(etat.tri.find((t) => t.champ === champ)?.sens) : undefined,
    ...(filtre ? enteteFiltree(filtre, champ, libelle, etat.filtres, filtrer) : {}),
  }));

  const exportation = useMutation({
    mutationFn: (recherche: URLSearchParams) => telecharger(`${props.cheminExport}?${recherche.toString()}`),
  });
  const exporter = () => exportation.mutate(rechercheListe({ ...requete, page: 0 }));

  return (
    <div className={props.compacte ? 'liste-serveur liste-compacte' : 'liste-serveur'}>
      <Flex justify="space-between" align="center" wrap gap="small" className="liste-entete">
        <h3 className="titre-liste">{`${titre} (${total})`}</h3>
        <Flex gap="small" wrap>
          {typeof props.actions === 'function' ? props.actions(data?.lignes ?? []) : props.actions}
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
      <Table<T>
        size={props.compacte ? 'small' : 'middle'}
        rowKey={props.cleLigne}
        columns={colonnesAntd}
        dataSource={data?.lignes ?? []}
        loading={isFetching}
        rowClassName={props.classeLigne && ((ligne, index) => props.classeLigne!(ligne, index, data?.lignes ?? []))}
        onRow={props.surLigne}
        locale={{ emptyText: props.texteVide ?? 'Aucune donnée' }}
        pagination={{
          current: etat.page + 1,
          pageSize: taillePage,
          total,
          showSizeChanger: false,
          showTotal: (n, [de, a]) => `${de}-${a} sur ${n}`,
        }}
        onChange={(pagination, _filtres, tri, extra) => {
          if (extra.action === 'paginate') setEtat({ ...etat, page: (pagination.current ?? 1) - 1 });
          if (extra.action === 'sort') setEtat({ ...etat, tri: triApresClic(tri, etat.tri, triDefaut), page: 0 });
        }}
      />
    </div>
  );
}

// A header's filter is fetched the first time one is opened: the list shows without its selects and date pickers.
const filtresEntete = () => import('./FiltresEntete');
const FiltreTexte = differe(filtresEntete, 'FiltreTexte');
const FiltreChoix = differe(filtresEntete, 'FiltreChoix');
const FiltrePeriode = differe(filtresEntete, 'FiltrePeriode');
const FiltreDuAu = differe(filtresEntete, 'FiltreDuAu');

/** The filter's code may still be on its way the first time: the dropdown says so rather than showing empty. */
const enFiltre = (contenu: ReactNode) => (
  <Suspense fallback={<Spin size="small" className="filtre-entete" aria-label="Chargement du filtre" />}>{contenu}</Suspense>
);

function enteteFiltree<T>(
  filtre: FiltreColonne,
  champ: string,
  libelle: string,
  filtres: Filtres,
  filtrer: (changements: Filtres) => void,
): Partial<ColumnType<T>> {
  const actif = (...valeurs: ValeurFiltre[]) => valeurs.some((v) => v !== undefined && v !== '');
  const icone = (filtre: boolean) => <FilterFilled style={{ color: filtre ? '#1677ff' : undefined }} aria-label={`Filtre ${libelle}`} />;
  if (filtre.type === 'periode') {
    return {
      filteredValue: actif(filtres[filtre.debut], filtres[filtre.fin]) ? [1] : null,
      filterIcon: icone,
      filterDropdown: ({ close }) => {
        const valider = (debut?: string, fin?: string) => {
          filtrer({ [filtre.debut]: debut, [filtre.fin]: fin });
          close();
        };
        return enFiltre(
          filtre.finSuitDebut ? (
            <FiltreDuAu debut={filtres[filtre.debut]} fin={filtres[filtre.fin]} libelle={libelle} onValider={valider} />
          ) : (
            <FiltrePeriode debut={filtres[filtre.debut]} fin={filtres[filtre.fin]} onValider={valider} />
          ),
        );
      },
    };
  }
  const parametre = filtre.parametre ?? champ;
  return {
    filteredValue: actif(filtres[parametre]) ? [String(filtres[parametre])] : null,
    filterIcon: icone,
    filterDropdown: ({ close }) =>
      enFiltre(
        filtre.type === 'texte' ? (
          <FiltreTexte
            valeur={filtres[parametre]}
            libelle={libelle}
            onValider={(v) => {
              filtrer({ [parametre]: v });
              close();
            }}
          />
        ) : (
          <FiltreChoix
            valeur={filtres[parametre]}
            libelle={libelle}
            options={filtre.options}
            onValider={(v) => {
              filtrer({ [parametre]: v });
              close();
            }}
          />
        ),
      ),
  };
}
