import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import i18n from '@/i18n';

const president = makeUser({ nom: 'Leila Ben Salah', is_syndic: true, is_president: true });
const coowner = makeUser({ id: 4, nom: 'Karim Trabelsi', tel: '20000004' });

/** GET /sanctum/csrf-cookie: the real server sets the cookie with Set-Cookie; fetch mocks cannot. */
const csrfCookie: FakeHandler = () => {
  document.cookie = 'XSRF-TOKEN=tok%2Ben%3D%3D; path=/';
  return new Response(null, { status: 204 });
};

/** A server where /login accepts one account and the session follows it. */
function serverWithAccount(user = president, password = 'jasmin-2026-demo') {
  let signedIn: typeof user | null = null;
  return installFakeServer({
    'GET /api/auth/status': (request) => authStatus(signedIn)(request),
    'GET /sanctum/csrf-cookie': csrfCookie,
    'POST /login': async (request) => {
      const body = (await request.json()) as { tel: string; password: string };
      if (body.tel === user.tel && body.password === password) {
        signedIn = user;
        return json(200, { success: true, user });
      }
      return apiError(422, 'invalid_credentials', 'Identifiants invalides.');
    },
  });
}

async function fillAndSubmit(tel: string, password: string) {
  const user = userEvent.setup();
  const telInput = await screen.findByLabelText('Numéro de téléphone');
  if (tel) await user.type(telInput, tel);
  if (password) await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return user;
}

describe('login form validation', () => {
  it('requires the phone and the password', async () => {
    const server = serverWithAccount();
    renderRoute('/login');
    await fillAndSubmit('', '');
    expect(await screen.findByText('Le numéro de téléphone est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe est obligatoire.')).toBeInTheDocument();
    expect(server.calls('POST', '/login')).toHaveLength(0);
  });

  it('accepts digits only', async () => {
    serverWithAccount();
    renderRoute('/login');
    await fillAndSubmit('20 00 0001', 'x');
    expect(await screen.findByText('Le numéro ne doit contenir que des chiffres.')).toBeInTheDocument();
  });

  it('needs at least 6 and at most 15 digits', async () => {
    serverWithAccount();
    renderRoute('/login');
    const user = await fillAndSubmit('12345', 'x');
    expect(await screen.findByText('Le numéro doit contenir au moins 6 chiffres.')).toBeInTheDocument();
    const tel = screen.getByLabelText('Numéro de téléphone');
    await user.clear(tel);
    await user.type(tel, '1234567890123456');
    await user.tab();
    expect(await screen.findByText('Le numéro doit contenir au plus 15 chiffres.')).toBeInTheDocument();
    await user.clear(tel);
    await user.type(tel, '123456');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(/chiffres\./)).not.toBeInTheDocument());
  });

  it('marks the invalid field for assistive technology', async () => {
    serverWithAccount();
    renderRoute('/login');
    await fillAndSubmit('', 'secret');
    const tel = await screen.findByLabelText('Numéro de téléphone');
    await waitFor(() => expect(tel).toHaveAttribute('aria-invalid', 'true'));
    expect(tel).toHaveAccessibleDescription('Le numéro de téléphone est obligatoire.');
  });

  it('shows the validation messages in Arabic after a language switch', async () => {
    serverWithAccount();
    renderRoute('/login');
    await fillAndSubmit('', '');
    await screen.findByText('Le mot de passe est obligatoire.');
    await act(() => i18n.changeLanguage('ar'));
    expect(await screen.findByText('كلمة المرور إجبارية.')).toBeInTheDocument();
  });
});

describe('login with the server', () => {
  it('gets the CSRF cookie, posts the credentials with the token and lands a syndic on the syndic dashboard', async () => {
    const server = serverWithAccount();
    const { router } = renderRoute('/login');
    await fillAndSubmit('20000001', 'jasmin-2026-demo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/tableau-de-bord'));
    expect(await screen.findByTestId('sidebar-role')).toHaveTextContent('Président');

    const order = server.requests.map((r) => `${r.method} ${r.path}`);
    expect(order.indexOf('GET /sanctum/csrf-cookie')).toBeLessThan(order.indexOf('POST /login'));
    const [login] = server.calls('POST', '/login');
    expect(login?.headers.get('X-XSRF-TOKEN')).toBe('tok+en==');
    expect(JSON.parse(login?.body ?? '{}')).toEqual({ tel: '20000001', password: 'jasmin-2026-demo' });
  });

  it('lands a co-owner on the co-owner dashboard', async () => {
    serverWithAccount(coowner, 'motdepasse');
    const { router } = renderRoute('/login');
    await fillAndSubmit('20000004', 'motdepasse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/coproprietaire/tableau-de-bord'));
  });

  it('brings a visitor sent to sign in back to the page they asked for, with its query', async () => {
    serverWithAccount();
    const { router } = renderRoute('/syndic/administration/proprietes?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await fillAndSubmit('20000001', 'jasmin-2026-demo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/administration/proprietes'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it("does not send a co-owner back to the syndic's space they asked for: they land home", async () => {
    serverWithAccount(coowner, 'motdepasse');
    const { router } = renderRoute('/syndic/administration/proprietes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await fillAndSubmit('20000004', 'motdepasse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/coproprietaire/tableau-de-bord'));
  });

  it('shows "Identifiants invalides." for invalid_credentials', async () => {
    serverWithAccount();
    const { router } = renderRoute('/login');
    await fillAndSubmit('20000001', 'mauvais');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Identifiants invalides.');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the too_many_attempts message by its code', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(null),
      'GET /sanctum/csrf-cookie': csrfCookie,
      'POST /login': () => apiError(429, 'too_many_attempts', 'Too many attempts'),
    });
    renderRoute('/login');
    await fillAndSubmit('20000001', 'x');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Trop de tentatives. Réessayez plus tard.');
  });

  it('branches on the code, not on the status: an unknown code reads the general error', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(null),
      'GET /sanctum/csrf-cookie': csrfCookie,
      // 422 like invalid_credentials, but another code.
      'POST /login': () => apiError(422, 'something_else', 'Nope'),
    });
    renderRoute('/login');
    await fillAndSubmit('20000001', 'x');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Une erreur est survenue.');
  });

  it('reads the general error when the server cannot be reached', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(null),
      'GET /sanctum/csrf-cookie': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderRoute('/login');
    await fillAndSubmit('20000001', 'x');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Une erreur est survenue.');
  });

  it('shows the field messages of validation_failed under their fields', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(null),
      'GET /sanctum/csrf-cookie': csrfCookie,
      'POST /login': () =>
        apiError(422, 'validation_failed', 'Invalid', {
          tel: ['Numéro inconnu du serveur.'],
          password: ['Trop court.'],
        }),
    });
    renderRoute('/login');
    await fillAndSubmit('20000001', 'x');
    expect(await screen.findByText('Numéro inconnu du serveur.')).toBeInTheDocument();
    expect(screen.getByText('Trop court.')).toBeInTheDocument();
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
  });

  it('shows a field message by its code in the active language, and follows a language switch', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(null),
      'GET /sanctum/csrf-cookie': csrfCookie,
      'POST /login': () =>
        apiError(
          422,
          'validation_failed',
          'Invalid',
          { password: ['Le mot de passe est obligatoire.'] },
          { password: ['mot_de_passe_obligatoire'] },
        ),
    });
    await i18n.changeLanguage('ar');
    renderRoute('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('رقم الهاتف'), '20000001');
    await user.type(screen.getByLabelText('كلمة المرور'), 'x');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    expect(await screen.findByText('كلمة المرور إجبارية.')).toBeInTheDocument();
    expect(screen.queryByText('Le mot de passe est obligatoire.')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('fr'));
    expect(await screen.findByText('Le mot de passe est obligatoire.')).toBeInTheDocument();
  });

  it('shows the login errors in Arabic', async () => {
    serverWithAccount();
    await i18n.changeLanguage('ar');
    renderRoute('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('رقم الهاتف'), '20000001');
    await user.type(screen.getByLabelText('كلمة المرور'), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('بيانات الدخول غير صحيحة.');
  });
});
