import type { Permission } from '@debarras/domain';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ParametreDetailPage } from '../features/parametre/DetailPage';
import { ParametreListePage } from '../features/parametre/ListPage';
import { Garde } from './Gardes';
import { Layout } from './Layout';
import { AccueilPage } from './pages/AccueilPage';
import { LoginPage } from './pages/LoginPage';
import { PageIntrouvable, PageNonAutorisee } from './pages/PagesErreur';

/** The screens behind sign-in, each with the permission of the role matrix it needs. */
const ECRANS: Array<{ chemin: string; permission?: Permission; page: ReactNode }> = [
  { chemin: 'accueil', page: <AccueilPage /> },
  { chemin: 'parametreListe', permission: 'gererParametres', page: <ParametreListePage /> },
  { chemin: 'parametreDetail/:id?', permission: 'gererParametres', page: <ParametreDetailPage /> },
];

// Client routes match case-insensitively (React Router's default): the spec writes both
// /DebarrasListe and /debarrasListe.
export const ROUTES: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/404', element: <PageIntrouvable /> },
  { path: '/403', element: <PageNonAutorisee /> },
  {
    element: <Garde><Layout /></Garde>,
    children: ECRANS.map((e) => ({ path: e.chemin, element: <Garde permission={e.permission}>{e.page}</Garde> })),
  },
  { path: '*', element: <Navigate to="/404" replace /> },
];
