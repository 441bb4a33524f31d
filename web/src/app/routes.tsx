import { Navigate, Outlet, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { AccessGuard, GuestGuard, PresidentGuard, SyndicGuard } from './guards/guards';
import { SessionGate } from './guards/session-gate';
import type { RouteHandle } from './layout/route-handle';
import { paths } from './paths';
import { RouteErrorPage } from './route-error-page';

/**
 * The route tree (spec 1 §2, spec 3 §2). Pages and layouts are loaded lazily, so that each space
 * and each module is its own chunk. Guarded areas sit under SessionGate, which waits for
 * GET /api/auth/status; public pages (legal, language, 404) do not need the session.
 */

const syndicHandle: RouteHandle = { crumb: (t) => t('common:spaces.syndic') };
const coproprietaireHandle: RouteHandle = { crumb: (t) => t('common:spaces.coproprietaire') };
const tableauDeBordHandle: RouteHandle = { crumb: (t) => t('layout:nav.tableauDeBord') };
const proprietesHandle: RouteHandle = { crumb: (t) => t('layout:nav.proprietes') };
const historiqueHandle: RouteHandle = { crumb: (t) => t('layout:crumbs.historique') };
const occupationCreerHandle: RouteHandle = { crumb: (t) => t('layout:crumbs.occupationCreer') };
const occupationModifierHandle: RouteHandle = { crumb: (t) => t('layout:crumbs.occupationModifier') };
const conseilHandle: RouteHandle = { crumb: (t) => t('layout:nav.conseil') };

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Outlet />,
    HydrateFallback: LoadingScreen,
    errorElement: <RouteErrorPage />,
    children: [
      { path: paths.home, element: <Navigate to={paths.coproprietaire.tableauDeBord} replace /> },
      {
        path: paths.politiqueConfidentialite,
        lazy: async () => ({ Component: (await import('@/features/pages/legal-pages')).PolitiqueConfidentialitePage }),
      },
      {
        path: paths.conditionsUtilisation,
        lazy: async () => ({ Component: (await import('@/features/pages/legal-pages')).ConditionsUtilisationPage }),
      },
      {
        path: paths.language,
        lazy: async () => ({ Component: (await import('@/features/pages/language-page')).LanguagePage }),
      },
      {
        path: paths.loading,
        lazy: async () => ({ Component: (await import('@/features/pages/loading-page')).LoadingPage }),
      },
      {
        element: <SessionGate />,
        children: [
          {
            element: <GuestGuard />,
            children: [
              {
                path: paths.login,
                lazy: async () => ({ Component: (await import('@/features/auth/login-page')).LoginPage }),
              },
            ],
          },
          {
            path: paths.inactive,
            lazy: async () => ({ Component: (await import('@/features/auth/inactive-page')).InactivePage }),
          },
          {
            path: paths.unauthorized,
            lazy: async () => ({ Component: (await import('@/features/pages/unauthorized-page')).UnauthorizedPage }),
          },
          {
            element: <AccessGuard />,
            children: [
              {
                path: paths.informationsGenerales,
                lazy: async () => {
                  const [{ InformationsGeneralesPage }, { LogoutButton }] = await Promise.all([
                    import('@/features/informations-generales/informations-generales-page'),
                    import('@/features/auth/logout-button'),
                  ]);
                  return { Component: () => <InformationsGeneralesPage actions={<LogoutButton />} /> };
                },
              },
              {
                path: paths.syndic.root,
                element: <SyndicGuard />,
                handle: syndicHandle,
                children: [
                  {
                    lazy: async () => ({ Component: (await import('./layout/app-layout')).SyndicLayout }),
                    children: [
                      { index: true, element: <Navigate to={paths.syndic.tableauDeBord} replace /> },
                      {
                        path: paths.syndic.tableauDeBord,
                        handle: tableauDeBordHandle,
                        lazy: async () => ({
                          Component: (await import('@/features/dashboard/syndic-dashboard-page')).SyndicDashboardPage,
                        }),
                      },
                      {
                        // Properties and occupancy (spec 2 §2): every council member reads them,
                        // only the president opens the occupation forms.
                        path: paths.syndic.proprietes,
                        handle: proprietesHandle,
                        children: [
                          {
                            index: true,
                            lazy: async () => ({
                              Component: (await import('@/features/proprietes/proprietes-page')).ProprietesPage,
                            }),
                          },
                          {
                            path: paths.syndic.historique,
                            handle: historiqueHandle,
                            children: [
                              {
                                index: true,
                                lazy: async () => ({
                                  Component: (await import('@/features/proprietes/historique-page')).HistoriquePage,
                                }),
                              },
                              {
                                element: <PresidentGuard />,
                                children: [
                                  {
                                    path: paths.syndic.occupationCreer,
                                    handle: occupationCreerHandle,
                                    lazy: async () => ({
                                      Component: (await import('@/features/proprietes/occupation-create-page'))
                                        .OccupationCreatePage,
                                    }),
                                  },
                                  {
                                    path: paths.syndic.occupationModifier,
                                    handle: occupationModifierHandle,
                                    lazy: async () => ({
                                      Component: (await import('@/features/proprietes/occupation-edit-page'))
                                        .OccupationEditPage,
                                    }),
                                  },
                                ],
                              },
                            ],
                          },
                        ],
                      },
                      {
                        // The council page is the president's (spec 2 §2 "Council").
                        element: <PresidentGuard />,
                        children: [
                          {
                            path: paths.syndic.conseil,
                            handle: conseilHandle,
                            lazy: async () => ({
                              Component: (await import('@/features/conseil/conseil-page')).ConseilPage,
                            }),
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
              {
                path: paths.coproprietaire.root,
                handle: coproprietaireHandle,
                lazy: async () => ({ Component: (await import('./layout/app-layout')).CoproprietaireLayout }),
                children: [
                  { index: true, element: <Navigate to={paths.coproprietaire.tableauDeBord} replace /> },
                  {
                    path: paths.coproprietaire.tableauDeBord,
                    handle: tableauDeBordHandle,
                    lazy: async () => ({
                      Component: (await import('@/features/dashboard/coproprietaire-dashboard-page'))
                        .CoproprietaireDashboardPage,
                    }),
                  },
                  {
                    path: paths.coproprietaire.conseil,
                    handle: conseilHandle,
                    lazy: async () => ({
                      Component: (await import('@/features/conseil/coproprietaire-conseil-page')).CoproprietaireConseilPage,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('@/features/pages/not-found-page')).NotFoundPage }),
      },
    ],
  },
];
