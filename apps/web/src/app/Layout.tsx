import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { APP_VERSION, PARAMETRE_CLES } from '@debarras/domain';
import { Button, Layout as AntLayout, Menu, Space, type MenuRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useValeurParametre } from '../entites/parametre/api';
import { useSession } from '../lib/session';
import { DialogueDiffere, differe } from '../lib/differe';
import { menusVisibles, type ModaleMenu } from './menu';
import { TitreApplication } from './TitreApplication';

const MODALES = {
  feuillesDeRoute: differe(() => import('../features/levee/ModaleFeuillesDeRoute'), 'ModaleFeuillesDeRoute'),
  disponibiliteLevee: differe(() => import('../features/levee/ModaleDisponibilite'), 'ModaleDisponibilite'),
  leveeSupplementaire: differe(() => import('../features/levee/ModaleSupplementaire'), 'ModaleSupplementaire'),
} satisfies Record<ModaleMenu, unknown>;

/** Header (title, menu, user, 'Déconnexion'), the page, and the footer (year, department, version). */
export function Layout() {
  const { utilisateur, peut } = useSession();
  const naviguer = useNavigate();
  const { pathname } = useLocation();
  const { data: departement } = useValeurParametre(PARAMETRE_CLES.departement);
  const [modale, setModale] = useState<ModaleMenu>();
  // controlled, so that choosing an entry with the keyboard closes its submenu (it would stay open over a dialog)
  const [sousMenusOuverts, setSousMenusOuverts] = useState<string[]>([]);
  const menu = useRef<MenuRef>(null);
  const fermer = () => setModale(undefined);
  // the entry that opened the dialog is in a closed submenu (the menu's own focus() would aim at it): once the
  // dialog is gone, the keyboard's focus goes back to the menu bar, where the arrows lead on
  const modaleOuverte = modale !== undefined;
  const etaitOuverte = useRef(false);
  useEffect(() => {
    if (etaitOuverte.current && !modaleOuverte) menu.current?.menu?.list.focus({ preventScroll: true });
    etaitOuverte.current = modaleOuverte;
  }, [modaleOuverte]);

  const menus = menusVisibles(peut);
  const titres = new Set(menus.map((m) => m.titre));
  const elements = menus.map((m) => ({
    key: m.titre,
    label: m.titre,
    children: m.entrees.map((e) =>
      e.modale
        ? { key: `modale:${e.modale}`, label: e.libelle, onClick: () => setModale(e.modale) }
        : { key: e.chemin.toLowerCase(), label: <Link to={e.chemin}>{e.libelle}</Link> },
    ),
  }));

  return (
    <AntLayout className="mise-en-page">
      <AntLayout.Header className="entete">
        <Link to="/accueil" className="lien-titre">
          <TitreApplication />
        </Link>
        <Menu
          ref={menu}
          mode="horizontal"
          disabledOverflow
          items={elements}
          selectedKeys={[pathname.toLowerCase()]}
          openKeys={sousMenusOuverts}
          // Enter on an entry also asks to "open" the entry itself: only the menus' own keys may open
          onOpenChange={(cles) => setSousMenusOuverts(cles.every((c) => titres.has(c)) ? cles : [])}
          onClick={() => setSousMenusOuverts([])}
          className="menu-principal"
          aria-label="Menu principal"
        />
        <Space className="utilisateur">
          <UserOutlined />
          <strong>{utilisateur?.displayName}</strong>
          <Button icon={<LogoutOutlined />} onClick={() => naviguer('/deconnexion')}>
            Déconnexion
          </Button>
        </Space>
      </AntLayout.Header>
      <AntLayout.Content className="contenu">
        <Outlet />
        {Object.entries(MODALES).map(([m, Modale]) => (
          <DialogueDiffere key={m} ouvert={modale === m}>
            <Modale ouvert={modale === m} onFermer={fermer} />
          </DialogueDiffere>
        ))}
      </AntLayout.Content>
      <AntLayout.Footer className="pied-de-page">
        © {new Date().getFullYear()}
        {departement ? ` · ${departement}` : ''} · version {APP_VERSION}
      </AntLayout.Footer>
    </AntLayout>
  );
}
