import { Button } from 'antd';
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
 * resolves true on the confirm button, false on cancel or Escape. The way back has the focus, so
 * that Enter never confirms by mistake (docs/regles.md « Comportement général »).
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
      autoFocusButton: 'cancel',
      onOk: () => resoudre(true),
      onCancel: () => resoudre(false),
    });
  });
}

/**
 * The same dialog with more than one way forward: resolves the value of the button chosen, or undefined on
 * « Annuler » or Escape, which has the focus.
 */
export async function choisir<T extends string>(options: {
  titre: string;
  contenu?: ReactNode;
  choix: ReadonlyArray<{ libelle: string; valeur: T }>;
  annuler?: string;
}): Promise<T | undefined> {
  const instance = await instanceModal();
  return new Promise((resoudre) => {
    if (!instance) return resoudre(undefined);
    const dialogue = instance.confirm({
      title: options.titre,
      content: options.contenu,
      cancelText: options.annuler ?? 'Annuler',
      autoFocusButton: 'cancel',
      onCancel: () => resoudre(undefined),
      footer: (_, { CancelBtn }) => (
        <div className="ant-modal-confirm-btns">
          <CancelBtn />
          {options.choix.map((c, i) => (
            <Button
              key={c.valeur}
              type={i === options.choix.length - 1 ? 'primary' : 'default'}
              onClick={() => {
                resoudre(c.valeur);
                dialogue.destroy();
              }}
            >
              {c.libelle}
            </Button>
          ))}
        </div>
      ),
    });
  });
}
