import type { ReactElement } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import type { Space } from '@/lib/auth/roles';
import type { ModuleRoute, RouteGuard, RouteHandle } from '@/lib/feature-module';
import {
  AccessGuard,
  FinanceGuard,
  FinanceOrPresidentGuard,
  GuestGuard,
  PresidentGuard,
  SyndicGuard,
} from './guards/guards';
import { SessionGate } from './guards/session-gate';
import { modules } from './modules';
import { paths } from './paths';
import { RouteErrorPage } from './route-error-page';
import { ScrollToTop } from './scroll-to-top';

/**
 * The route tree (spec 1 §2, spec 3 §2). The frame's pages are listed here; each space's pages
 * come from the feature modules (app/modules.ts), placed under the space's guard and layout.
 * Pages and layouts are loaded lazily, so that each space and each page is its own chunk. Guarded
 * areas sit under SessionGate, which waits for GET /api/auth/status; public pages (legal,
 * language) do not need the session. An unknown path does: a signed-in user sees the 404 inside
 * the app layout, a visitor the standalone page.
 */

const syndicHandle: RouteHandle = { crumb: (t) => t('common:spaces.syndic') };
const coproprietaireHandle: RouteHandle = { crumb: (t) => t('common:spaces.coproprietaire') };

/** An unknown path shown inside the app layout (a space's, or the frame's for a signed-in user). */
const notFoundInLayout: RouteObject = {
  path: '*',
  handle: { crumb: (t) => t('pages:notFound.crumb') } satisfies RouteHandle,
  lazy: async () => ({ Component: (await import('@/features/pages/not-found-page')).NotFoundInLayout }),
};

const GUARDS: Record<RouteGuard, ReactElement> = {
  president: <PresidentGuard />,
  finance: <FinanceGuard />,
  financeOrPresident: <FinanceOrPresidentGuard />,
};

/** A module's route as a router route: a guarded one sits under its guard's pathless layout route. */
export function toRouteObject({ guard, children, index, ...route }: ModuleRoute): RouteObject {
  const routeObject: RouteObject = index
    ? { ...route, index: true }
    : { ...route, ...(children && { children: children.map(toRouteObject) }) };
  return guard ? { element: GUARDS[guard], children: [routeObject] } : routeObject;
}

/** The routes every module adds to a space, in the order of the module list. */
function moduleRoutes(space: Space): RouteObject[] {
  return modules.flatMap((module) => module.routes?.[space] ?? []).map(toRouteObject);
}

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
                      ...moduleRoutes('syndic'),
                      notFoundInLayout,
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
                  ...moduleRoutes('coproprietaire'),
                  notFoundInLayout,
                ],
              },
            ],
          },
          {
            // Any other path: inside the layout for a signed-in user, standalone otherwise.
            lazy: async () => ({ Component: (await import('./not-found-frame')).NotFoundFrame }),
            children: [notFoundInLayout],
          },
        ],
      },
    ],
  },
];
