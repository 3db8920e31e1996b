import { notification } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { avantPremiereConfirmation } from '../lib/confirmation';
import { DialogueDiffere, differe } from '../lib/differe';
import { brancherNotifications, CONFIG_NOTIFICATIONS } from '../lib/notifications';

const HoteConfirmation = differe(() => import('./HoteConfirmation'), 'HoteConfirmation');

/** The notification area and the confirmation dialog of every screen, in the app's context (theme, locale). */
export function ZoneRetours({ children }: { children: ReactNode }) {
  const [notifications, zoneNotifications] = notification.useNotification(CONFIG_NOTIFICATIONS);
  const [confirmationDemandee, setConfirmationDemandee] = useState(false);
  useEffect(() => brancherNotifications(notifications), [notifications]);
  useEffect(() => avantPremiereConfirmation(() => setConfirmationDemandee(true)), []);
  return (
    <>
      {children}
      {zoneNotifications}
      <DialogueDiffere ouvert={confirmationDemandee}>
        <HoteConfirmation />
      </DialogueDiffere>
    </>
  );
}
