import { Navigate, Outlet, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { AccessGuard, FinanceGuard, GuestGuard, PresidentGuard, SyndicGuard } from './guards/guards';
import { SessionGate } from './guards/session-gate';
import type { RouteHandle } from './layout/route-handle';
import { paths } from './paths';
import { RouteErrorPage } from './route-error-page';
import { ScrollToTop } from './scroll-to-top';

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
const repartitionCotisationsHandle: RouteHandle = { crumb: (t) => t('layout:nav.repartitionCotisations') };
const cotisationsHandle: RouteHandle = { crumb: (t) => t('layout:nav.cotisations') };
const cotisationCreerHandle: RouteHandle = { crumb: (t) => t('layout:crumbs.cotisationCreer') };
const cotisationGererHandle: RouteHandle = { crumb: (t) => t('layout:crumbs.cotisationGerer') };
const cotisationModifierHandle: RouteHandle = { crumb: (t) => t('layout:crumbs.cotisationModifier') };
const encaissementHandle: RouteHandle = { crumb: (t) => t('layout:nav.encaissements') };
const historiquePaiementsHandle: RouteHandle = { crumb: (t) => t('layout:crumbs.historiquePaiements') };
const encaissementGererHandle: RouteHandle = { crumb: (t) => t('layout:crumbs.encaissementGerer') };

export const routes: RouteObject[] = [
  {
    id: 'root',
    // A new page opens at its top (a "Gérer" link low in a long table would otherwise open the
    // next page scrolled down).
    element: (
      <>
        <ScrollToTop />
        <Outlet />
      </>
    ),
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
                        // The allocation table: every council member reads it, the treasurer edits
                        // it on the page itself (spec 1 §2, spec 3 §2.12).
                        path: paths.syndic.repartitionCotisations,
                        handle: repartitionCotisationsHandle,
                        lazy: async () => ({
                          Component: (await import('@/features/cotisations/repartition-page')).RepartitionPage,
                        }),
                      },
                      {
                        // Cotisations (spec 1 §2 "Revenue screens"): every council member reads
                        // them, only the treasurer opens the forms.
                        path: paths.syndic.cotisations,
                        handle: cotisationsHandle,
                        children: [
                          {
                            index: true,
                            lazy: async () => ({
                              Component: (await import('@/features/cotisations/cotisations-page')).CotisationsPage,
                            }),
                          },
                          {
                            path: paths.syndic.cotisationGerer,
                            handle: cotisationGererHandle,
                            lazy: async () => ({
                              Component: (await import('@/features/cotisations/cotisation-details-page'))
                                .CotisationDetailsPage,
                            }),
                          },
                          {
                            element: <FinanceGuard />,
                            children: [
                              {
                                path: paths.syndic.cotisationCreer,
                                handle: cotisationCreerHandle,
                                lazy: async () => ({
                                  Component: (await import('@/features/cotisations/cotisation-create-page'))
                                    .CotisationCreatePage,
                                }),
                              },
                              {
                                path: paths.syndic.cotisationModifier,
                                handle: cotisationModifierHandle,
                                lazy: async () => ({
                                  Component: (await import('@/features/cotisations/cotisation-edit-page'))
                                    .CotisationEditPage,
                                }),
                              },
                            ],
                          },
                        ],
                      },
                      {
                        // Properties' balances, collections and payment histories (spec 1 §2).
                        path: paths.syndic.encaissement,
                        handle: encaissementHandle,
                        children: [
                          {
                            index: true,
                            lazy: async () => ({
                              Component: (await import('@/features/cotisations/encaissement-page')).EncaissementPage,
                            }),
                          },
                          {
                            path: paths.syndic.encaissementHistorique,
                            handle: historiquePaiementsHandle,
                            children: [
                              {
                                index: true,
                                lazy: async () => ({
                                  Component: (await import('@/features/cotisations/historique-paiements-page'))
                                    .HistoriquePaiementsPage,
                                }),
                              },
                              {
                                // Correcting or cancelling a payment is the treasurer's.
                                element: <FinanceGuard />,
                                children: [
                                  {
                                    path: paths.syndic.encaissementGerer,
                                    handle: encaissementGererHandle,
                                    lazy: async () => ({
                                      Component: (await import('@/features/cotisations/encaissement-edit-page'))
                                        .EncaissementEditPage,
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
                      Component: (await import('@/features/conseil/coproprietaire-conseil-page'))
                        .CoproprietaireConseilPage,
                    }),
                  },
                  {
                    path: paths.coproprietaire.cotisations,
                    handle: cotisationsHandle,
                    lazy: async () => ({
                      Component: (await import('@/features/cotisations/coproprietaire-cotisations-page'))
                        .CoproprietaireCotisationsPage,
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
