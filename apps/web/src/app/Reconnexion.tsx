import { LockOutlined } from '@ant-design/icons';
import { ERREURS, identificationSchema, RECONNEXION_MESSAGES as M } from '@debarras/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { ErreurHttp } from '../lib/http';
import { notifier } from '../lib/notifications';
import { regle } from '../lib/zodForm';
import { useAuthentification } from './authentification';

/**
 * The sign-in again over the screen whose session has ended (docs/regles.md « Comportement général »): the screen
 * stays mounted under it, with everything typed on it; the calls refused meanwhile are made again once signed in,
 * and a refused save is made again by the user. « Changer d'utilisateur » goes to the sign-in page, asking first
 * about unsaved work as any navigation does.
 */
export function Reconnexion({
  username,
  ouverte,
  onReconnecte,
  onChangerUtilisateur,
}: {
  username: string;
  ouverte: boolean;
  onReconnecte: () => void;
  onChangerUtilisateur: () => void;
}) {
  const { connecter } = useAuthentification();
  const client = useQueryClient();
  const [form] = Form.useForm<{ password: string }>();
  const [erreur, setErreur] = useState<string>();
  const [envoi, setEnvoi] = useState(false);

  const envoyer = async ({ password }: { password: string }) => {
    setEnvoi(true);
    setErreur(undefined);
    try {
      await connecter(username, password);
      form.resetFields();
      onReconnecte();
      notifier.succes(M.reconnecte);
      await client.invalidateQueries();
    } catch (e) {
      setErreur(e instanceof ErreurHttp && e.code === 'TROP_DE_REQUETES' ? e.message : ERREURS.identificationInvalide);
    } finally {
      setEnvoi(false);
    }
  };

  return (
    <Modal open={ouverte} title={M.titre} closable={false} mask={{ closable: false }} keyboard={false} destroyOnHidden footer={null}>
      <p>{M.texte}</p>
      {erreur && <Alert type="error" showIcon message={erreur} role="alert" style={{ marginBottom: 16 }} />}
      {/* a sign-in form: Enter signs in, as on the sign-in page */}
      <Form form={form} layout="vertical" onFinish={envoyer} requiredMark={false}>
        <Form.Item label="Utilisateur" htmlFor="reconnexion-utilisateur">
          <Input id="reconnexion-utilisateur" value={username} readOnly autoComplete="username" />
        </Form.Item>
        <Form.Item label="Mot de passe" name="password" rules={[regle(identificationSchema.shape.password)]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus />
        </Form.Item>
        <div className="pied-formulaire">
          <Button onClick={onChangerUtilisateur}>{M.changerUtilisateur}</Button>
          <Button type="primary" htmlType="submit" loading={envoi}>
            {M.reconnecter}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
