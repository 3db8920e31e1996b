import type { HookAPI } from 'antd/es/modal/useModal';
import type { ReactNode } from 'react';

let modal: HookAPI | undefined;

/** The app shell hands over antd's modal instance (themed, in the app's context). */
export function brancherConfirmation(instance: HookAPI) {
  modal = instance;
}

/**
 * The one confirmation dialog of the product, before anything destructive or irreversible:
 * resolves true on the confirm button, false on cancel or Escape.
 */
export function confirmer(options: {
  titre: string;
  contenu?: ReactNode;
  ok?: string;
  annuler?: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resoudre) => {
    if (!modal) return resoudre(false);
    modal.confirm({
      title: options.titre,
      content: options.contenu,
      okText: options.ok ?? 'Oui',
      cancelText: options.annuler ?? 'Non',
      okButtonProps: { danger: options.danger },
      onOk: () => resoudre(true),
      onCancel: () => resoudre(false),
    });
  });
}
