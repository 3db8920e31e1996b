import { LEVEE_FILTRE_DEFAUT, LEVEE_TRI_DEFAUT } from '@debarras/domain';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { preparerListe } from '../../components/etatListe';
import type { Filtres } from '../../lib/liste';
import { CLE_ETAT_LISTE } from './api';

export interface PropsModale {
  ouvert: boolean;
  onFermer: () => void;
}

/**
 * A dialog of the Levée menu whose OK changes levées, then opens the list on them: filtered on what changed, sorted
 * as by default. `valider` answers those filters, or nothing when the change did not go through (the dialog stays).
 */
export function ModaleVersListe({
  titre,
  onFermer,
  enCours,
  valider,
  surPlace = false,
  children,
}: {
  titre: string;
  onFermer: () => void;
  enCours: boolean;
  valider: () => Promise<Filtres | undefined>;
  /** Opened from a screen that shows the change itself (the capacity board): it stays. */
  surPlace?: boolean;
  children: ReactNode;
}) {
  const naviguer = useNavigate();
  const ok = async () => {
    const filtres = await valider();
    if (!filtres) return;
    onFermer();
    if (surPlace) return;
    preparerListe(CLE_ETAT_LISTE, { filtres: { ...LEVEE_FILTRE_DEFAUT, ...filtres }, tri: LEVEE_TRI_DEFAUT });
    naviguer('/leveeListe');
  };
  return (
    <Modal open title={titre} okText="OK" cancelText="Annuler" onOk={ok} onCancel={onFermer} confirmLoading={enCours}>
      {children}
    </Modal>
  );
}
