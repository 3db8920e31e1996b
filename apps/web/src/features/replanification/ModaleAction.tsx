import { Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { Formulaire } from '../../components/Formulaire';

/** A dialog of this feature: its fields, « Annuler », and the action's button, busy while the call runs. */
export function ModaleAction<Valeurs>({
  titre,
  ok,
  enCours,
  desactive = false,
  form,
  onOk,
  onFermer,
  children,
}: {
  titre: string;
  ok: string;
  enCours: boolean;
  desactive?: boolean;
  form?: FormInstance<Valeurs>;
  onOk: () => void;
  onFermer: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      title={titre}
      okText={ok}
      cancelText="Annuler"
      onOk={onOk}
      onCancel={onFermer}
      confirmLoading={enCours}
      okButtonProps={{ disabled: desactive }}
      destroyOnHidden
    >
      <Formulaire<Valeurs> form={form} layout="vertical">
        {children}
      </Formulaire>
    </Modal>
  );
}
