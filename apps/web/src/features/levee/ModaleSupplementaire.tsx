import {
  aujourdhui,
  LEVEE_FILTRE_DEFAUT,
  LEVEE_LIBELLES,
  LEVEE_MESSAGES,
  LEVEE_TRI_DEFAUT,
  leveeSupplementaireSchema,
} from '@debarras/domain';
import { Form, InputNumber, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { ChampDate } from '../../components/ChampDate';
import { ChampTexte } from '../../components/ChampTexte';
import { preparerListe } from '../../components/etatListe';
import { siAbouti } from '../../lib/requetes';
import { regle, valeursValides } from '../../lib/zodForm';
import { CLE_ETAT_LISTE, useCreerLeveeSupplementaire } from './api';
import type { PropsModale } from './ModaleDisponibilite';
import { Formulaire } from '../../components/Formulaire';

interface Valeurs {
  dateLevee: string | null;
  name: string;
  nbDebarrasMax: number | null;
}

const champs = leveeSupplementaireSchema.shape;

/** The server refuses a past date too; the message comes before the call. */
const regleDate: Rule = {
  validator: async (_r, jour: string | null) => {
    if (jour && jour < aujourdhui()) throw new Error(LEVEE_MESSAGES.datePassee);
  },
};

/** 'Ajouter une levée supplémentaire' (Levée menu): a round without a sector, then the list shows it. */
export function ModaleSupplementaire({ ouvert, onFermer }: PropsModale) {
  return ouvert ? <Supplementaire onFermer={onFermer} /> : null;
}

function Supplementaire({ onFermer }: Pick<PropsModale, 'onFermer'>) {
  const [form] = Form.useForm<Valeurs>();
  const naviguer = useNavigate();
  const creation = useCreerLeveeSupplementaire();

  const valider = async () => {
    const valeurs = await valeursValides(form);
    if (!valeurs) return;
    const levee = await siAbouti(
      creation.mutateAsync({ dateLevee: valeurs.dateLevee!, name: valeurs.name.trim(), nbDebarrasMax: valeurs.nbDebarrasMax! }),
    );
    if (!levee) return;
    preparerListe(CLE_ETAT_LISTE, {
      filtres: { ...LEVEE_FILTRE_DEFAUT, dateFrom: levee.dateLevee, dateTo: levee.dateLevee, supplementaire: '1' },
      tri: LEVEE_TRI_DEFAUT,
    });
    onFermer();
    naviguer('/leveeListe');
  };

  return (
    <Modal
      open
      title={LEVEE_LIBELLES.modaleSupplementaire}
      okText="OK"
      cancelText="Annuler"
      onOk={valider}
      onCancel={onFermer}
      confirmLoading={creation.isPending}
    >
      <Formulaire<Valeurs> form={form} layout="vertical" initialValues={{ dateLevee: null, name: '', nbDebarrasMax: null }}>
        <Form.Item label={LEVEE_LIBELLES.dateLevee} name="dateLevee" rules={[regle(champs.dateLevee), regleDate]} required>
          <ChampDate autoFocus disabledDate={(j) => j.isBefore(dayjs(aujourdhui()), 'day')} />
        </Form.Item>
        <Form.Item label={LEVEE_LIBELLES.nom} name="name" rules={[regle(champs.name)]} required>
          <ChampTexte maxLength={300} />
        </Form.Item>
        <Form.Item label={LEVEE_LIBELLES.maxDebarras} name="nbDebarrasMax" rules={[regle(champs.nbDebarrasMax)]} required>
          <InputNumber style={{ width: 200 }} />
        </Form.Item>
      </Formulaire>
    </Modal>
  );
}
