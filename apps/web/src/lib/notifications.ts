import type { NotificationInstance } from 'antd/es/notification/interface';

/** Warnings stay 10 seconds (docs/regles.md « Comportement général »). */
export const DUREE_ATTENTION_S = 10;

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
