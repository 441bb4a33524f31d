import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/api/types';
import { readCookie } from '@/lib/cookies';
import { apiError, authStatus, installFakeServer, json, makeUser } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';

const president = makeUser({ nom: 'Leila Ben Salah', is_syndic: true, is_president: true, is_finance: true });
const tresorier = makeUser({ nom: 'Mourad Jaziri', is_syndic: true, is_finance: true });
const membre = makeUser({ nom: 'Hela Mansour', is_syndic: true });
const coowner = makeUser({ nom: 'Karim Trabelsi' });

function signedInAs(user: User, extra: Parameters<typeof installFakeServer>[0] = {}) {
  return installFakeServer({ 'GET /api/auth/status': authStatus(user), ...extra });
}

function setViewportMobile(mobile: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: mobile,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => {
  document.documentElement.lang = 'fr';
  document.documentElement.dir = 'ltr';
});

describe('sidebar header: name and role label', () => {
  it.each([
    ['the president', president, 'Président'],
    ['the treasurer', tresorier, 'Trésorier'],
    ['a council member', membre, 'Membre du conseil'],
  ])('shows %s with the role label in the syndic space', async (_who, user, label) => {
    signedInAs(user);
    renderRoute('/syndic/tableau-de-bord');
    expect(await screen.findByTestId('sidebar-user-name')).toHaveTextContent(user.nom);
    expect(screen.getByTestId('sidebar-role')).toHaveTextContent(label);
  });

  it('shows Propriétaire in the co-owner space, council members included', async () => {
    signedInAs(president);
    renderRoute('/coproprietaire/tableau-de-bord');
    expect(await screen.findByTestId('sidebar-role')).toHaveTextContent('Propriétaire');
  });
});

describe('space switcher', () => {
  it('lets a council member go to the co-owner space and back', async () => {
    const user = userEvent.setup();
    signedInAs(president);
    const { router } = renderRoute('/syndic/tableau-de-bord');
    await user.click(await screen.findByTestId('space-switcher'));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Espace copropriétaire' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coproprietaire/tableau-de-bord'));
    await waitFor(() => expect(screen.getByTestId('sidebar-role')).toHaveTextContent('Propriétaire'));
    await user.click(screen.getByTestId('space-switcher'));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Espace syndic' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/tableau-de-bord'));
    await waitFor(() => expect(screen.getByTestId('sidebar-role')).toHaveTextContent('Président'));
  });

  it('is not offered to a co-owner', async () => {
    signedInAs(coowner);
    renderRoute('/coproprietaire/tableau-de-bord');
    expect(await screen.findByTestId('sidebar-user-name')).toHaveTextContent('Karim Trabelsi');
    expect(screen.queryByTestId('space-switcher')).not.toBeInTheDocument();
  });
});

describe('collapsible sidebar', () => {
  it('collapses to icons, remembers it in the sidebar_state cookie and toggles with Ctrl+B', async () => {
    const user = userEvent.setup();
    signedInAs(membre);
    renderRoute('/syndic/tableau-de-bord');
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(sidebar.style.width).toBe('var(--sidebar-width)');

    await user.click(screen.getByTestId('sidebar-toggle'));
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(sidebar.style.width).toBe('var(--sidebar-width-icon)');
    expect(readCookie('sidebar_state')).toBe('false');

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    fireEvent.keyDown(window, { key: 'B', metaKey: true });
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    signedInAs(membre);
    renderRoute('/syndic/tableau-de-bord');
    expect(await screen.findByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  });

  it('sets the widths of the spec on the layout', async () => {
    signedInAs(membre);
    renderRoute('/syndic/tableau-de-bord');
    const wrapper = (await screen.findByTestId('sidebar')).closest<HTMLElement>('[data-sidebar-state]');
    expect(wrapper?.style.getPropertyValue('--sidebar-width')).toBe('16.5rem');
    expect(wrapper?.style.getPropertyValue('--sidebar-width-mobile')).toBe('18rem');
    expect(wrapper?.style.getPropertyValue('--sidebar-width-icon')).toBe('3rem');
  });

  it('is a drawer on mobile that closes when a link is followed', async () => {
    setViewportMobile(true);
    const user = userEvent.setup();
    signedInAs(membre);
    renderRoute('/syndic/tableau-de-bord');
    await user.click(await screen.findByTestId('sidebar-toggle'));
    const drawer = await screen.findByTestId('sidebar-mobile');
    await user.click(within(drawer).getByTestId('nav-tableau-de-bord'));
    await waitFor(() => expect(screen.queryByTestId('sidebar-mobile')).not.toBeInTheDocument());
  });
});

describe('header', () => {
  it('shows breadcrumbs from the route', async () => {
    signedInAs(membre);
    renderRoute('/syndic/tableau-de-bord');
    const crumbs = await screen.findByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(crumbs).getByRole('link', { name: 'Espace syndic' })).toHaveAttribute('href', '/syndic');
    expect(within(crumbs).getByText('Tableau de bord')).toHaveAttribute('aria-current', 'page');
  });

  it('opens an empty notification list', async () => {
    const user = userEvent.setup();
    signedInAs(coowner, { 'GET /api/notifications': () => json(200, { success: true, data: [] }) });
    renderRoute('/coproprietaire/tableau-de-bord');
    await user.click(await screen.findByTestId('notification-bell'));
    expect(await screen.findByText('Aucune notification pour le moment.')).toBeInTheDocument();
    expect(screen.getByTestId('notification-list')).toHaveClass('max-h-[300px]');
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
  });

  it('switches to Arabic: right-to-left document, Arabic texts, choice remembered', async () => {
    const user = userEvent.setup();
    signedInAs(coowner);
    renderRoute('/coproprietaire/tableau-de-bord');
    await user.click(await screen.findByTestId('language-ar'));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(window.localStorage.getItem('daftar.language')).toBe('ar');
    expect(await screen.findByTestId('sidebar-role')).toHaveTextContent('مالك');
    await user.click(screen.getByTestId('language-fr'));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(screen.getByTestId('sidebar-role')).toHaveTextContent('Propriétaire');
  });

  it('links the profile menu to the account settings', async () => {
    const user = userEvent.setup();
    signedInAs(coowner);
    renderRoute('/coproprietaire/tableau-de-bord');
    await user.click(await screen.findByTestId('profile-menu'));
    expect(await screen.findByRole('menuitem', { name: 'Paramètres du compte' })).toHaveAttribute(
      'href',
      '/coproprietaire/parametres',
    );
  });
});

describe('logout', () => {
  it('posts /logout, forgets the session and goes to /login', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const server = installFakeServer({
      'GET /api/auth/status': (request) => authStatus(signedIn ? coowner : null)(request),
      'POST /logout': () => {
        signedIn = false;
        return json(200, { success: true });
      },
    });
    const { router, store } = renderRoute('/coproprietaire/tableau-de-bord');
    await user.click(await screen.findByTestId('profile-menu'));
    await user.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.calls('POST', '/logout')).toHaveLength(1);
    expect(store.getState().auth.user).toBeNull();
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('stays signed in and shows "Déconnexion échouée" with the server message when it fails', async () => {
    const user = userEvent.setup();
    signedInAs(coowner, { 'POST /logout': () => apiError(500, 'internal_error', 'Service indisponible.') });
    const { router } = renderRoute('/coproprietaire/tableau-de-bord');
    await user.click(await screen.findByTestId('profile-menu'));
    await user.click(await screen.findByTestId('logout'));
    expect(await screen.findByText('Déconnexion échouée')).toBeInTheDocument();
    expect(screen.getByText('Service indisponible.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/coproprietaire/tableau-de-bord');
  });

  it('says the connection was lost when the server cannot be reached', async () => {
    const user = userEvent.setup();
    signedInAs(coowner, {
      'POST /logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderRoute('/coproprietaire/tableau-de-bord');
    await user.click(await screen.findByTestId('profile-menu'));
    await user.click(await screen.findByTestId('logout'));
    expect(await screen.findByText('Connexion perdue.')).toBeInTheDocument();
  });
});

describe('session lost while using the app', () => {
  it('goes to /inactive when any call reports the residence deactivated', async () => {
    signedInAs(coowner);
    const { router, store } = renderRoute('/coproprietaire/tableau-de-bord');
    await screen.findByTestId('dashboard-user');
    const { accessRevoked } = await import('@/api/session-events');
    act(() => {
      store.dispatch(accessRevoked({ userInactive: false, residenceInactive: true }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/inactive'));
  });
});
