import { MailOutlined } from '@ant-design/icons';
import { ajouterJours, aujourdhui, IMPRESSION_LIBELLES, IMPRESSION_MESSAGES, type FormatImpression } from '@debarras/domain';
import { Alert, Button, Form, Modal, Select, Space } from 'antd';
import { useEffect } from 'react';
import { ChampDate } from '../../components/ChampDate';
import { useFormatsImpression } from '../../entites/parametre/api';
import { confirmer } from '../../lib/confirmation';
import { notifier } from '../../lib/notifications';
import { siAbouti } from '../../lib/requetes';
import { useSession } from '../../lib/session';
import { useEnvoyerFeuilles, useNombreDestinatairesActifs, useNombreLeveesLe, useProchaineDateDeLevee, urlFeuillesDeRoute } from './api';
import type { PropsModale } from './ModaleVersListe';
import { Formulaire } from '../../components/Formulaire';

interface Valeurs {
  date: string | null;
  format: FormatImpression;
}

/**
 * « Imprimer les feuilles de route » (Levée menu, every role): a day and a format, the document in
 * a new tab; admin and technique may also mail the day's sheets to the recipients now.
 */
export function ModaleFeuillesDeRoute({ ouvert, onFermer }: PropsModale) {
  return ouvert ? <FeuillesDeRoute onFermer={onFermer} /> : null;
}

function FeuillesDeRoute({ onFermer }: Pick<PropsModale, 'onFermer'>) {
  const [form] = Form.useForm<Valeurs>();
  const { peut } = useSession();
  const formats = useFormatsImpression();
  const demain = ajouterJours(aujourdhui(), 1);
  const prochaine = useProchaineDateDeLevee(demain);
  const date = Form.useWatch('date', form) ?? null;
  const format = Form.useWatch('format', form);
  const nombre = useNombreLeveesLe(date);
  const peutEnvoyer = peut('envoyerFeuilles');
  const destinataires = useNombreDestinatairesActifs(peutEnvoyer);
  const envoi = useEnvoyerFeuilles();

  // the default day arrives with the server's answer; a day the user already chose stays
  useEffect(() => {
    if (prochaine.isSuccess && !form.isFieldTouched('date')) form.setFieldValue('date', prochaine.data ?? demain);
  }, [prochaine.isSuccess, prochaine.data, demain, form]);

  const aucuneLevee = date !== null && nombre.data === 0;
  const pret = date !== null && !!format && (nombre.data ?? 0) > 0;

  const imprimer = () => {
    if (!pret) return;
    window.open(urlFeuillesDeRoute(date, format), '_blank', 'noopener');
    onFermer();
  };

  const envoyer = async () => {
    if (!pret) return;
    const n = destinataires.data ?? 0;
    if (!n) {
      notifier.attention(IMPRESSION_LIBELLES.aucunDestinataire);
      return;
    }
    if (
      !(await confirmer({
        titre: IMPRESSION_LIBELLES.envoyer,
        contenu: IMPRESSION_LIBELLES.confirmationEnvoi(n, date),
        ok: 'Envoyer',
        annuler: 'Annuler',
      }))
    )
      return;
    const bilan = await siAbouti(envoi.mutateAsync({ date }));
    if (!bilan) return;
    if (bilan.echecs) notifier.attention(bilan.message);
    else notifier.succes(bilan.message);
  };

  return (
    <Modal
      open
      title={IMPRESSION_LIBELLES.modaleFeuilles}
      onCancel={onFermer}
      footer={
        <Space>
          <Button onClick={onFermer}>Annuler</Button>
          {peutEnvoyer && (
            <Button icon={<MailOutlined />} onClick={envoyer} disabled={!pret} loading={envoi.isPending}>
              {IMPRESSION_LIBELLES.envoyer}
            </Button>
          )}
          <Button type="primary" onClick={imprimer} disabled={!pret} loading={nombre.isFetching}>
            OK
          </Button>
        </Space>
      }
    >
      <Formulaire<Valeurs> form={form} layout="vertical" initialValues={{ date: null, format: formats[0] }} onFinish={imprimer}>
        <Form.Item
          label={IMPRESSION_LIBELLES.date}
          name="date"
          required
          rules={[{ required: true, message: IMPRESSION_MESSAGES.dateObligatoire }]}
        >
          <ChampDate autoFocus allowClear={false} />
        </Form.Item>
        <Form.Item label={IMPRESSION_LIBELLES.format} name="format" required>
          <Select
            aria-label={IMPRESSION_LIBELLES.format}
            placeholder={IMPRESSION_LIBELLES.choisirFormat}
            options={formats.map((f) => ({ value: f, label: f }))}
            style={{ width: 200 }}
          />
        </Form.Item>
        {aucuneLevee && <Alert type="warning" showIcon title={IMPRESSION_MESSAGES.aucuneLevee} role="alert" />}
      </Formulaire>
    </Modal>
  );
}
