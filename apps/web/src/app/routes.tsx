import type { Permission } from '@debarras/domain';
import { Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ChargementEcran } from './ChargementEcran';
import { differe } from '../lib/differe';
import { Garde } from './Gardes';
import { MiseEnPage } from './MiseEnPage';
import { AccueilPage } from './pages/AccueilPage';
import { DeconnexionPage } from './pages/DeconnexionPage';

/** The header and menu stay while a screen's code arrives. */
const enChargement = (page: ReactNode) => <Suspense fallback={<ChargementEcran />}>{page}</Suspense>;

const AdresseExceptionCopiePage = differe(() => import('../features/adresseException/CopiePage'), 'AdresseExceptionCopiePage');
const AdresseExceptionDetailPage = differe(() => import('../features/adresseException/DetailPage'), 'AdresseExceptionDetailPage');
const AdresseExceptionCartePage = differe(() => import('../features/carteExceptions/CartePage'), 'AdresseExceptionCartePage');
const AdresseExceptionListePage = differe(() => import('../features/adresseException/ListePage'), 'AdresseExceptionListePage');
const DebarrasCartographiePage = differe(() => import('../features/carteExceptions/CartographiePage'), 'DebarrasCartographiePage');
const DebarrasDetailPage = differe(() => import('../features/debarras/DetailPage'), 'DebarrasDetailPage');
const DebarrasListePage = differe(() => import('../features/debarras/ListePage'), 'DebarrasListePage');
const DestinataireDetailPage = differe(() => import('../features/destinataire/DetailPage'), 'DestinataireDetailPage');
const DestinataireListePage = differe(() => import('../features/destinataire/ListePage'), 'DestinataireListePage');
const LogEvenementListePage = differe(() => import('../features/logEvenement/ListePage'), 'LogEvenementListePage');
const LeveeDetailPage = differe(() => import('../features/levee/DetailPage'), 'LeveeDetailPage');
const CapacitesPage = differe(() => import('../features/levee/CapacitesPage'), 'CapacitesPage');
const LeveeListePage = differe(() => import('../features/levee/ListePage'), 'LeveeListePage');
const ObjetDetailPage = differe(() => import('../features/objet/DetailPage'), 'ObjetDetailPage');
const ObjetListePage = differe(() => import('../features/objet/ListePage'), 'ObjetListePage');
const ParametreDetailPage = differe(() => import('../features/parametre/DetailPage'), 'ParametreDetailPage');
const ParametreListePage = differe(() => import('../features/parametre/ListePage'), 'ParametreListePage');
const RecurrenceDetailPage = differe(() => import('../features/recurrence/DetailPage'), 'RecurrenceDetailPage');
const RecurrenceListePage = differe(() => import('../features/recurrence/ListePage'), 'RecurrenceListePage');
const ReplanificationPage = differe(() => import('../features/replanification/ReplanificationPage'), 'ReplanificationPage');
const StatistiquesPage = differe(() => import('../features/statistiques/StatistiquesPage'), 'StatistiquesPage');
const SignalementsPage = differe(() => import('../features/replanification/SignalementsPage'), 'SignalementsPage');
const ReservationListePage = differe(() => import('../features/reservation/ListePage'), 'ReservationListePage');
const SecteurDetailPage = differe(() => import('../features/secteur/DetailPage'), 'SecteurDetailPage');
const SecteurListePage = differe(() => import('../features/secteur/ListePage'), 'SecteurListePage');
const TachesPage = differe(() => import('../features/tache/TachesPage'), 'TachesPage');
const ConnexionPage = differe(() => import('./pages/ConnexionPage'), 'ConnexionPage');
const PageIntrouvable = differe(() => import('./pages/PagesErreur'), 'PageIntrouvable');
const PageNonAutorisee = differe(() => import('./pages/PagesErreur'), 'PageNonAutorisee');

/** The screens behind sign-in, each with the permission of the role matrix it needs. */
const ECRANS: Array<{ chemin: string; permission?: Permission; page: ReactNode }> = [
  { chemin: 'accueil', page: <AccueilPage /> },
  { chemin: 'debarrasListe', permission: 'consulter', page: <DebarrasListePage /> },
  { chemin: 'debarrasDetail/:id?', permission: 'consulter', page: <DebarrasDetailPage /> },
  { chemin: 'aReplanifier', permission: 'consulter', page: <ReplanificationPage /> },
  { chemin: 'signalements', permission: 'consulter', page: <SignalementsPage /> },
  { chemin: 'RecurrenceListe', permission: 'gererRecurrences', page: <RecurrenceListePage /> },
  { chemin: 'RecurrenceDetail/:id?', permission: 'gererRecurrences', page: <RecurrenceDetailPage /> },
  { chemin: 'leveeListe', permission: 'consulter', page: <LeveeListePage /> },
  { chemin: 'capacites', permission: 'consulter', page: <CapacitesPage /> },
  { chemin: 'statistiques', permission: 'consulterStatistiques', page: <StatistiquesPage /> },
  { chemin: 'leveeDetail/:id?', permission: 'consulter', page: <LeveeDetailPage /> },
  { chemin: 'adresseExceptionListe', permission: 'gererExceptions', page: <AdresseExceptionListePage /> },
  { chemin: 'adresseExceptionCarte', permission: 'consulterCarteExceptions', page: <AdresseExceptionCartePage /> },
  { chemin: 'adresseExceptionDetail/:id?', permission: 'gererExceptions', page: <AdresseExceptionDetailPage /> },
  { chemin: 'adresseExceptionCopie/:id?', permission: 'gererExceptions', page: <AdresseExceptionCopiePage /> },
  {
    chemin: 'DebarrasCartographie/:idpAdr?/:dateLevee?',
    permission: 'consulterCarteExceptions',
    page: <DebarrasCartographiePage />,
  },
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
  { chemin: 'tachesPlanifiees', permission: 'gererTaches', page: <TachesPage /> },
];

// Client routes match case-insensitively (React Router's default): both /DebarrasListe and
// /debarrasListe are in use (docs/regles.md « Connexion, menus et pages d'erreur »).
export const ROUTES: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '/login', element: enChargement(<ConnexionPage />) },
  { path: '/deconnexion', element: <DeconnexionPage /> },
  { path: '/404', element: enChargement(<PageIntrouvable />) },
  { path: '/403', element: enChargement(<PageNonAutorisee />) },
  {
    element: (
      <Garde>
        <MiseEnPage />
      </Garde>
    ),
    children: ECRANS.map((e) => ({ path: e.chemin, element: <Garde permission={e.permission}>{enChargement(e.page)}</Garde> })),
  },
  { path: '*', element: <Navigate to="/404" replace /> },
];
