import { CARTE_LIBELLES, CARTE_MESSAGES } from '@debarras/domain';
import { Checkbox, Tooltip } from 'antd';
import 'ol/ol.css';
import './carte.css';
import type { ReactNode } from 'react';
import type { Carte } from './useCarte';

interface Props {
  carte: Carte;
  /** What the screen says the map shows, for screen readers. */
  libelle: string;
  /** The exceptions layer's toggle, when the screen has one (on by default). */
  exceptions?: { visible: boolean; basculer: (visible: boolean) => void };
  /** Controls over the map's top left: a search box, a print button… */
  commandes?: ReactNode;
  /** Over the map, e.g. popups and the groups' legend. */
  children?: ReactNode;
}

/**
 * The frame every map screen shares: the map (focusable, so the arrow keys pan and +/− zoom), its
 * layer toggles at the top right, the screen's own commands at the top left.
 */
export function CadreCarte({ carte, libelle, exceptions, commandes, children }: Props) {
  const { orthophoto, cible } = carte;
  const indisponible = orthophoto.etat.statut === 'indisponible' ? orthophoto.etat.message : undefined;
  return (
    <div className="cadre-carte">
      <div ref={cible} className="carte" tabIndex={0} role="application" aria-label={libelle} />
      {commandes && <div className="carte-commandes">{commandes}</div>}
      <div className="carte-couches" role="group" aria-label="Couches">
        <Tooltip title={indisponible ? `${CARTE_LIBELLES.orthophoto} : ${indisponible}` : undefined}>
          <Checkbox
            checked={orthophoto.visible}
            disabled={orthophoto.etat.statut !== 'disponible'}
            onChange={(e) => orthophoto.basculer(e.target.checked)}
          >
            {CARTE_LIBELLES.orthophoto}
            {indisponible && <span className="carte-couche-indisponible"> ({CARTE_MESSAGES.coucheIndisponible.toLowerCase()})</span>}
          </Checkbox>
        </Tooltip>
        {exceptions && (
          <Checkbox checked={exceptions.visible} onChange={(e) => exceptions.basculer(e.target.checked)}>
            {CARTE_LIBELLES.exceptions}
          </Checkbox>
        )}
      </div>
      {children}
    </div>
  );
}
