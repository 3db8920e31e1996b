import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { cheminDeBase } from '../lib/base';
import { configurerHttp } from '../lib/http';
import { creerClientRequetes } from '../lib/requetes';
import { brancherConfirmation } from '../lib/confirmation';
import { brancherNotifications } from '../lib/notifications';
import { FournisseurAuthentification, useAuthentification } from './auth';
import { ROUTES } from './routes';

/** Wires the notification area and the 401/403 behaviour to the app's router and session. */
function Routeur() {
  const { notification, modal } = AntApp.useApp();
  const { oublier } = useAuthentification();
  const [routeur] = useState(() => createBrowserRouter(ROUTES, { basename: cheminDeBase().replace(/\/$/, '') || '/' }));
  useEffect(() => {
    brancherNotifications(notification);
    brancherConfirmation(modal);
    configurerHttp({ rediriger: (vers) => routeur.navigate(vers), oublierUtilisateur: oublier });
  }, [notification, modal, oublier, routeur]);
  return <RouterProvider router={routeur} />;
}

export function App({ client = creerClientRequetes() }: { client?: QueryClient }) {
  return (
    <ConfigProvider locale={frFR} theme={{ token: { colorPrimary: '#1f6f43', borderRadius: 4 } }}>
      <AntApp>
        <QueryClientProvider client={client}>
          <FournisseurAuthentification>
            <Routeur />
          </FournisseurAuthentification>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
