import { notification } from 'antd';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { avantPremiereConfirmation } from '../lib/confirmation';
import { DialogueDiffere, differe } from '../lib/differe';
import { brancherNotifications, CONFIG_NOTIFICATIONS, CONFIG_NOTIFICATIONS_SUCCES } from '../lib/notifications';

const HoteConfirmation = differe(() => import('./HoteConfirmation'), 'HoteConfirmation');

/** The notification area and the confirmation dialog of every screen, in the app's context (theme, locale). */
export function ZoneRetours({ children }: { children: ReactNode }) {
  const [notifications, zoneNotifications] = notification.useNotification(CONFIG_NOTIFICATIONS);
  const [succes, zoneSucces] = notification.useNotification(CONFIG_NOTIFICATIONS_SUCCES);
  const [confirmationDemandee, setConfirmationDemandee] = useState(false);
  useEffect(() => brancherNotifications(succes, notifications), [succes, notifications]);
  useEffect(() => avantPremiereConfirmation(() => setConfirmationDemandee(true)), []);
  return (
    <>
      {children}
      {/* antd gives both holders the same key */}
      <Fragment key="succes">{zoneSucces}</Fragment>
      <Fragment key="autres">{zoneNotifications}</Fragment>
      <DialogueDiffere ouvert={confirmationDemandee}>
        <HoteConfirmation />
      </DialogueDiffere>
    </>
  );
}
