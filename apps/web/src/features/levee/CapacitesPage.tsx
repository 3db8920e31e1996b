import {
  ajouterJours,
  aujourdhui,
  CAPACITE_LIBELLES as L,
  couleurCapacite,
  formatJour,
  formatJourSemaine,
  jourDeSemaine,
  type CelluleCapacite,
  type JourCapacite,
  type LeveeCapacite,
} from '@debarras/domain';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChoixBoutons } from '../../components/ChoixBoutons';
import { TitrePage } from '../../components/TitrePage';
import { useLibellesSecteurs } from '../../entites/secteur/api';
import { useSession } from '../../lib/session';
import { useCapacite, useJoursCapacite } from './api';
import { ModaleSupplementaire } from './ModaleSupplementaire';
import './CapacitesPage.css';

const SEMAINES = [2, 4, 8] as const;
type Semaines = (typeof SEMAINES)[number];

/** The period each user chose last, kept in this browser. */
function useSemaines(utilisateur: string): [Semaines, (n: Semaines) => void] {
  const cle = `capacite.semaines.${utilisateur}`;
  const lue = Number(localStorage.getItem(cle));
  const [semaines, setSemaines] = useState<Semaines>((SEMAINES as readonly number[]).includes(lue) ? (lue as Semaines) : 2);
  return [
    semaines,
    (n) => {
      localStorage.setItem(cle, String(n));
      setSemaines(n);
    },
  ];
}

/** Two short lines per day, so that two weeks fit in 1280 px: « mer. » over « 18.11 ». */
const JOURS_COURTS = ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'];

/** A holiday is greyed; a Monday after the first column draws the weekend as a thicker border. */
const classesJour = (j: JourCapacite, colonne: number) =>
  [j.ferie ? 'jour-ferie' : '', colonne > 0 && jourDeSemaine(j.date) === 1 ? 'debut-semaine' : ''].filter(Boolean).join(' ') || undefined;

/** A row: a sector by its label, or the supplementary levées (`null`). */
type Ligne = string | null;

const texteLevee = (l: LeveeCapacite) => `${L.levee(l.nbDebarras, l.nbDebarrasMax)}${l.enAttente ? ` (${L.enAttente(l.enAttente)})` : ''}`;

/** A levée in its cell: taken / max, its pending bookings, coloured by the levée list's rule. */
function Levee({ levee: l }: { levee: LeveeCapacite }) {
  const couleur = couleurCapacite(
    { nbDebarras: l.nbDebarras, nbReservationsEnCours: l.enAttente, nbDebarrasMax: l.nbDebarrasMax },
    { liste: true },
  );
  return (
    <span className={couleur ? `capacite capacite-${couleur}` : 'capacite'}>
      {L.levee(l.nbDebarras, l.nbDebarrasMax)}
      {l.enAttente > 0 && <small> +{l.enAttente}</small>}
    </span>
  );
}

/**
 * « Capacités » (docs/regles.md « Tableau des capacités »): a row per sector and one for the supplementary levées, a
 * column per weekday from today (public holidays marked), each cell its levées; a grid the arrows move through, Enter
 * opening the cell's (first) levée. Managers add a supplementary levée on the chosen cell's day.
 */
export function CapacitesPage() {
  const { utilisateur, peut } = useSession();
  const gerer = peut('gererLevees');
  const naviguer = useNavigate();
  const [semaines, setSemaines] = useSemaines(utilisateur?.username ?? '');
  const du = aujourdhui();
  const au = ajouterJours(du, semaines * 7 - 1);
  const cellules = useCapacite(du, au);
  const jours = useJoursCapacite(du, au);
  const secteurs = useLibellesSecteurs(true);
  const [active, setActive] = useState<[number, number]>([0, 0]);
  const [ajout, setAjout] = useState<{ dateLevee: string; name: string }>();
  const grille = useRef<HTMLTableElement>(null);

  // Monday to Friday: a weekend marks itself as the border between two weeks; a holiday stays, greyed and named
  const colonnes: JourCapacite[] = (jours.data ?? []).filter(
    (j) => j.ouvrable || (j.ferie !== null && ![0, 6].includes(jourDeSemaine(j.date))),
  );
  const parCase = new Map((cellules.data ?? []).map((c) => [`${c.date}|${c.idSecteur === null ? '' : c.secteur}`, c]));
  const libelles = [
    ...new Set([...(secteurs.data ?? []), ...(cellules.data ?? []).filter((c) => c.idSecteur !== null).map((c) => c.secteur)]),
  ].sort((a, b) => a.localeCompare(b, 'fr', { numeric: true }));
  const lignes: Ligne[] = [...libelles, null];
  const cellule = (ligne: Ligne, jour: string): CelluleCapacite | undefined => parCase.get(`${jour}|${ligne ?? ''}`);

  const aller = (rang: number, colonne: number) => {
    const r = Math.max(0, Math.min(lignes.length - 1, rang));
    const c = Math.max(0, Math.min(colonnes.length - 1, colonne));
    setActive([r, c]);
    grille.current?.querySelector<HTMLElement>(`[data-case="${r}-${c}"]`)?.focus();
  };
  const ouvrir = (ligne: Ligne, jour: string) => {
    const premiere = cellule(ligne, jour)?.levees[0];
    if (premiere) naviguer(`/leveeDetail/${premiere.idLevee}`);
  };
  const touche = (e: KeyboardEvent, rang: number, colonne: number) => {
    const deplacements: Record<string, [number, number]> = {
      ArrowUp: [rang - 1, colonne],
      ArrowDown: [rang + 1, colonne],
      ArrowLeft: [rang, colonne - 1],
      ArrowRight: [rang, colonne + 1],
      Home: [rang, 0],
      End: [rang, colonnes.length - 1],
    };
    const vers = deplacements[e.key];
    if (vers) {
      e.preventDefault();
      aller(...vers);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      ouvrir(lignes[rang]!, colonnes[colonne]!.date);
    }
  };

  const [rangActif, colonneActive] = active;
  const jourActif = colonnes[colonneActive];
  const ligneActive = lignes[rangActif];

  return (
    <>
      <TitrePage>{L.titre}</TitrePage>
      <Typography.Paragraph>{L.aide}</Typography.Paragraph>
      <Flex gap={16} wrap align="center" style={{ marginBottom: 12 }}>
        <ChoixBoutons
          libelle={L.semaines}
          valeur={semaines}
          onChange={setSemaines}
          options={SEMAINES.map((n) => ({ value: n, label: L.nbSemaines(n) }))}
        />
        {gerer && (
          <Button
            disabled={!jourActif || jourActif.ferie !== null}
            onClick={() => jourActif && setAjout({ dateLevee: jourActif.date, name: ligneActive ?? '' })}
          >
            {jourActif ? L.ajouterLe(formatJourSemaine(jourActif.date)) : L.ajouterSupplementaire}
          </Button>
        )}
      </Flex>
      {cellules.isLoading || jours.isLoading ? (
        <Skeleton active />
      ) : (
        <div className="tableau-capacites">
          <table ref={grille} role="grid" aria-label={L.grille}>
            <thead>
              <tr>
                <th scope="col">{L.secteur}</th>
                {colonnes.map((j, c) => (
                  <th
                    key={j.date}
                    scope="col"
                    className={classesJour(j, c)}
                    title={j.ferie ?? undefined}
                    aria-label={formatJourSemaine(j.date)}
                  >
                    {JOURS_COURTS[jourDeSemaine(j.date)]}
                    <br />
                    {formatJour(j.date).slice(0, 5)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lignes.map((ligne, r) => (
                <tr key={ligne ?? ''}>
                  <th scope="row" title={ligne ?? L.supplementaires}>
                    {ligne ?? L.supplementaires}
                  </th>
                  {colonnes.map((j, c) => {
                    const levees = cellule(ligne, j.date)?.levees ?? [];
                    const contenu = j.ferie ? `${L.ferie} (${j.ferie})` : levees.length ? levees.map(texteLevee).join(', ') : L.aucune;
                    return (
                      <td
                        key={j.date}
                        data-case={`${r}-${c}`}
                        role="gridcell"
                        tabIndex={r === rangActif && c === colonneActive ? 0 : -1}
                        aria-label={L.cellule(ligne ?? L.supplementaires, formatJourSemaine(j.date), contenu)}
                        className={classesJour(j, c)}
                        onFocus={() => setActive([r, c])}
                        onKeyDown={(e) => touche(e, r, c)}
                        onClick={() => setActive([r, c])}
                        onDoubleClick={() => ouvrir(ligne, j.date)}
                      >
                        {j.ferie ? (
                          <span className="texte-ferie">{L.ferie}</span>
                        ) : (
                          levees.map((l) => (
                            // the cell is the keyboard's stop: its links are the mouse's
                            <Link key={l.idLevee} to={`/leveeDetail/${l.idLevee}`} tabIndex={-1}>
                              <Levee levee={l} />
                            </Link>
                          ))
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ModaleSupplementaire ouvert={ajout !== undefined} onFermer={() => setAjout(undefined)} depuis={ajout} />
    </>
  );
}
