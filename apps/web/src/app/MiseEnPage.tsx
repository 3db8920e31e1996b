import { LogoutOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { VERSION_APPLICATION, PARAMETRE_CLES, RECHERCHE_RAPIDE_LIBELLES } from '@debarras/domain';
import { Button, Layout, Menu, Space, type MenuRef } from 'antd';
import { Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useValeurParametre } from '../entites/parametre/api';
import { useCompteSignalements } from '../entites/signalement/api';
import { useSession } from '../lib/session';
import { DialogueDiffere, differe } from '../lib/differe';
import { menusVisibles, type EntreeMenu, type ModaleMenu } from './menu';
import { TitreApplication } from './TitreApplication';

const MODALES = {
  feuillesDeRoute: differe(() => import('../features/levee/ModaleFeuillesDeRoute'), 'ModaleFeuillesDeRoute'),
  disponibiliteLevee: differe(() => import('../features/levee/ModaleDisponibilite'), 'ModaleDisponibilite'),
  leveeSupplementaire: differe(() => import('../features/levee/ModaleSupplementaire'), 'ModaleSupplementaire'),
} satisfies Record<ModaleMenu, unknown>;

const chargerRecherche = () => import('../features/debarras/ModaleRechercheRapide');
const RechercheRapide = differe(chargerRecherche, 'ModaleRechercheRapide');

/** Where « / » is a character typed, not the quick search's shortcut. */
const saisieEnCours = (cible: EventTarget | null) =>
  cible instanceof HTMLElement && (cible.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(cible.tagName));

const LIEN_EVITEMENT = 'Aller au contenu';

/**
 * The page's first Tab stop, shown once focused: past the header, menu and toolbar, to a list's column headers
 * (their sorts and filters) or else to the page's content (docs/regles.md « Comportement général »).
 */
function allerAuContenu(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  const cible = document.querySelector<HTMLElement>('#contenu .tableau-liste thead button') ?? document.getElementById('contenu');
  cible?.focus();
}

/** antd keeps a closed dialog's wrapper in the page, hidden. */
const dialogueOuvert = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-wrap')).some((w) => w.style.display !== 'none');

/**
 * Ctrl+K (⌘K on a Mac) anywhere, or « / » outside a field, opens the quick search (docs/regles.md « Recherche
 * rapide »); not while another dialog is open, whose work it would cover.
 */
function useRaccourciRecherche(ouvrir: () => void, actif: boolean) {
  // Its code fetched once the screen has had time to show, and the dialog rendered (closed) then: opened, it shows at
  // once, where a dialog still to load would show only after React's 300 ms, the keys typed meanwhile going to the
  // field behind it.
  const [prete, setPrete] = useState(false);
  useEffect(() => {
    if (!actif) return;
    const attente = setTimeout(
      () =>
        void chargerRecherche()
          .then(() => setPrete(true))
          .catch(() => undefined),
      2_000,
    );
    return () => clearTimeout(attente);
  }, [actif]);
  useEffect(() => {
    if (!actif) return;
    const surTouche = (e: globalThis.KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';
      const barre = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !saisieEnCours(e.target);
      if (!ctrlK && !barre) return;
      if (dialogueOuvert()) return;
      e.preventDefault();
      ouvrir();
    };
    window.addEventListener('keydown', surTouche);
    return () => window.removeEventListener('keydown', surTouche);
  }, [ouvrir, actif]);
  return prete;
}

/** Header (title, menu, user, 'Déconnexion'), the page, and the footer (year, department, version). */
export function MiseEnPage() {
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

  const [recherche, setRecherche] = useState(false);
  const ouvrirRecherche = useCallback(() => setRecherche(true), []);
  const recherchePrete = useRaccourciRecherche(ouvrirRecherche, peut('consulter'));

  const menus = menusVisibles(peut);
  const { data: signalements } = useCompteSignalements(peut('consulter'));
  const libelle = (e: EntreeMenu) =>
    e.compte === 'signalements' && signalements?.ouverts ? `${e.libelle} (${signalements.ouverts})` : e.libelle;
  const titres = new Set(menus.map((m) => m.titre));
  const elements = menus.map((m) => ({
    key: m.titre,
    label: m.titre,
    children: m.entrees.map((e) =>
      e.modale
        ? { key: `modale:${e.modale}`, label: e.libelle, onClick: () => setModale(e.modale) }
        : { key: e.chemin.toLowerCase(), label: <Link to={e.chemin}>{libelle(e)}</Link> },
    ),
  }));

  return (
    <Layout className="mise-en-page">
      <a href="#contenu" className="lien-evitement" onClick={allerAuContenu}>
        {LIEN_EVITEMENT}
      </a>
      <Layout.Header className="entete">
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
        {peut('consulter') && (
          <Button
            icon={<SearchOutlined />}
            onClick={ouvrirRecherche}
            aria-keyshortcuts="Control+K /"
            title={`${RECHERCHE_RAPIDE_LIBELLES.titre} (${RECHERCHE_RAPIDE_LIBELLES.raccourci} ou /)`}
            className="bouton-recherche"
          >
            {RECHERCHE_RAPIDE_LIBELLES.bouton} <kbd>{RECHERCHE_RAPIDE_LIBELLES.raccourci}</kbd>
          </Button>
        )}
        <Space className="utilisateur">
          <UserOutlined />
          <strong>{utilisateur?.displayName}</strong>
          <Button icon={<LogoutOutlined />} onClick={() => naviguer('/deconnexion')}>
            Déconnexion
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content className="contenu" id="contenu" tabIndex={-1}>
        <Outlet />
        {(recherchePrete || recherche) && (
          <Suspense>
            <RechercheRapide ouvert={recherche} onFermer={() => setRecherche(false)} />
          </Suspense>
        )}
        {Object.entries(MODALES).map(([m, Modale]) => (
          <DialogueDiffere key={m} ouvert={modale === m}>
            <Modale ouvert={modale === m} onFermer={fermer} />
          </DialogueDiffere>
        ))}
      </Layout.Content>
      <Layout.Footer className="pied-de-page">
        © {new Date().getFullYear()}
        {departement ? ` · ${departement}` : ''} · version {VERSION_APPLICATION}
      </Layout.Footer>
    </Layout>
  );
}
