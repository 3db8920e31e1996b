import type { NotificationInstance } from 'antd/es/notification/interface';

/** Warnings stay 10 seconds (docs/regles.md « Comportement général »). */
export const DUREE_ATTENTION_S = 10;

/**
 * Top left as the spec wants. An error or a warning shows below the header and the screen's title row, even a title
 * on two lines (a levée's sector and status at 1280 px): it never hides the title or the record number it is about.
 */
export const CONFIG_NOTIFICATIONS = { placement: 'topLeft', top: 208 } as const;

/**
 * A success shows on one or two lines over the left of the header (the application's name, the menu), where it
 * covers neither the screen's title nor the form's fields just saved; clicks go through it to the menu
 * (docs/regles.md « Comportement général », checked in e2e/retours.e2e.ts).
 */
export const CONFIG_NOTIFICATIONS_SUCCES = { placement: 'topLeft', top: 4, stack: false } as const;

let instances: { succes: NotificationInstance; autres: NotificationInstance } | undefined;

/** The app shell hands over antd's notification instances (themed, in the app's context). */
export function brancherNotifications(succes: NotificationInstance, autres: NotificationInstance) {
  instances = { succes, autres };
}

/** The notification areas at the top left: 'Succès', 'Erreur', 'Attention'. */
export const notifier = {
  succes: (description: string) =>
    instances?.succes.success({ title: 'Succès', description, placement: 'topLeft', className: 'notification-succes', closable: false }),
  erreur: (description: string) => instances?.autres.error({ title: 'Erreur', description, placement: 'topLeft' }),
  attention: (description: string) =>
    instances?.autres.warning({ title: 'Attention', description, placement: 'topLeft', duration: DUREE_ATTENTION_S }),
};

/** The message of a failed call, or a generic one. */
export const messageErreur = (erreur: unknown) =>
  erreur instanceof Error && erreur.message ? erreur.message : 'Une erreur inattendue est survenue.';
