import { CheckCircleOutlined } from '@ant-design/icons';
import { PERMISSION_LIBELLES, PERMISSIONS, type Permission } from '@debarras/domain';
import { Card, List, Typography } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { menusVisibles } from '../menu';

/** The landing page: what the user's roles allow, and the screens open to them today. */
export function AccueilPage() {
  const { utilisateur, peut } = useSession();
  const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter(peut);
  const ecrans = menusVisibles(peut).flatMap((m) => m.entrees.map((e) => ({ ...e, menu: m.titre })));
  return (
    <div className="page-accueil">
      <Typography.Title level={3}>Bonjour {utilisateur?.displayName}</Typography.Title>
      <Card title="Ce que vos rôles vous permettent">
        <List
          dataSource={permissions}
          renderItem={(p) => (
            <List.Item>
              <CheckCircleOutlined className="icone-permission" /> {PERMISSION_LIBELLES[p]}
            </List.Item>
          )}
        />
      </Card>
      <Card title="Écrans disponibles" className="carte-ecrans">
        {ecrans.length ? (
          <List
            dataSource={ecrans}
            renderItem={(e) => (
              <List.Item>
                <Link to={e.chemin}>{e.menu} › {e.libelle}</Link>
              </List.Item>
            )}
          />
        ) : (
          <Typography.Paragraph>
            Les écrans de votre rôle (débarras, levées) sont en cours de mise en service ; ils apparaîtront dans le menu dès qu'ils seront disponibles.
          </Typography.Paragraph>
        )}
      </Card>
    </div>
  );
}
