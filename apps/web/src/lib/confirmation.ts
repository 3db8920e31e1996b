import type { HookAPI } from 'antd/es/modal/useModal';
import type { ReactNode } from 'react';

let modal: HookAPI | undefined;
const enAttente: Array<(instance: HookAPI) => void> = [];
let monterHote: (() => void) | undefined;

/** The confirmation host hands over antd's modal instance (themed, in the app's context), and takes it back. */
export function brancherConfirmation(instance: HookAPI | undefined) {
  modal = instance;
  if (instance) for (const attente of enAttente.splice(0)) attente(instance);
}

/**
 * The app shell mounts the confirmation host, and antd's dialog with it, when the first confirmation is
 * asked: no screen waits for that code to show (docs/performance.md « Application web »).
 */
export function avantPremiereConfirmation(monter: () => void) {
  monterHote = monter;
  return () => {
    monterHote = undefined;
  };
}

function instanceModal(): Promise<HookAPI | undefined> {
  if (modal || !monterHote) return Promise.resolve(modal);
  const monter = monterHote;
  return new Promise((resoudre) => {
    enAttente.push(resoudre);
    monter();
  });
}

/**
 * The one confirmation dialog of the product, before anything destructive or irreversible:
 * resolves true on the confirm button, false on cancel or Escape.
 */
export async function confirmer(options: {
  titre: string;
  contenu?: ReactNode;
  ok?: string;
  annuler?: string;
  danger?: boolean;
}): Promise<boolean> {
  const instance = await instanceModal();
  return new Promise((resoudre) => {
    if (!instance) return resoudre(false);
    instance.confirm({
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
