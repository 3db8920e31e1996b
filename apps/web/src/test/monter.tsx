import { ROLES, type Role } from '@debarras/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import { useEffect, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { brancherConfirmation } from '../lib/confirmation';
import { brancherNotifications, CONFIG_NOTIFICATIONS } from '../lib/notifications';
import { creerClientRequetes } from '../lib/requetes';
import { ContexteSession, sessionDe } from '../lib/session';
import { utilisateurDeTest } from './serveur';

/** The notification area and the confirmation dialog, as the app shell wires them. */
function Branchements({ children }: { children: ReactNode }) {
  const { notification, modal } = AntApp.useApp();
  useEffect(() => {
    brancherNotifications(notification);
    brancherConfirmation(modal);
  }, [notification, modal]);
  return children;
}

/**
 * Mounts screens alone, without the app shell (menus, sign-in, title): the app's query client with
 * its error handler, antd in French, a signed-in role, and a router at `chemin`.
 */
export function monterPage(routes: RouteObject[], chemin: string, role: Role = ROLES.GESTION) {
  const routeur = createMemoryRouter(routes, { initialEntries: [chemin] });
  render(
    <ConfigProvider locale={frFR}>
      <AntApp notification={CONFIG_NOTIFICATIONS}>
        <QueryClientProvider client={creerClientRequetes()}>
          <ContexteSession.Provider value={sessionDe(utilisateurDeTest(role))}>
            <Branchements>
              <RouterProvider router={routeur} />
            </Branchements>
          </ContexteSession.Provider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return routeur;
}
