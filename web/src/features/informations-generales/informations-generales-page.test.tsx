import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { todayIso } from '@/lib/dates';
import { apiError, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { firstLoginSchema } from './first-login-schema';

type User = ReturnType<typeof userEvent.setup>;

const omar = makeUser({
  id: 13,
  nom: 'Omar Sassi',
  tel: '20000013',
  email: null,
  birthday: null,
  gender: null,
  is_registration_finalized: false,
});

/** A server where the session is Omar's, not finalized until the form is accepted. */
function server(firstLoginInfo?: FakeHandler) {
  document.cookie = 'XSRF-TOKEN=jeton; path=/';
  let user = omar;
  let statusCalls = 0;
  const fake = installFakeServer({
    'GET /api/auth/status': () => {
      statusCalls += 1;
      return json(200, { success: true, user });
    },
    'POST /api/first-login-info':
      firstLoginInfo ??
      (async (request) => {
        const body = (await request.json()) as { email: string; birthday: string; gender: 'homme' | 'femme' };
        user = { ...omar, ...body, is_registration_finalized: true };
        return json(200, { success: true, user });
      }),
  });
  return { ...fake, statusCalls: () => statusCalls };
}

async function openDialog(handler?: FakeHandler) {
  const user = userEvent.setup();
  const fake = server(handler);
  const rendered = renderRoute('/informations-generales');
  await screen.findByRole('heading', { name: 'Finalisez votre inscription' });
  return { user, fake, ...rendered };
}

async function fill(
  user: User,
  { email = 'omar.sassi@exemple.tn', gender = 'Homme', birthday = '14/07/1985', terms = true } = {},
) {
  if (email) await user.type(screen.getByLabelText('Adresse e-mail'), email);
  if (gender) await user.click(screen.getByRole('radio', { name: gender }));
  if (birthday) await user.type(screen.getByLabelText('Date de naissance'), birthday);
  if (terms) await user.click(screen.getByRole('checkbox'));
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Valider mes informations' }));

describe('first-login rules (Yup, mirroring the server)', () => {
  const schema = firstLoginSchema('2026-11-22');
  const valid = { email: 'a@b.tn', gender: 'femme', birthday: '1984-03-09', terms: true };
  const errorOf = async (values: object) => {
    try {
      await schema.validate({ ...valid, ...values }, { abortEarly: true });
      return null;
    } catch (error) {
      return (error as { message: string }).message;
    }
  };

  it('accepts a complete form', async () => {
    expect(await errorOf({})).toBeNull();
    expect(await errorOf({ birthday: '1900-01-01' })).toBeNull();
    expect(await errorOf({ birthday: '2026-11-22' })).toBeNull();
  });

  it('requires a valid e-mail', async () => {
    expect(await errorOf({ email: '  ' })).toBe('pages:informationsGenerales.validation.emailRequired');
    expect(await errorOf({ email: 'omar@' })).toBe('errors:fields.email_invalide');
  });

  it('requires homme or femme', async () => {
    expect(await errorOf({ gender: '' })).toBe('pages:informationsGenerales.validation.genderRequired');
    expect(await errorOf({ gender: 'autre' })).toBe('errors:fields.sexe_invalide');
  });

  it('requires a real birth date from 1 January 1900 to today', async () => {
    expect(await errorOf({ birthday: '' })).toBe('pages:informationsGenerales.validation.birthdayRequired');
    expect(await errorOf({ birthday: '31/02/1990' })).toBe('common:form.dateInvalid');
    expect(await errorOf({ birthday: '1899-12-31' })).toBe('errors:fields.date_naissance_invalide');
    expect(await errorOf({ birthday: '2026-11-23' })).toBe('errors:fields.date_naissance_invalide');
  });

  it('requires the terms to be accepted', async () => {
    expect(await errorOf({ terms: false })).toBe('pages:informationsGenerales.validation.termsRequired');
  });
});

describe('first-login dialog (/informations-generales)', () => {
  it('shows the form over a blurred dashboard, with the links to the legal pages', async () => {
    await openDialog();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('link', { name: "conditions d'utilisation" })).toHaveAttribute(
      'href',
      '/conditions-utilisation',
    );
    expect(within(dialog).getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute(
      'href',
      '/politique-confidentialite',
    );
    expect(within(dialog).getByRole('radio', { name: 'Homme' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
  });

  it('requires every field and the terms, and sends nothing', async () => {
    const { user, fake } = await openDialog();
    await submit(user);
    expect(await screen.findByText("L'adresse e-mail est obligatoire.")).toBeInTheDocument();
    expect(screen.getByText('Choisissez « Homme » ou « Femme ».')).toBeInTheDocument();
    expect(screen.getByText('La date de naissance est obligatoire.')).toBeInTheDocument();
    expect(
      screen.getByText("Cochez cette case pour accepter les conditions d'utilisation et continuer."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls('POST', '/api/first-login-info')).toHaveLength(0);
  });

  it('does not send the form while the terms are not ticked', async () => {
    const { user, fake } = await openDialog();
    await fill(user, { terms: false });
    await submit(user);
    expect(
      await screen.findByText("Cochez cette case pour accepter les conditions d'utilisation et continuer."),
    ).toBeInTheDocument();
    expect(fake.calls('POST', '/api/first-login-info')).toHaveLength(0);
  });

  it('refuses an invalid e-mail and a birth date in the future or before 1900', async () => {
    const { user } = await openDialog();
    await fill(user, { email: 'omar@', birthday: '01/01/1899' });
    await submit(user);
    expect(await screen.findByText("L'adresse e-mail est invalide.")).toBeInTheDocument();
    expect(
      screen.getByText("La date de naissance doit être comprise entre le 01/01/1900 et aujourd'hui."),
    ).toBeInTheDocument();
    const birthday = screen.getByLabelText('Date de naissance');
    const [year, month, day] = todayIso().split('-');
    await user.clear(birthday);
    await user.type(birthday, `${day}/${month}/${Number(year) + 1}`);
    await user.tab();
    expect(
      screen.getByText("La date de naissance doit être comprise entre le 01/01/1900 et aujourd'hui."),
    ).toBeInTheDocument();
    await user.clear(birthday);
    await user.type(birthday, '31/02/1990');
    await user.tab();
    expect(await screen.findByText('Date invalide. Format attendu : jj/mm/aaaa.')).toBeInTheDocument();
  });

  it.each(['14071985', '14-07-1985', '14/07/1985', '14.07.1985', '140785', '14-07-85', '14/07/85', '14.07.85'])(
    'reads the birth date typed %s as 1985-07-14',
    async (typed) => {
      const { user, fake } = await openDialog();
      await fill(user, { birthday: typed });
      await submit(user);
      await waitFor(() => expect(fake.calls('POST', '/api/first-login-info')).toHaveLength(1));
      const body = JSON.parse(fake.calls('POST', '/api/first-login-info')[0]?.body ?? '{}') as { birthday: string };
      expect(body.birthday).toBe('1985-07-14');
    },
  );

  it('sends the form with the CSRF header, confirms, then lets the user into the co-owner dashboard', async () => {
    const { user, fake, store, router } = await openDialog();
    await fill(user, { email: '  omar.sassi@exemple.tn ', gender: 'Homme', birthday: '9.3.1984' });
    await submit(user);
    const done = await screen.findByTestId('first-login-done');
    expect(within(done).getByRole('heading', { name: 'Inscription finalisée' })).toBeInTheDocument();
    expect(done).toHaveTextContent('Merci, Omar Sassi : vos informations sont enregistrées.');
    const [request] = fake.calls('POST', '/api/first-login-info');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBe('jeton');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      email: 'omar.sassi@exemple.tn',
      birthday: '1984-03-09',
      gender: 'homme',
    });
    // Still on the page until the user moves on: the confirmation is not skipped by the guard.
    expect(router.state.location.pathname).toBe('/informations-generales');
    expect(store.getState().auth.user?.is_registration_finalized).toBe(false);

    await user.click(within(done).getByRole('button', { name: 'Accéder à mon tableau de bord' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coproprietaire/tableau-de-bord'));
    expect(store.getState().auth.user).toMatchObject({
      is_registration_finalized: true,
      email: 'omar.sassi@exemple.tn',
      gender: 'homme',
      birthday: '1984-03-09',
    });
    expect(await screen.findByTestId('dashboard-user')).toHaveTextContent('Omar Sassi');
  });

  it("puts the server's field errors on their fields, in the user's language", async () => {
    const { user } = await openDialog(() =>
      apiError(
        422,
        'validation_failed',
        'Certains champs sont invalides.',
        {
          email: ["L'adresse e-mail est invalide."],
          birthday: ['La date de naissance doit être passée et postérieure au 01/01/1900.'],
        },
        { email: ['email_invalide'], birthday: ['date_naissance_invalide'] },
      ),
    );
    await fill(user);
    await submit(user);
    expect(
      await screen.findByText("La date de naissance doit être comprise entre le 01/01/1900 et aujourd'hui."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Date de naissance')).toHaveAccessibleDescription(
      "La date de naissance doit être comprise entre le 01/01/1900 et aujourd'hui.",
    );
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAccessibleDescription("L'adresse e-mail est invalide.");
    await act(() => i18n.changeLanguage('ar'));
    expect(await screen.findByText('يجب أن يكون تاريخ الميلاد بين 01/01/1900 واليوم.')).toBeInTheDocument();
    expect(screen.getByText('عنوان البريد الإلكتروني غير صالح.')).toBeInTheDocument();
  });

  it("shows the server's message in a toast when the form fails otherwise", async () => {
    const { user } = await openDialog(() => apiError(500, 'internal_error', 'Le serveur est indisponible.'));
    await fill(user);
    await submit(user);
    expect(await screen.findByText('Le serveur est indisponible.')).toBeInTheDocument();
    expect(screen.queryByTestId('first-login-done')).not.toBeInTheDocument();
  });

  it('says "Une erreur est survenue." when the server gives no message', async () => {
    const { user } = await openDialog(() => new Response('oops', { status: 502 }));
    await fill(user);
    await submit(user);
    expect(await screen.findByText('Une erreur est survenue.')).toBeInTheDocument();
  });

  it('says so and asks for the session again when the registration is already finalized', async () => {
    const { user, fake } = await openDialog(() =>
      apiError(409, 'inscription_deja_finalisee', 'Votre inscription est déjà finalisée.'),
    );
    const before = fake.statusCalls();
    await fill(user);
    await submit(user);
    expect(await screen.findByText('Votre inscription est déjà finalisée.')).toBeInTheDocument();
    await waitFor(() => expect(fake.statusCalls()).toBeGreaterThan(before));
  });
});
