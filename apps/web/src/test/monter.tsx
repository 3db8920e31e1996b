import { ROLES, type Role } from '@debarras/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import frFR from 'antd/es/locale/fr_FR';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ZoneRetours } from '../components/ZoneRetours';
import { creerClientRequetes } from '../lib/requetes';
import { ContexteSession, sessionDe } from '../lib/session';
import { utilisateurDeTest } from './serveur';

/**
 * Mounts screens alone, without the app shell (menus, sign-in, title): the app's query client with
 * its error handler, antd in French, a signed-in role, and a router at `chemin`.
 */
export function monterPage(routes: RouteObject[], chemin: string, role: Role = ROLES.GESTION) {
  const routeur = createMemoryRouter(routes, { initialEntries: [chemin] });
  render(
    <ConfigProvider locale={frFR}>
      <ZoneRetours>
        <QueryClientProvider client={creerClientRequetes()}>
          <ContexteSession.Provider value={sessionDe(utilisateurDeTest(role))}>
            <RouterProvider router={routeur} />
          </ContexteSession.Provider>
        </QueryClientProvider>
      </ZoneRetours>
    </ConfigProvider>,
  );
  return routeur;
}
