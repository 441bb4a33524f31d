import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { passwordSchema, verificationToken } from './schemas';

const omar = makeUser({ id: 13, nom: 'Omar Trabelsi', tel: '20000013', email: 'omar@exemple.tn' });

function server(routes: Record<string, FakeHandler> = {}, settings = { email: 'omar@exemple.tn', is_verified: false }) {
  document.cookie = 'XSRF-TOKEN=jeton; path=/';
  let current = settings;
  return installFakeServer({
    'GET /api/auth/status': authStatus(omar),
    'GET /api/parametres': () => json(200, { success: true, ...current }),
    'POST /api/parametres/modifier-email': async (request) => {
      const { email } = (await request.json()) as { email: string };
      if (email === current.email) {
        return json(200, { success: true, message: 'Aucune modification détéctée', ...current, updated: false });
      }
      current = { email, is_verified: false };
      return json(201, { success: true, message: 'Adresse e-mail mise à jour avec succès', ...current, updated: true });
    },
    ...routes,
  });
}

async function openSettings() {
  const user = userEvent.setup();
  const rendered = renderRoute('/coproprietaire/parametres');
  await screen.findByRole('heading', { name: 'Paramètres du compte' });
  return { user, ...rendered };
}

describe('password rules (Yup, mirroring the server)', () => {
  const errorOf = async (values: object) => {
    try {
      await passwordSchema.validate(
        { old_password: 'ancien', new_password: 'douze-caract', new_password_confirmation: 'douze-caract', ...values },
        { abortEarly: true },
      );
      return null;
    } catch (error) {
      return (error as { message: string }).message;
    }
  };

  it('accepts a confirmed new password of 12 characters', async () => {
    expect(await errorOf({})).toBeNull();
  });

  it('refuses a shorter one, a missing field and a different confirmation', async () => {
    expect(await errorOf({ new_password: 'onze-caract', new_password_confirmation: 'onze-caract' })).toBe(
      'parametres:validation.passwordTooShort',
    );
    expect(await errorOf({ old_password: '' })).toBe('parametres:validation.required');
    expect(await errorOf({ new_password_confirmation: 'autre-chose-12' })).toBe(
      'parametres:validation.passwordsDiffer',
    );
  });
});

describe('the verification link a page may open', () => {
  const origin = 'https://daftar.example.tn';
  it('is this server’s /api/email/verify/<token> only', () => {
    expect(verificationToken(`${origin}/api/email/verify/abc-_9`, origin)).toBe('abc-_9');
    expect(verificationToken('/api/email/verify/abc', origin)).toBe('abc');
    expect(verificationToken('https://ailleurs.example/api/email/verify/abc', origin)).toBeNull();
    expect(verificationToken(`${origin}/api/parametres`, origin)).toBeNull();
    expect(verificationToken(`${origin}/api/email/verify/abc/../../logout`, origin)).toBeNull();
    expect(verificationToken(null, origin)).toBeNull();
  });
});

describe('settings page', () => {
  it('warns about an unverified address and sends the verification mail', async () => {
    const fake = server({
      'POST /api/email/send-verification': () => json(200, { success: true, message: 'Email de vérification envoyé' }),
    });
    const { user } = await openSettings();
    const warning = await screen.findByTestId('verification-warning');
    expect(within(warning).getByText("Votre adresse e-mail n'est pas vérifiée.")).toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: "Envoyer l'e-mail de vérification" }));
    expect(await screen.findByText('Email de vérification envoyé')).toBeInTheDocument();
    expect(screen.getByText('Veuillez consulter votre boîte mail.')).toBeInTheDocument();
    expect(fake.calls('POST', '/api/email/send-verification')).toHaveLength(1);
  });

  it('says so when the verification mail could not be sent', async () => {
    server({
      'POST /api/email/send-verification': () =>
        apiError(503, 'envoi_email_echoue', 'Une erreur est survenue lors de l’envoi de l’email.'),
    });
    const { user } = await openSettings();
    await user.click(await screen.findByRole('button', { name: "Envoyer l'e-mail de vérification" }));
    expect(await screen.findByText('Une erreur est survenue lors de l’envoi de l’email.')).toBeInTheDocument();
  });

  it('shows no warning for a verified address', async () => {
    server({}, { email: 'omar@exemple.tn', is_verified: true });
    await openSettings();
    expect(await screen.findByTestId('email-verified')).toHaveTextContent('Vérifiée');
    expect(screen.queryByTestId('verification-warning')).not.toBeInTheDocument();
  });

  it('changes the e-mail (201) and says when nothing changed (200)', async () => {
    const fake = server({}, { email: 'omar@exemple.tn', is_verified: true });
    const { user } = await openSettings();
    const field = await screen.findByLabelText('Adresse e-mail');
    await waitFor(() => expect(field).toHaveValue('omar@exemple.tn'));
    await user.click(screen.getByRole('button', { name: "Modifier l'adresse e-mail" }));
    expect(await screen.findByText('Aucune modification détéctée')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'omar.t@exemple.tn');
    await user.click(screen.getByRole('button', { name: "Modifier l'adresse e-mail" }));
    expect(await screen.findByText('Adresse e-mail mise à jour avec succès')).toBeInTheDocument();
    expect(JSON.parse(fake.calls('POST', '/api/parametres/modifier-email')[1]?.body ?? '')).toEqual({
      email: 'omar.t@exemple.tn',
    });
    // The settings are read again: the new address is not verified.
    expect(await screen.findByTestId('verification-warning')).toBeInTheDocument();
  });

  it('checks the e-mail with the spec’s messages before sending', async () => {
    const fake = server();
    const { user } = await openSettings();
    const field = await screen.findByLabelText('Adresse e-mail');
    await waitFor(() => expect(field).toHaveValue('omar@exemple.tn'));
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: "Modifier l'adresse e-mail" }));
    expect(await screen.findByText('Ce champ est requis')).toBeInTheDocument();
    await user.type(field, 'omar@');
    await user.click(screen.getByRole('button', { name: "Modifier l'adresse e-mail" }));
    expect(await screen.findByText('Adresse e-mail invalide')).toBeInTheDocument();
    expect(fake.calls('POST', '/api/parametres/modifier-email')).toHaveLength(0);
  });

  it('changes the password and resets the form', async () => {
    const fake = server({
      'POST /api/parametres/modifier-mdp': () =>
        json(200, { success: true, message: 'Mot de passe mis à jour avec succès' }),
    });
    const { user } = await openSettings();
    await user.type(await screen.findByLabelText('Mot de passe actuel'), 'ancien-mot-de-passe');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'un-nouveau-mot-de-passe');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'un-nouveau-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(await screen.findByText('Mot de passe mis à jour avec succès')).toBeInTheDocument();
    expect(JSON.parse(fake.calls('POST', '/api/parametres/modifier-mdp')[0]?.body ?? '')).toEqual({
      old_password: 'ancien-mot-de-passe',
      new_password: 'un-nouveau-mot-de-passe',
      new_password_confirmation: 'un-nouveau-mot-de-passe',
    });
    await waitFor(() => expect(screen.getByLabelText('Mot de passe actuel')).toHaveValue(''));
  });

  it('shows a wrong current password on its field', async () => {
    server({
      'POST /api/parametres/modifier-mdp': () =>
        apiError(
          422,
          'validation_failed',
          'Les données envoyées sont invalides.',
          { old_password: ['Le mot de passe actuel est incorrect.'] },
          { old_password: ['mot_de_passe_incorrect'] },
        ),
    });
    const { user } = await openSettings();
    await user.type(await screen.findByLabelText('Mot de passe actuel'), 'mauvais');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'un-nouveau-mot-de-passe');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'un-nouveau-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(await screen.findByText('Le mot de passe actuel est incorrect.')).toBeInTheDocument();
  });

  it('says when the settings cannot be loaded', async () => {
    server({ 'GET /api/parametres': () => apiError(500, 'internal_error') });
    await openSettings();
    expect(await screen.findByTestId('parametres-error')).toHaveTextContent(
      'Impossible de charger les paramètres utilisateur.',
    );
  });
});

describe('verify-email page', () => {
  it('opens the link once, then goes to the dashboard', async () => {
    const fake = server({
      'GET /api/email/verify/jeton-123': () =>
        json(200, {
          success: true,
          message: 'Email verifié avec succès!',
          email: 'omar@exemple.tn',
          is_verified: true,
        }),
      'GET /api/coproprietaire/dashboard': () => json(200, { success: true }),
    });
    const verifyUrl = encodeURIComponent(`${window.location.origin}/api/email/verify/jeton-123`);
    const { router } = renderRoute(`/coproprietaire/verify-email?verify_url=${verifyUrl}`);
    expect(await screen.findByText('Email verifié avec succès!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/coproprietaire/tableau-de-bord'));
    expect(fake.calls('GET', '/api/email/verify/jeton-123')).toHaveLength(1);
  });

  it('shows why a link does not verify', async () => {
    server({
      'GET /api/email/verify/vieux': () =>
        apiError(
          410,
          'lien_verification_expire',
          'Ce lien de vérification a expiré : demandez un nouvel email de vérification.',
        ),
    });
    const verifyUrl = encodeURIComponent(`${window.location.origin}/api/email/verify/vieux`);
    renderRoute(`/coproprietaire/verify-email?verify_url=${verifyUrl}`);
    expect(await screen.findByTestId('verify-email-failure')).toHaveTextContent(
      'Ce lien de vérification a expiré : demandez un nouvel email de vérification.',
    );
  });

  it('does not open a link to another site', async () => {
    const fake = server();
    renderRoute(
      `/coproprietaire/verify-email?verify_url=${encodeURIComponent('https://evil.example/api/email/verify/x')}`,
    );
    expect(await screen.findByTestId('verify-email-failure')).toHaveTextContent('Invalid verification link.');
    expect(fake.requests.filter((r) => r.path.includes('verify'))).toHaveLength(0);
  });
});
