import { Modal } from 'antd';
import { useEffect } from 'react';
import { brancherConfirmation } from '../lib/confirmation';

/** Holds antd's confirmation dialog in the app's context (theme, locale), once a confirmation is asked. */
export function HoteConfirmation() {
  const [modal, zone] = Modal.useModal();
  useEffect(() => {
    brancherConfirmation(modal);
    return () => brancherConfirmation(undefined);
  }, [modal]);
  return zone;
}
