import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  ajouterJours,
  aujourdhui,
  EQUIPE_LIBELLES,
  peutModifierLevee,
  resumeTournee,
  TOURNEE_LIBELLES,
  type ArretTournee,
  type Levee,
  type ResultatDebarras,
  type Tournee,
} from '@debarras/domain';
import { Alert, Button, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CadreCarte } from '../../entites/carte/CadreCarte';
import { useCarte } from '../../entites/carte/useCarte';
import { messageErreur } from '../../lib/notifications';
import { useSession } from '../../lib/session';
import { useEnregistrerOrdreTournee, useReoptimiserTournee, useResultatsLevee, useTournee } from './api';
import { ResultatArret } from './ResultatArret';
import { useCoucheTournee } from './coucheTournee';
import './TourneeLevee.css';

interface Props {
  levee: Levee;
  /** Whether the order on screen differs from the one saved: the detail asks before leaving (one guard per page). */
  onModifie: (modifie: boolean) => void;
}

/** The length of depot → stops → depot in straight lines, as the server measures it (docs/regles.md « Ordre de la tournée »). */
function longueurDroite(depot: { x: number; y: number }, arrets: readonly ArretTournee[]): number {
  const points = [depot, ...arrets, depot];
  return points.slice(1).reduce((somme, p, i) => somme + Math.hypot(p.x - points[i]!.x, p.y - points[i]!.y), 0);
}

/** The round of a levée on its detail: the map, the stops in order, moved up or down, saved or computed again. */
/** A levée being collected: today's or yesterday's, still active; its crews' results are read again as they come. */
const enCollecte = (l: Levee) => l.statut === 'ACTIF' && l.dateLevee <= aujourdhui() && l.dateLevee >= ajouterJours(aujourdhui(), -1);

export function TourneeLevee({ levee, onModifie }: Props) {
  const { data: tournee, isLoading, error } = useTournee(levee.idLevee);
  if (isLoading) return <Skeleton active />;
  if (!tournee) return <Alert type="error" showIcon message={messageErreur(error)} />;
  // a stop that comes or goes starts the screen's order afresh; the same stops reordered keep the map and the focus
  const arrets = tournee.arrets.map((a) => a.idDebarras).sort((a, b) => a - b);
  return <Ordre key={arrets.join(',')} levee={levee} tournee={tournee} onModifie={onModifie} />;
}

function Ordre({ levee, tournee, onModifie }: Props & { tournee: Tournee }) {
  const { data: resultats } = useResultatsLevee(levee.idLevee, enCollecte(levee));
  const parDebarras = useMemo(() => new Map<number, ResultatDebarras>((resultats ?? []).map((r) => [r.idDebarras, r])), [resultats]);
  const total = tournee.arrets.length + tournee.sansCoordonnees.length;
  const modifiable = useSession().peut('gererLevees') && peutModifierLevee(levee);
  // the order being edited, for the round it was taken from: a round read again (saved, computed again) replaces it
  const [edition, setEdition] = useState({ de: tournee, ordre: tournee.arrets });
  const ordre = edition.de === tournee ? edition.ordre : tournee.arrets;
  const setOrdre = (suivant: ArretTournee[]) => setEdition({ de: tournee, ordre: suivant });
  const modifie = ordre.some((a, i) => a.idDebarras !== tournee.arrets[i]!.idDebarras);
  const enregistrement = useEnregistrerOrdreTournee(levee.idLevee);
  const reoptimisation = useReoptimiserTournee(levee.idLevee);
  const boutons = useRef(new Map<string, HTMLElement>());
  const aFocaliser = useRef<string | undefined>(undefined);

  useEffect(() => onModifie(modifie), [modifie, onModifie]);
  useEffect(() => () => onModifie(false), [onModifie]);
  useEffect(() => {
    if (!aFocaliser.current) return;
    boutons.current.get(aFocaliser.current)?.focus();
    aFocaliser.current = undefined;
  });

  const resume = useMemo(() => {
    if (!modifie) return resumeTournee(tournee);
    if (tournee.methode !== 'DROITE') return TOURNEE_LIBELLES.distanceInconnue;
    return resumeTournee({ ...tournee, distanceMetres: Math.round(longueurDroite(tournee.depot, ordre)) });
  }, [modifie, ordre, tournee]);

  /** Moves the stop at `rang` by one place; the focus stays on the button pressed, or goes to the other one at an end. */
  const deplacer = (rang: number, sens: -1 | 1) => {
    const cible = rang + sens;
    const suivant = [...ordre];
    [suivant[rang], suivant[cible]] = [suivant[cible]!, suivant[rang]!];
    setOrdre(suivant);
    const bout = cible === 0 || cible === suivant.length - 1;
    const id = suivant[cible]!.idDebarras;
    aFocaliser.current = `${id}:${bout ? -sens : sens}`;
  };

  const reoptimiser = () => {
    if (tournee.manuel) reoptimisation.mutate({ version: levee.version });
    else setOrdre(tournee.arrets);
  };

  const etat = modifie ? TOURNEE_LIBELLES.nonEnregistre : tournee.manuel ? TOURNEE_LIBELLES.manuel : TOURNEE_LIBELLES.calcule;
  return (
    <section className="tournee" aria-labelledby="tournee-titre">
      <h2 id="tournee-titre" className="tournee-titre">
        {TOURNEE_LIBELLES.titre}
      </h2>
      {ordre.length === 0 && tournee.sansCoordonnees.length === 0 ? (
        <p>{TOURNEE_LIBELLES.aucunArret}</p>
      ) : (
        <>
          <p className="tournee-resume" aria-live="polite">
            <Tag color={modifie ? 'orange' : tournee.manuel ? 'blue' : 'green'}>{etat}</Tag> {resume}
          </p>
          {parDebarras.size > 0 && (
            <p className="tournee-progression" aria-live="polite">
              {EQUIPE_LIBELLES.progression(parDebarras.size, total)}
            </p>
          )}
          <div className="tournee-corps">
            <CarteTournee depot={tournee.depot} arrets={ordre} />
            <div className="tournee-arrets">
              <ol aria-label={TOURNEE_LIBELLES.liste}>
                {ordre.map((a, rang) => (
                  <li key={a.idDebarras}>
                    <span className="tournee-rang" aria-hidden>
                      {rang + 1}
                    </span>
                    <span className="tournee-adresse">
                      {a.adresse}
                      <span className="tournee-numero">{a.numero}</span>
                      <ResultatArret resultat={parDebarras.get(a.idDebarras)} />
                    </span>
                    {modifiable && (
                      <Space size={4}>
                        {([-1, 1] as const).map((sens) => {
                          const nom = sens < 0 ? TOURNEE_LIBELLES.monter(a.numero) : TOURNEE_LIBELLES.descendre(a.numero);
                          return (
                            <Tooltip key={sens} title={nom}>
                              <Button
                                size="small"
                                aria-label={nom}
                                icon={sens < 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
                                disabled={sens < 0 ? rang === 0 : rang === ordre.length - 1}
                                ref={(b) => {
                                  const cle = `${a.idDebarras}:${sens}`;
                                  if (b) boutons.current.set(cle, b);
                                  else boutons.current.delete(cle);
                                }}
                                onClick={() => deplacer(rang, sens)}
                              />
                            </Tooltip>
                          );
                        })}
                      </Space>
                    )}
                  </li>
                ))}
              </ol>
              {tournee.sansCoordonnees.length > 0 && (
                <>
                  <h3 className="tournee-sous-titre">{TOURNEE_LIBELLES.sansCoordonnees}</h3>
                  <ul>
                    {tournee.sansCoordonnees.map((a) => (
                      <li key={a.idDebarras}>
                        <span className="tournee-adresse">
                          {a.adresse}
                          <span className="tournee-numero">{a.numero}</span>
                          <ResultatArret resultat={parDebarras.get(a.idDebarras)} />
                        </span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {modifiable && (
                <Space className="tournee-actions">
                  <Button disabled={!modifie && !tournee.manuel} loading={reoptimisation.isPending} onClick={reoptimiser}>
                    {TOURNEE_LIBELLES.reoptimiser}
                  </Button>
                  <Button
                    type="primary"
                    disabled={!modifie}
                    loading={enregistrement.isPending}
                    onClick={() => enregistrement.mutate({ version: levee.version, ordre: ordre.map((a) => a.idDebarras) })}
                  >
                    {TOURNEE_LIBELLES.enregistrer}
                  </Button>
                </Space>
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}

/** The map of the round, in the order on screen (the one being edited included). */
function CarteTournee({ depot, arrets }: { depot: Tournee['depot']; arrets: readonly ArretTournee[] }) {
  const carte = useCarte({ initiale: { centre: [depot.x, depot.y], echelle: 25_000 } });
  useCoucheTournee(carte.carte, depot, arrets);
  return <CadreCarte carte={carte} libelle={TOURNEE_LIBELLES.carte(arrets.length)} />;
}
