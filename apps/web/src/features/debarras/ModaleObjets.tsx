import { DEBARRAS_DETAIL_LIBELLES as L, type Objet } from '@debarras/domain';
import { Input, InputNumber, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useObjetsChoisissables } from '../../entites/objet/api';
import { bornerQuantite, lignesRenseignees, type LigneObjet } from './formulaire';

interface Ligne {
  objet: LigneObjet['objet'];
  /** What is being typed; brought back within 0..100 when the field is left. */
  quantite: number | null;
  remarque: string;
}

/**
 * Every object that may be chosen, with the débarras's quantities; lines of objects no longer
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

interface Props {
  ouvert: boolean;
  lignes: readonly LigneObjet[];
  onValider: (lignes: LigneObjet[]) => void;
  onFermer: () => void;
}

/** 'Choisir les objets': a quantity (0 to 100) and a remark per object; lines left at 0 are dropped. */
export function ModaleObjets({ ouvert, ...props }: Props) {
  return ouvert ? <ChoixObjets {...props} /> : null;
}

function ChoixObjets({ lignes, onValider, onFermer }: Omit<Props, 'ouvert'>) {
  const { data: objets, isLoading } = useObjetsChoisissables(true);
  const [saisie, setSaisie] = useState<Ligne[] | null>(null);
  const affichees = saisie ?? (objets ? lignesDe(objets, lignes) : []);
  const changer = (idObjet: number, change: Partial<Ligne>) =>
    setSaisie(affichees.map((l) => (l.objet.idObjet === idObjet ? { ...l, ...change } : l)));

  const colonnes: ColumnsType<Ligne> = [
    { key: 'objet', title: L.objet, render: (_, l) => l.objet.libelle },
    {
      key: 'quantite',
      title: L.quantite,
      width: 120,
      render: (_, l) => (
        <InputNumber
          aria-label={`${L.quantite} ${l.objet.libelle}`}
          value={l.quantite}
          precision={0}
          step={1}
          style={{ width: 90 }}
          onChange={(v) => changer(l.objet.idObjet, { quantite: v })}
          onBlur={() => changer(l.objet.idObjet, { quantite: bornerQuantite(l.quantite) })}
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
          onChange={(e) => changer(l.objet.idObjet, { remarque: e.target.value })}
        />
      ),
    },
  ];

  const valider = () =>
    onValider(
      lignesRenseignees(
        affichees.map((l) => ({ objet: l.objet, quantite: bornerQuantite(l.quantite), remarque: l.remarque.trim() || null })),
      ),
    );

  return (
    <Modal open title={L.choisirObjets} okText="OK" cancelText="Annuler" onOk={valider} onCancel={onFermer} width={760}>
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
