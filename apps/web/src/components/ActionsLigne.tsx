import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ColonneServeur } from './ServerTable';

/** A row's link to a screen of its record, named after the record for the keyboard and screen readers: « Modifier {nom} ». */
export function LienLigne({
  titre = 'Modifier',
  chemin,
  nom,
  icone = <EditOutlined />,
}: {
  titre?: string;
  chemin: string;
  nom: string;
  icone?: ReactNode;
}) {
  return (
    <Tooltip title={titre}>
      <Link to={chemin} aria-label={`${titre} ${nom}`}>
        {icone}
      </Link>
    </Tooltip>
  );
}

/** A row's delete button, « Supprimer {nom} »; the tooltip may warn of what deleting leaves behind. */
export function BoutonSupprimer({ nom, onClick, info = 'Supprimer' }: { nom: string; onClick: () => void; info?: string }) {
  return (
    <Tooltip title={info}>
      <Button
        type="link"
        danger
        size="small"
        className="bouton-icone"
        icon={<DeleteOutlined />}
        aria-label={`Supprimer ${nom}`}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** The first column of a reference list: the row's actions, untitled and not sortable. */
export const colonneActions = <T,>(largeur: number, actions: (ligne: T) => ReactNode): ColonneServeur<T> => ({
  champ: 'actions',
  titre: '',
  triable: false,
  width: largeur,
  render: (_, ligne: T) => <Flex gap="middle">{actions(ligne)}</Flex>,
});
