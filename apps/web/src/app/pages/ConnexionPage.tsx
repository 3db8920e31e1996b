import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { ERREURS, identificationSchema } from '@debarras/domain';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ErreurHttp } from '../../lib/http';
import { useSession } from '../../lib/session';
import { regle } from '../../lib/zodForm';
import { ROUTE_ACCUEIL } from '../accueil';
import { useAuthentification } from '../authentification';
import { TitreApplication } from '../TitreApplication';
import { useTitreOnglet } from '../../lib/titre';

interface Identification {
  username: string;
  password: string;
}

export function ConnexionPage() {
  const { connecter } = useAuthentification();
  const { utilisateur } = useSession();
  const naviguer = useNavigate();
  const [erreur, setErreur] = useState<string>();
  const [envoi, setEnvoi] = useState(false);
  useTitreOnglet('Connexion');

  if (utilisateur) return <Navigate to={ROUTE_ACCUEIL} replace />;

  const envoyer = async ({ username, password }: Identification) => {
    setEnvoi(true);
    setErreur(undefined);
    try {
      await connecter(username.trim(), password);
      naviguer(ROUTE_ACCUEIL, { replace: true });
    } catch (e) {
      // too many attempts has its own message; every other refusal reads the sign-in alert
      setErreur(e instanceof ErreurHttp && e.code === 'TROP_DE_REQUETES' ? e.message : ERREURS.identificationInvalide);
    } finally {
      setEnvoi(false);
    }
  };

  return (
    <main className="page-connexion">
      <Card className="carte-connexion">
        <TitreApplication niveau={2} />
        <Typography.Title level={4} type="secondary">
          Identification de l'utilisateur
        </Typography.Title>
        {erreur && <Alert type="error" showIcon message={erreur} className="alerte-connexion" role="alert" />}
        <Form<Identification> layout="vertical" onFinish={envoyer} requiredMark={false}>
          <Form.Item label="Utilisateur" name="username" rules={[regle(identificationSchema.shape.username)]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="Mot de passe" name="password" rules={[regle(identificationSchema.shape.password)]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={envoi}>
            Continuer
          </Button>
        </Form>
      </Card>
    </main>
  );
}
