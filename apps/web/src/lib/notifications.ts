import type { NotificationInstance } from 'antd/es/notification/interface';

/** Warnings stay 10 seconds (docs/regles.md « Comportement général »). */
export const DUREE_ATTENTION_S = 10;

/**
 * Top left as the spec wants, but below the header and the screen's title row, even a title on two lines
 * (a levée's sector and status at 1280 px): a notification never
 * hides the title or the record number it is about (checked in e2e/retours.e2e.ts).
 */
export const CONFIG_NOTIFICATIONS = { placement: 'topLeft', top: 208 } as const;

let instance: NotificationInstance | undefined;

/** The app shell hands over antd's notification instance (themed, in the app's context). */
export function brancherNotifications(notification: NotificationInstance) {
  instance = notification;
}

/** The notification area at the top left: 'Succès', 'Erreur', 'Attention'. */
export const notifier = {
  succes: (description: string) => instance?.success({ title: 'Succès', description, placement: 'topLeft' }),
  erreur: (description: string) => instance?.error({ title: 'Erreur', description, placement: 'topLeft' }),
  attention: (description: string) =>
    instance?.warning({ title: 'Attention', description, placement: 'topLeft', duration: DUREE_ATTENTION_S }),
};

/** The message of a failed call, or a generic one. */
export const messageErreur = (erreur: unknown) =>
  erreur instanceof Error && erreur.message ? erreur.message : 'Une erreur inattendue est survenue.';
