import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, authStatus, installFakeServer, json, makeUser } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { FinanceGuard } from './guards/guards';
import { AppProviders } from './providers';
import { makeStore } from './store';
import { initialAuthState } from '@/lib/auth/auth-slice';

const president = makeUser({ nom: 'Leila Ben Salah', is_syndic: true, is_president: true, is_finance: false });
const coowner = makeUser({ id: 4, nom: 'Karim Trabelsi', tel: '20000004' });

async function expectPath(router: { state: { location: { pathname: string } } }, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

describe('routes and guards, with the session from GET /api/auth/status', () => {
  it('redirects / to the co-owner dashboard', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(coowner) });
    const { router } = renderRoute('/');
    await expectPath(router, '/coproprietaire/tableau-de-bord');
    expect(await screen.findByTestId('dashboard-role')).toHaveTextContent('Propriétaire');
  });

  it('sends a signed-out visitor of the syndic area to /login', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(null) });
    const { router } = renderRoute('/syndic/tableau-de-bord');
    await expectPath(router, '/login');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor of the co-owner area to /login', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(null) });
    const { router } = renderRoute('/coproprietaire/tableau-de-bord');
    await expectPath(router, '/login');
  });

  it('sends a co-owner opening the syndic area to /unauthorized', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(coowner) });
    const { router } = renderRoute('/syndic/tableau-de-bord');
    await expectPath(router, '/unauthorized');
    expect(await screen.findByText('Accès non autorisé')).toBeInTheDocument();
  });

  it('lets a syndic in and redirects /syndic to its dashboard', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(president) });
    const { router } = renderRoute('/syndic');
    await expectPath(router, '/syndic/tableau-de-bord');
    expect(await screen.findByTestId('dashboard-role')).toHaveTextContent('Président');
    expect(screen.getByTestId('dashboard-residence')).toHaveTextContent('Résidence Les Jasmins');
  });

  it('redirects /coproprietaire to its dashboard', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(coowner) });
    const { router } = renderRoute('/coproprietaire');
    await expectPath(router, '/coproprietaire/tableau-de-bord');
  });

  it('sends a deactivated user to /inactive with the user message', async () => {
    installFakeServer({ 'GET /api/auth/status': () => apiError(403, 'user_inactive', 'user_inactive') });
    const { router } = renderRoute('/coproprietaire/tableau-de-bord');
    await expectPath(router, '/inactive');
    expect(await screen.findByTestId('inactive-reason')).toHaveTextContent('Votre compte a été désactivé.');
    expect(screen.getByText(/contacter le support/)).toBeInTheDocument();
  });

  it('sends the user of a deactivated residence from the syndic area to /inactive with the residence message', async () => {
    installFakeServer({ 'GET /api/auth/status': () => apiError(403, 'residence_inactive', 'residence_inactive') });
    const { router } = renderRoute('/syndic/tableau-de-bord');
    await expectPath(router, '/inactive');
    expect(await screen.findByTestId('inactive-reason')).toHaveTextContent(
      "L'accès de votre résidence a été désactivé.",
    );
  });

  it('shows the default message on /inactive when nothing is deactivated', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(null) });
    renderRoute('/inactive');
    expect(await screen.findByTestId('inactive-reason')).toHaveTextContent(
      'Votre accès est momentanément indisponible.',
    );
    expect(screen.getByText(/contacter le support/)).toBeInTheDocument();
  });

  it('sends a user whose registration is not finalized to /informations-generales', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(makeUser({ is_registration_finalized: false })) });
    const { router } = renderRoute('/coproprietaire/tableau-de-bord');
    await expectPath(router, '/informations-generales');
    expect(await screen.findByText('Finalisez votre inscription')).toBeInTheDocument();
  });

  it('sends a council member whose registration is not finalized to /informations-generales too', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(makeUser({ is_syndic: true, is_registration_finalized: false })),
    });
    const { router } = renderRoute('/syndic/tableau-de-bord');
    await expectPath(router, '/informations-generales');
  });

  it('sends a finalized user opening /informations-generales to the co-owner dashboard', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(coowner) });
    const { router } = renderRoute('/informations-generales');
    await expectPath(router, '/coproprietaire/tableau-de-bord');
  });

  it('sends a signed-in syndic opening /login to the syndic dashboard', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(president) });
    const { router } = renderRoute('/login');
    await expectPath(router, '/syndic/tableau-de-bord');
  });

  it('sends a signed-in co-owner opening /login to the co-owner dashboard', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(coowner) });
    const { router } = renderRoute('/login');
    await expectPath(router, '/coproprietaire/tableau-de-bord');
  });

  it('shows a signed-out visitor of an unknown path the standalone not-found page, with the way to /login', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(null) });
    renderRoute('/nulle-part/ailleurs');
    expect(await screen.findByRole('heading', { name: '404 - Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller à la connexion' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('sidebar-toggle')).not.toBeInTheDocument();
  });

  it('shows a signed-in user an unknown path inside the layout of their space, with a way back', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(president) });
    renderRoute('/nulle-part/ailleurs');
    expect(await screen.findByRole('heading', { name: '404 - Not Found' })).toBeInTheDocument();
    expect(screen.getByTestId('sidebar-toggle')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/syndic/tableau-de-bord');
    // Opened directly: there is no previous page in the app to go back to.
    expect(screen.queryByRole('button', { name: 'Page précédente' })).not.toBeInTheDocument();
  });

  it('shows the unknown paths of a space as not found, inside the layout', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(coowner) });
    const { router } = renderRoute('/coproprietaire/tableau-de-bord');
    await screen.findByTestId('dashboard-user');
    await router.navigate('/coproprietaire/nulle-part');
    expect(await screen.findByRole('heading', { name: '404 - Not Found' })).toBeInTheDocument();
    expect(screen.getByTestId('sidebar-toggle')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute(
      'href',
      '/coproprietaire/tableau-de-bord',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page précédente' }));
    await expectPath(router, '/coproprietaire/tableau-de-bord');
  });

  it('serves the public pages to signed-out visitors', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(null) });
    renderRoute('/conditions-utilisation');
    expect(await screen.findByRole('heading', { name: "Conditions d'utilisation" })).toBeInTheDocument();
  });

  it('shows the generic error with a retry when the session cannot be checked', async () => {
    let attempts = 0;
    installFakeServer({
      'GET /api/auth/status': () => {
        attempts += 1;
        return attempts === 1
          ? json(500, { success: false, code: 'internal_error', message: 'boom' })
          : json(200, { success: true, user: coowner });
      },
    });
    const { router } = renderRoute('/coproprietaire/tableau-de-bord');
    expect(await screen.findByRole('heading', { name: 'Une erreur est survenue.' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('dashboard-user')).toHaveTextContent('Karim Trabelsi');
    expect(router.state.location.pathname).toBe('/coproprietaire/tableau-de-bord');
  });
});

describe('finance guard on a route', () => {
  function renderFinanceRoute(user: ReturnType<typeof makeUser> | null) {
    const store = makeStore({ auth: { ...initialAuthState, checked: true, user } });
    const router = createMemoryRouter(
      [
        { path: '/login', element: <p>login</p> },
        { path: '/unauthorized', element: <p>unauthorized</p> },
        { element: <FinanceGuard />, children: [{ path: '/cloture', element: <p>cloture</p> }] },
      ],
      { initialEntries: ['/cloture'] },
    );
    render(
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    return router;
  }

  it('sends a signed-out visitor to /login', async () => {
    const router = renderFinanceRoute(null);
    await expectPath(router, '/login');
  });

  it('sends a council member without the finance flag to /unauthorized', async () => {
    const router = renderFinanceRoute(makeUser({ is_syndic: true }));
    await expectPath(router, '/unauthorized');
  });

  it('lets the treasurer in', async () => {
    renderFinanceRoute(makeUser({ is_syndic: true, is_finance: true }));
    expect(await screen.findByText('cloture')).toBeInTheDocument();
  });
});
