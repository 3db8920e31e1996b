import { SearchOutlined } from '@ant-design/icons';
import { DEBARRAS_DETAIL_LIBELLES as L, DEBARRAS_LIBELLES, DEBARRAS_MESSAGES, libelleSecteurLevee } from '@debarras/domain';
import { Button, Descriptions, Form, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ZoneTexte } from '../../components/ChampTexte';
import { QuantiteLevee } from '../../entites/levee/QuantiteLevee';
import { formaterDate } from '../../lib/dates';
import type { Valeurs } from './formulaire';

interface PropsChamp {
  id: string;
  libelle: string;
  requis?: boolean;
  etat?: { help?: string; validateStatus?: 'error' };
  children: ReactNode;
}

export function Champ({ id, libelle, requis, etat, children }: PropsChamp) {
  return (
    <Form.Item label={libelle} htmlFor={id} required={requis} {...etat}>
      {children}
    </Form.Item>
  );
}

type ChampRemarque = 'precisionLieu' | 'travaux' | 'remarqueLieu' | 'remarqueGenerale' | 'remarqueObjet';

/** One of the form's free-text remarks: its label from the domain, at most 1000 characters. */
export function Remarque(props: {
  champ: ChampRemarque;
  valeurs: Valeurs;
  changer: (change: Partial<Valeurs>) => void;
  /** Shown in the normal text colour, and still selectable to copy. */
  lectureSeule: boolean;
}) {
  const { champ, valeurs, changer, lectureSeule } = props;
  return (
    <Champ id={champ} libelle={L[champ]}>
      <ZoneTexte
        id={champ}
        rows={2}
        maxLength={1000}
        readOnly={lectureSeule}
        value={valeurs[champ]}
        onChange={(e) => changer({ [champ]: e.target.value })}
      />
    </Champ>
  );
}

interface PropsLigneLevee {
  valeurs: Valeurs;
  chargement: boolean;
  erreur: string | undefined;
  /** Opens 'Levées disponibles'; absent when no other levée may be chosen. */
  chercher: (() => void) | undefined;
}

/** The levée row: link, sector, date, quantity, max, unavailability, and the search for another levée. */
export function LigneLevee({ valeurs, chargement, erreur, chercher }: PropsLigneLevee) {
  const { levee, adresse } = valeurs;
  const secteur = adresse && !adresse.secteur ? DEBARRAS_MESSAGES.secteurNonDefini : levee ? libelleSecteurLevee(levee) : '';
  return (
    <Spin spinning={chargement}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 7 }}
        layout="vertical"
        className="ligne-levee"
        items={[
          {
            key: 'levee',
            label: L.levee,
            // a new tab: the form and what was typed in it stay
            children: levee ? (
              <Link to={`/leveeDetail/${levee.idLevee}`} target="_blank" rel="noopener">
                {L.detailLevee}
              </Link>
            ) : null,
          },
          { key: 'secteur', label: DEBARRAS_LIBELLES.secteur, children: <span data-testid="secteur-levee">{secteur}</span> },
          {
            key: 'date',
            label: DEBARRAS_LIBELLES.dateLevee,
            children: (
              <span data-testid="date-levee" style={{ whiteSpace: 'nowrap' }}>
                {levee ? formaterDate(levee.dateLevee) : ''}
              </span>
            ),
          },
          { key: 'quantite', label: L.quantite, children: levee ? <QuantiteLevee levee={levee} /> : null },
          { key: 'max', label: L.max, children: levee?.nbDebarrasMax },
          { key: 'indisponibilite', label: L.indisponibilite, children: levee?.indisponibilite },
          {
            key: 'chercher',
            label: ' ',
            children: (
              <Button icon={<SearchOutlined />} aria-label={L.autreLevee} title={L.autreLevee} disabled={!chercher} onClick={chercher} />
            ),
          },
        ]}
      />
      {erreur && <Typography.Text type="danger">{erreur}</Typography.Text>}
    </Spin>
  );
}
