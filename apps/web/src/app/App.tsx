import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { cheminDeBase } from '../lib/base';
import { configurerHttp, ErreurHttp } from '../lib/http';
import { brancherConfirmation } from '../lib/confirmation';
import { brancherNotifications } from '../lib/notifications';
import { FournisseurAuthentification, useAuthentification } from './auth';
import { ROUTES } from './routes';

function creerClient() {
  return new QueryClient({
    defaultOptions: {
      // a refused call is not retried: 4xx answers will not change by asking again
      queries: { retry: (n, e) => !(e instanceof ErreurHttp && e.status >= 400 && e.status < 500) && n < 2, refetchOnWindowFocus: false },
    },
  });
}

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

export function App({ client = creerClient() }: { client?: QueryClient }) {
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
