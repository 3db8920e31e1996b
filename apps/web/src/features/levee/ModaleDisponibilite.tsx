import { aujourdhui, indisponibiliteSchema, LEVEE_LIBELLES, LEVEE_MESSAGES } from '@debarras/domain';
import { Form, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { ChampDate } from '../../components/ChampDate';
import { confirmer } from '../../lib/confirmation';
import { notifier } from '../../lib/notifications';
import { siAbouti } from '../../lib/requetes';
import { regle, valeursValides } from '../../lib/zodForm';
import { useLibellesSecteurs } from '../../entites/secteur/api';
import { useChangerDisponibilite } from './api';
import { ModaleVersListe, type PropsModale } from './ModaleVersListe';
import { Formulaire } from '../../components/Formulaire';

interface Valeurs {
  dateFrom: string | null;
  dateTo: string | null;
  newMax: number | null;
  secteurLibelle?: string;
}

const champs = indisponibiliteSchema.shape;

const regleDebut: Rule = {
  validator: async (_r, jour: string | null) => {
    if (jour && jour < aujourdhui()) throw new Error(LEVEE_MESSAGES.debutAvantAujourdhui);
  },
};
const regleFin: Rule = ({ getFieldValue }) => ({
  validator: async (_r, fin: string | null) => {
    const debut = getFieldValue('dateFrom') as string | null;
    if (debut && fin && fin < debut) throw new Error(LEVEE_MESSAGES.finAvantDebut);
  },
});

/** 'Modifier une disponibilité' (Levée menu): a new max for a sector's standard rounds between two dates. */
export function ModaleDisponibilite({ ouvert, onFermer }: PropsModale) {
  return ouvert ? <Disponibilite onFermer={onFermer} /> : null;
}

function Disponibilite({ onFermer }: Pick<PropsModale, 'onFermer'>) {
  const [form] = Form.useForm<Valeurs>();
  const { data: secteurs, isLoading } = useLibellesSecteurs(true);
  const changement = useChangerDisponibilite();

  const valider = async () => {
    const valeurs = await valeursValides(form);
    if (!valeurs) return;
    if (!(await confirmer({ titre: LEVEE_MESSAGES.confirmationDisponibilite }))) return;
    const saisie = {
      dateFrom: valeurs.dateFrom!,
      dateTo: valeurs.dateTo!,
      newMax: valeurs.newMax!,
      secteurLibelle: valeurs.secteurLibelle!,
    };
    const reponse = await siAbouti(changement.mutateAsync(saisie));
    if (!reponse) return;
    // beyond the spec, which shows nothing on success: staff asked to see that it went through (docs/decisions.md)
    if (reponse.statut === '0') notifier.succes(reponse.message);
    else notifier.attention(reponse.message);
    return { dateFrom: saisie.dateFrom, dateTo: saisie.dateTo, secteurLibelle: saisie.secteurLibelle, nbDebarrasMax: saisie.newMax };
  };

  return (
    <ModaleVersListe titre={LEVEE_LIBELLES.modaleDisponibilite} onFermer={onFermer} enCours={changement.isPending} valider={valider}>
      <Formulaire<Valeurs>
        form={form}
        layout="vertical"
        initialValues={{ dateFrom: null, dateTo: null, newMax: null }}
        // choosing the start date copies it into the end date (docs/regles.md « Validation de la disponibilité »)
        onValuesChange={(change: Partial<Valeurs>) => {
          if (!change.dateFrom) return;
          form.setFieldValue('dateTo', change.dateFrom);
          // setFieldValue does not validate: an earlier « obligatoire » would stay under a filled end date
          if (form.isFieldTouched('dateTo') || form.getFieldError('dateTo').length)
            void form.validateFields(['dateTo']).catch(() => undefined);
        }}
      >
        <Form.Item label={LEVEE_LIBELLES.dateDebut} name="dateFrom" rules={[regle(champs.dateFrom), regleDebut]} required>
          <ChampDate autoFocus />
        </Form.Item>
        <Form.Item
          label={LEVEE_LIBELLES.dateFin}
          name="dateTo"
          rules={[regle(champs.dateTo), regleFin]}
          dependencies={['dateFrom']}
          required
        >
          <ChampDate />
        </Form.Item>
        <Form.Item label={LEVEE_LIBELLES.nouveauMax} name="newMax" rules={[regle(champs.newMax)]} required>
          <InputNumber style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label={LEVEE_LIBELLES.secteur} name="secteurLibelle" rules={[regle(champs.secteurLibelle)]} required>
          <Select
            showSearch
            loading={isLoading}
            placeholder="Choisir un secteur"
            options={(secteurs ?? []).map((s) => ({ value: s, label: s }))}
          />
        </Form.Item>
      </Formulaire>
    </ModaleVersListe>
  );
}
