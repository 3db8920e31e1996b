import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { confirmer } from '../lib/confirmation';
import type { ColonneServeur } from './TableServeur';

interface ActionCommune<T> {
  /** The accessible name, which names the row: tests and e2e journeys find the action by it (« Supprimer le débarras 2026-00012 »). */
  nom: (ligne: T) => string;
  /** What the action does, shown on hover; no tooltip when absent. */
  infobulle?: string;
  icone: ReactNode;
  /** Whether the role may (the session's `peut(…)`); yes when absent. */
  permis?: boolean;
  /** Whether the row's status allows it, by the domain's rule (`peutSupprimerDebarras`…); yes when absent. */
  si?: (ligne: T) => boolean;
}

/** A link to a screen of the row's record. */
interface LienAction<T> extends ActionCommune<T> {
  chemin: (ligne: T) => string;
}

/** A button: `faire` runs once the confirmation, when there is one, is accepted. */
interface BoutonAction<T> extends ActionCommune<T> {
  faire: (ligne: T) => void;
  confirmation?: (ligne: T) => Parameters<typeof confirmer>[0];
  danger?: boolean;
}

/** One of a row's actions, described once for every list: the list gives its texts, its rules and what it does. */
export type ActionLigne<T> = LienAction<T> | BoutonAction<T>;

/** « Modifier {nom} »: a reference list's link to the record's screen. */
export const actionModifier = <T,>(chemin: (ligne: T) => string, nom: (ligne: T) => string): ActionLigne<T> => ({
  nom: (ligne) => `Modifier ${nom(ligne)}`,
  infobulle: 'Modifier',
  icone: <EditOutlined />,
  chemin,
});

/** « Supprimer {nom} »; the tooltip may warn of what deleting leaves behind. */
export const actionSupprimer = <T,>(
  nom: (ligne: T) => string,
  action: Omit<BoutonAction<T>, 'nom' | 'icone' | 'danger'>,
): ActionLigne<T> => ({
  infobulle: 'Supprimer',
  ...action,
  nom: (ligne) => `Supprimer ${nom(ligne)}`,
  icone: <DeleteOutlined />,
  danger: true,
});

async function executer<T>(action: BoutonAction<T>, ligne: T) {
  if (action.confirmation && !(await confirmer(action.confirmation(ligne)))) return;
  action.faire(ligne);
}

function Action<T>({ action, ligne, compacte }: { action: ActionLigne<T>; ligne: T; compacte: boolean }) {
  const nom = action.nom(ligne);
  const controle =
    'chemin' in action ? (
      <Link to={action.chemin(ligne)} aria-label={nom}>
        {action.icone}
      </Link>
    ) : (
      <Button
        type={compacte ? 'text' : 'link'}
        danger={action.danger}
        size="small"
        className={compacte ? undefined : 'bouton-icone'}
        icon={action.icone}
        aria-label={nom}
        onClick={() => void executer(action, ligne)}
      />
    );
  if (action.infobulle === undefined) return controle;
  return (
    <Tooltip title={action.infobulle} rootClassName={compacte ? 'infobulle-ligne' : undefined}>
      {controle}
    </Tooltip>
  );
}

/**
 * The actions the role may and the row's status allows, in the order given: the keyboard's. A compact list (`TableServeur`
 * `compacte`) packs them into a narrow column: closer, as plain icon buttons, their tooltips letting the pointer through
 * (on its short rows they lie over the row above's buttons).
 */
export function ActionsLigne<T>({
  ligne,
  actions,
  compacte = false,
}: {
  ligne: T;
  actions: readonly ActionLigne<T>[];
  compacte?: boolean;
}) {
  return (
    <Flex gap={compacte ? 4 : 'middle'} align="center">
      {actions.map((action, rang) =>
        action.permis !== false && (action.si?.(ligne) ?? true) ? (
          <Action key={rang} action={action} ligne={ligne} compacte={compacte} />
        ) : null,
      )}
    </Flex>
  );
}

/** The first column of a list: its rows' actions, untitled, not sortable, never cut (buttons are no text to shorten). */
export const colonneActions = <T,>(largeur: number, actions: readonly ActionLigne<T>[], { compacte = false } = {}): ColonneServeur<T> => ({
  champ: 'actions',
  titre: '',
  triable: false,
  width: largeur,
  ellipsis: false,
  render: (_, ligne: T) => <ActionsLigne ligne={ligne} actions={actions} compacte={compacte} />,
});
