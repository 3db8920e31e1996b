import type { Permission } from '@debarras/domain';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { DebarrasDetailPage } from '../features/debarras/DetailPage';
import { DebarrasListePage } from '../features/debarras/ListPage';
import { DestinataireDetailPage } from '../features/destinataire/DetailPage';
import { DestinataireListePage } from '../features/destinataire/ListPage';
import { LogEvenementListePage } from '../features/logEvenement/ListPage';
import { LeveeDetailPage } from '../features/levee/DetailPage';
import { LeveeListePage } from '../features/levee/ListPage';
import { ObjetDetailPage } from '../features/objet/DetailPage';
import { ObjetListePage } from '../features/objet/ListPage';
import { ParametreDetailPage } from '../features/parametre/DetailPage';
import { ParametreListePage } from '../features/parametre/ListPage';
import { ReservationListePage } from '../features/reservation/ListPage';
import { SecteurDetailPage } from '../features/secteur/DetailPage';
import { SecteurListePage } from '../features/secteur/ListPage';
import { Garde } from './Gardes';
import { Layout } from './Layout';
import { AccueilPage } from './pages/AccueilPage';
import { LoginPage } from './pages/LoginPage';
import { PageIntrouvable, PageNonAutorisee } from './pages/PagesErreur';

/** The screens behind sign-in, each with the permission of the role matrix it needs. */
const ECRANS: Array<{ chemin: string; permission?: Permission; page: ReactNode }> = [
  { chemin: 'accueil', page: <AccueilPage /> },
  { chemin: 'debarrasListe', permission: 'consulter', page: <DebarrasListePage /> },
  { chemin: 'debarrasDetail/:id?', permission: 'consulter', page: <DebarrasDetailPage /> },
  { chemin: 'leveeListe', permission: 'consulter', page: <LeveeListePage /> },
  { chemin: 'leveeDetail/:id?', permission: 'consulter', page: <LeveeDetailPage /> },
  { chemin: 'objetListe', permission: 'administrer', page: <ObjetListePage /> },
  { chemin: 'objetDetail/:id?', permission: 'administrer', page: <ObjetDetailPage /> },
  { chemin: 'secteurListe', permission: 'administrer', page: <SecteurListePage /> },
  { chemin: 'secteurDetail/:id?', permission: 'administrer', page: <SecteurDetailPage /> },
  { chemin: 'destinataireListe', permission: 'administrer', page: <DestinataireListePage /> },
  { chemin: 'destinataireDetail/:id?', permission: 'administrer', page: <DestinataireDetailPage /> },
  { chemin: 'logEvenementListe', permission: 'administrer', page: <LogEvenementListePage /> },
  { chemin: 'reservationListe', permission: 'administrer', page: <ReservationListePage /> },
  { chemin: 'parametreListe', permission: 'gererParametres', page: <ParametreListePage /> },
  { chemin: 'parametreDetail/:id?', permission: 'gererParametres', page: <ParametreDetailPage /> },
];

// Client routes match case-insensitively (React Router's default): both /DebarrasListe and
// /debarrasListe are in use (docs/regles.md « Connexion, menus et pages d'erreur »).
export const ROUTES: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/404', element: <PageIntrouvable /> },
  { path: '/403', element: <PageNonAutorisee /> },
  {
    element: (
      <Garde>
        <Layout />
      </Garde>
    ),
    children: ECRANS.map((e) => ({ path: e.chemin, element: <Garde permission={e.permission}>{e.page}</Garde> })),
  },
  { path: '*', element: <Navigate to="/404" replace /> },
];
