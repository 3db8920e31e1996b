import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { APP_VERSION, PARAMETRE_CLES } from '@debarras/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Layout as AntLayout, Menu, Space, Typography } from 'antd';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { lireTexte } from '../lib/http';
import { useSession } from '../lib/session';
import { useAuthentification } from './auth';
import { menusVisibles } from './menu';
import { TitreApplication } from './TitreApplication';

function useDepartement() {
  return useQuery({
    queryKey: ['parametre', 'valeur', PARAMETRE_CLES.departement],
    queryFn: () => lireTexte(`parametre/getStringValue?cle=${encodeURIComponent(PARAMETRE_CLES.departement)}`),
    staleTime: 5 * 60_000,
  });
}

/** Header (title, menu, user, 'Déconnexion'), the page, and the footer (year, department, version). */
export function Layout() {
  const { utilisateur, peut } = useSession();
  const { deconnecter } = useAuthentification();
  const naviguer = useNavigate();
  const { pathname } = useLocation();
  const { data: departement } = useDepartement();

  const elements = menusVisibles(peut).map((m) => ({
    key: m.titre,
    label: m.titre,
    children: m.entrees.map((e) => ({ key: e.chemin.toLowerCase(), label: <Link to={e.chemin}>{e.libelle}</Link> })),
  }));

  return (
    <AntLayout className="mise-en-page">
      <AntLayout.Header className="entete">
        <Link to="/accueil" className="lien-titre"><TitreApplication /></Link>
        <Menu mode="horizontal" items={elements} selectedKeys={[pathname.toLowerCase()]} className="menu-principal" aria-label="Menu principal" />
        <Space className="utilisateur">
          <UserOutlined />
          <Typography.Text strong>{utilisateur?.displayName}</Typography.Text>
          <Button icon={<LogoutOutlined />} onClick={async () => { await deconnecter(); naviguer('/login'); }}>Déconnexion</Button>
        </Space>
      </AntLayout.Header>
      <AntLayout.Content className="contenu">
        <Outlet />
      </AntLayout.Content>
      <AntLayout.Footer className="pied-de-page">
        © {new Date().getFullYear()}{departement ? ` · ${departement}` : ''} · version {APP_VERSION}
      </AntLayout.Footer>
    </AntLayout>
  );
}
