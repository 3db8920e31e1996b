import { aujourdhui, LEVEE_LIBELLES, LEVEE_MESSAGES, leveeSupplementaireSchema } from '@debarras/domain';
import { Form, InputNumber } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { ChampDate } from '../../components/ChampDate';
import { ChampTexte } from '../../components/ChampTexte';
import { siAbouti } from '../../lib/requetes';
import { regle, valeursValides } from '../../lib/zodForm';
import { useCreerLeveeSupplementaire } from './api';
import { ModaleVersListe, type PropsModale } from './ModaleVersListe';
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

/** What the capacity board's cell gives the dialog: its day and a name after its sector; the board then stays. */
interface DepuisLeTableau {
  dateLevee: string;
  name: string;
}

/**
 * 'Ajouter une levée supplémentaire' (Levée menu): a round without a sector, then the list shows it; from a cell of the
 * capacity board, its day and sector's name already filled, and the board shows it.
 */
export function ModaleSupplementaire({ ouvert, onFermer, depuis }: PropsModale & { depuis?: DepuisLeTableau }) {
  return ouvert ? <Supplementaire onFermer={onFermer} depuis={depuis} /> : null;
}

function Supplementaire({ onFermer, depuis }: Pick<PropsModale, 'onFermer'> & { depuis?: DepuisLeTableau }) {
  const [form] = Form.useForm<Valeurs>();
  const creation = useCreerLeveeSupplementaire();

  const valider = async () => {
    const valeurs = await valeursValides(form);
    if (!valeurs) return;
    const levee = await siAbouti(
      creation.mutateAsync({ dateLevee: valeurs.dateLevee!, name: valeurs.name.trim(), nbDebarrasMax: valeurs.nbDebarrasMax! }),
    );
    return levee && { dateFrom: levee.dateLevee, dateTo: levee.dateLevee, supplementaire: '1' };
  };

  return (
    <ModaleVersListe
      titre={LEVEE_LIBELLES.modaleSupplementaire}
      onFermer={onFermer}
      enCours={creation.isPending}
      valider={valider}
      surPlace={depuis !== undefined}
    >
      <Formulaire<Valeurs>
        form={form}
        layout="vertical"
        initialValues={{ dateLevee: depuis?.dateLevee ?? null, name: depuis?.name ?? '', nbDebarrasMax: null }}
      >
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
    </ModaleVersListe>
  );
}
