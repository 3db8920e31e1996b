import { DEBARRAS_DETAIL_LIBELLES as L, type Objet } from '@debarras/domain';
import { Input, InputNumber, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState, type ComponentRef, type KeyboardEvent, type RefObject } from 'react';
import { useObjetsChoisissables } from './api';
import { confirmer } from '../../lib/confirmation';
import { bornerQuantite, lignesRenseignees, type LigneObjet } from './lignesObjets';

interface Ligne {
  objet: LigneObjet['objet'];
  /** What is being typed; brought back within 0..100 when the field is left. */
  quantite: number | null;
  remarque: string;
}

/**
 * Every object that may be chosen, with the form's quantities; lines of objects no longer
 * offered (deactivated since) stay at the end so that nothing chosen disappears unseen.
 */
function lignesDe(objets: readonly Objet[], lignes: readonly LigneObjet[]): Ligne[] {
  const parObjet = new Map(lignes.map((l) => [l.objet.idObjet, l]));
  const offerts = objets.map((o) => {
    const l = parObjet.get(o.idObjet);
    return { objet: { idObjet: o.idObjet, libelle: o.libelle }, quantite: l?.quantite ?? 0, remarque: l?.remarque ?? '' };
  });
  const retires = lignes
    .filter((l) => !objets.some((o) => o.idObjet === l.objet.idObjet))
    .map((l) => ({ ...l, remarque: l.remarque ?? '' }));
  return [...offerts, ...retires];
}

/** What the modal would give back: the lines kept, quantities within 0..100, blank remarks as none. */
const lignesSaisies = (lignes: readonly Ligne[]) =>
  lignesRenseignees(lignes.map((l) => ({ objet: l.objet, quantite: bornerQuantite(l.quantite), remarque: l.remarque.trim() || null })));

interface Props {
  ouvert: boolean;
  lignes: readonly LigneObjet[];
  onValider: (lignes: LigneObjet[]) => void;
  onFermer: () => void;
  /** Where the focus goes back once the modal is closed, whichever way it was opened. */
  retour?: RefObject<HTMLElement | null>;
}

/**
 * 'Choisir les objets': a quantity (0 to 100) and a remark per object; lines left at 0 are dropped.
 * Made for the keyboard: the focus starts on the first quantity, Enter confirms, and closing
 * (Escape, the cross, 'Annuler') asks before dropping quantities typed here.
 */
export function ModaleObjets({ ouvert, ...props }: Props) {
  return ouvert ? <ChoixObjets {...props} /> : null;
}

function ChoixObjets({ lignes, onValider, onFermer, retour }: Omit<Props, 'ouvert'>) {
  const { data: objets, isLoading } = useObjetsChoisissables(true);
  const [saisie, setSaisie] = useState<Ligne[] | null>(null);
  const initiales = objets ? lignesDe(objets, lignes) : [];
  const affichees = saisie ?? initiales;
  // from the line as it is now, not as it was rendered: a blur may follow a keystroke before the next render
  const changer = (idObjet: number, change: (ligne: Ligne) => Partial<Ligne>) =>
    setSaisie((courantes) => (courantes ?? initiales).map((l) => (l.objet.idObjet === idObjet ? { ...l, ...change(l) } : l)));

  // the first quantity takes the focus once the modal is open and the catalogue there, whichever
  // comes last (an autoFocus would fire before the modal's container is in the page)
  const premiereQuantite = useRef<ComponentRef<typeof InputNumber>>(null);
  // unless the user is already typing in one of its fields
  const focaliser = () => {
    if (!document.activeElement?.closest('.ant-modal-body')) premiereQuantite.current?.focus();
  };
  const chargee = Boolean(objets);
  useEffect(() => {
    if (chargee) focaliser();
  }, [chargee]);

  useEffect(() => {
    const element = retour?.current;
    // the modal is gone before its own focus return could run: the form takes the focus back
    return () => element?.focus();
  }, [retour]);

  const valider = () => onValider(lignesSaisies(affichees));
  const entree = (evenement: KeyboardEvent) => {
    // the focus is back on 'Editer' before this key is done: it must not press it too
    evenement.preventDefault();
    valider();
  };

  const fermer = async () => {
    const modifiee = JSON.stringify(lignesSaisies(affichees)) !== JSON.stringify(lignesSaisies(initiales));
    const abandon = () =>
      confirmer({ titre: L.abandonObjets, contenu: L.abandonObjetsContenu, ok: L.abandonner, annuler: L.reprendreSaisie });
    if (!modifiee || (await abandon())) onFermer();
  };

  const colonnes: ColumnsType<Ligne> = [
    { key: 'objet', title: L.objet, render: (_, l) => l.objet.libelle },
    {
      key: 'quantite',
      title: L.quantite,
      width: 120,
      render: (_, l, index) => (
        <InputNumber
          aria-label={`${L.quantite} ${l.objet.libelle}`}
          value={l.quantite}
          precision={0}
          step={1}
          style={{ width: 90 }}
          ref={index === 0 ? premiereQuantite : undefined}
          onChange={(v) => changer(l.objet.idObjet, () => ({ quantite: v }))}
          // typing replaces the quantity shown, whether reached by Tab or given the focus on opening
          onFocus={(e) => e.target.select()}
          onBlur={() => changer(l.objet.idObjet, (courante) => ({ quantite: bornerQuantite(courante.quantite) }))}
          onPressEnter={entree}
        />
      ),
    },
    {
      key: 'remarque',
      title: L.remarque,
      render: (_, l) => (
        <Input
          aria-label={`${L.remarque} ${l.objet.libelle}`}
          value={l.remarque}
          maxLength={255}
          onChange={(e) => {
            const remarque = e.target.value;
            changer(l.objet.idObjet, () => ({ remarque }));
          }}
          onPressEnter={entree}
        />
      ),
    },
  ];

  return (
    <Modal
      open
      title={L.choisirObjets}
      okText="OK"
      cancelText="Annuler"
      onOk={valider}
      onCancel={() => void fermer()}
      afterOpenChange={(ouverte) => {
        if (ouverte) focaliser();
      }}
      width={760}
    >
      <Table<Ligne>
        rowKey={(l) => l.objet.idObjet}
        size="small"
        columns={colonnes}
        dataSource={affichees}
        loading={isLoading}
        pagination={false}
        scroll={{ y: 460 }}
      />
    </Modal>
  );
}
