import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
// the ES module: `antd/locale/fr_FR` is CommonJS and brought a second copy of antd's locales into the first load
import frFR from 'antd/es/locale/fr_FR';
import { useEffect, useRef, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { cheminDeBase } from '../lib/base';
import { configurerHttp } from '../lib/http';
import { creerClientRequetes } from '../lib/requetes';
import { DialogueDiffere, differe } from '../lib/differe';
import { useSession } from '../lib/session';
import { ZoneRetours } from '../components/ZoneRetours';
import { FournisseurAuthentification, useAuthentification } from './authentification';
import { ROUTES } from './routes';

/** Fetched when a session first ends under a screen: the first load carries none of its form. */
const Reconnexion = differe(() => import('./Reconnexion'), 'Reconnexion');

/**
 * Wires the 401/403 behaviour to the app's router and session: a signed-in user whose session has ended signs in
 * again over the screen (`Reconnexion`), anyone else goes to the sign-in page.
 */
function Routeur() {
  const { oublier } = useAuthentification();
  const { utilisateur } = useSession();
  const [routeur] = useState(() => createBrowserRouter(ROUTES, { basename: cheminDeBase().replace(/\/$/, '') || '/' }));
  // the user whose session ended under the screen, until signed in again
  const [expireePour, setExpireePour] = useState<string>();
  const connecte = useRef(utilisateur);
  useEffect(() => {
    connecte.current = utilisateur;
  }, [utilisateur]);
  useEffect(() => {
    configurerHttp({
      rediriger: (vers) => routeur.navigate(vers),
      oublierUtilisateur: oublier,
      sessionExpiree: () => {
        if (!connecte.current) return false;
        setExpireePour(connecte.current.username);
        return true;
      },
    });
  }, [oublier, routeur]);
  return (
    <>
      <RouterProvider router={routeur} />
      {utilisateur && (
        <DialogueDiffere ouvert={expireePour === utilisateur.username}>
          <Reconnexion
            username={utilisateur.username}
            ouverte={expireePour === utilisateur.username}
            onReconnecte={() => setExpireePour(undefined)}
            onChangerUtilisateur={() => {
              setExpireePour(undefined);
              void routeur.navigate('/deconnexion');
            }}
          />
        </DialogueDiffere>
      )}
    </>
  );
}

/**
 * The city's green; secondary texts, placeholders and links dark enough to read: antd's default greys and
 * blue fall short of WCAG AA contrast (docs/decisions.md « Accessibilité »).
 */
const THEME = {
  token: {
    colorPrimary: '#1f6f43',
    borderRadius: 4,
    colorTextSecondary: '#595959',
    colorTextDescription: '#595959',
    // the labels of a Descriptions (the scheduled jobs' last run)
    colorTextTertiary: '#666666',
    colorTextPlaceholder: '#6e6e6e',
    colorLink: '#0958d9',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    // the darker green would otherwise also darken its pale background
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
  },
};

export function Application({ client = creerClientRequetes() }: { client?: QueryClient }) {
  return (
    <ConfigProvider locale={frFR} theme={THEME}>
      <ZoneRetours>
        <QueryClientProvider client={client}>
          <FournisseurAuthentification>
            <Routeur />
          </FournisseurAuthentification>
        </QueryClientProvider>
      </ZoneRetours>
    </ConfigProvider>
  );
}
