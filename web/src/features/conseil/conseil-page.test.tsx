import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MembreConseil } from '@/api/generated';
import { apiError, authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';

const president = makeUser({ id: 1, nom: 'Mohamed Ben Salah', is_syndic: true, is_president: true });
const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', is_syndic: true, is_finance: true });
const membreConseil = makeUser({ id: 3, nom: 'Karim Jaziri', is_syndic: true });
const coproprietaire = makeUser({ id: 4, nom: 'Sami Gharbi' });

const membres: MembreConseil[] = [
  { id: 1, nom: 'Mohamed Ben Salah', tel: '20000001', roles: ['syndic'], permissions: ['president'] },
  { id: 2, nom: 'Amira Trabelsi', tel: '20000002', roles: ['syndic'], permissions: ['finance'] },
  { id: 3, nom: 'Karim Jaziri', tel: '20000003', roles: ['syndic'], permissions: [] },
];

function conseilServer(user = president, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/conseil-syndical': () => json(200, { success: true, users: membres }),
    'GET /api/conseil-syndical/users': () =>
      json(200, {
        success: true,
        users: [
          { id: 4, nom: 'Sami Gharbi', tel: '20000004' },
          { id: 5, nom: 'Leila Haddad', tel: null },
        ],
      }),
    ...routes,
  });
}

function rowOf(name: string): HTMLElement {
  return within(screen.getByRole('table')).getByText(name).closest('tr') as HTMLElement;
}

function roleBadges(name: string): string[] {
  return [...rowOf(name).querySelectorAll('[data-role]')].map(
    (badge) => `${badge.getAttribute('data-role')}:${badge.textContent}`,
  );
}

describe('council page of the syndic space (/syndic/administration/conseil)', () => {
  it('lists the members with their phone and role badges', async () => {
    conseilServer();
    renderRoute('/syndic/administration/conseil');
    expect(await screen.findByRole('heading', { name: 'Conseil syndical' })).toBeInTheDocument();
    await screen.findByText('Karim Jaziri');
    expect(roleBadges('Mohamed Ben Salah')).toEqual(['president:Président']);
    expect(roleBadges('Amira Trabelsi')).toEqual(['finance:Trésorier']);
    expect(roleBadges('Karim Jaziri')).toEqual(['membre:Membre du conseil']);
    expect(within(rowOf('Karim Jaziri')).getByText('+216 20 000 003')).toBeInTheDocument();
  });

  it('does not let the president or the treasurer be removed, and says who can', async () => {
    const user = userEvent.setup();
    conseilServer();
    renderRoute('/syndic/administration/conseil');
    await screen.findByText('Karim Jaziri');
    const presidentDelete = screen.getByRole('button', { name: 'Retirer Mohamed Ben Salah du conseil' });
    expect(presidentDelete).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Retirer Amira Trabelsi du conseil' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Retirer Karim Jaziri du conseil' })).toBeEnabled();
    await user.hover(presidentDelete.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Seul un administrateur peut effectuer cette opération.',
    );
  });

  it('removes a plain member after confirmation', async () => {
    const user = userEvent.setup();
    const server = conseilServer(president, {
      'POST /api/conseil-syndical/supprimer': () => json(200, { success: true }),
    });
    renderRoute('/syndic/administration/conseil');
    await screen.findByText('Karim Jaziri');
    await user.click(screen.getByRole('button', { name: 'Retirer Karim Jaziri du conseil' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Retirer Karim Jaziri du conseil ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('Karim Jaziri a été retiré du conseil.')).toBeInTheDocument();
    expect(JSON.parse(server.calls('POST', '/api/conseil-syndical/supprimer')[0]?.body ?? '')).toEqual({ user_id: 3 });
    await waitFor(() => expect(server.calls('GET', '/api/conseil-syndical')).toHaveLength(2));
  });

  it('shows membre_conseil_protege when the server refuses a removal', async () => {
    const user = userEvent.setup();
    conseilServer(president, {
      'POST /api/conseil-syndical/supprimer': () => apiError(422, 'membre_conseil_protege', 'x'),
    });
    renderRoute('/syndic/administration/conseil');
    await screen.findByText('Karim Jaziri');
    await user.click(screen.getByRole('button', { name: 'Retirer Karim Jaziri du conseil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retirer' }));
    expect(
      await screen.findByText(/Un président ou un trésorier ne peut pas être retiré du conseil/),
    ).toBeInTheDocument();
  });

  it('adds a member chosen among the candidate users; a user is required', async () => {
    const user = userEvent.setup();
    const server = conseilServer(president, {
      'POST /api/conseil-syndical/ajouter': () =>
        json(200, {
          success: true,
          user: { id: 4, nom: 'Sami Gharbi', tel: '20000004', roles: ['syndic'], permissions: [] },
        }),
    });
    renderRoute('/syndic/administration/conseil');
    await screen.findByText('Karim Jaziri');
    await user.click(screen.getByRole('button', { name: 'Ajouter un membre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un membre' });
    const choice = within(dialog).getByRole('combobox', { name: 'Utilisateur' });
    await waitFor(() => expect(choice).toHaveTextContent('Choisir un utilisateur'));

    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Choisissez un utilisateur.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/conseil-syndical/ajouter')).toHaveLength(0);

    await user.click(choice);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Leila Haddad' })).toBeInTheDocument();
    // Found by its phone number too.
    await user.type(screen.getByRole('textbox', { name: 'Filtrer les choix' }), '20000004');
    await user.click(within(listbox).getByRole('option', { name: /Sami Gharbi/ }));
    expect(choice).toHaveTextContent('Sami Gharbi+216 20 000 004');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Sami Gharbi a été ajouté au conseil.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(server.calls('POST', '/api/conseil-syndical/ajouter')[0]?.body ?? '')).toEqual({ user: 4 });
    await waitFor(() => expect(server.calls('GET', '/api/conseil-syndical')).toHaveLength(2));
  });

  it('says so when every user is already in the council', async () => {
    const user = userEvent.setup();
    conseilServer(president, { 'GET /api/conseil-syndical/users': () => json(200, { success: true, users: [] }) });
    renderRoute('/syndic/administration/conseil');
    await user.click(await screen.findByRole('button', { name: 'Ajouter un membre' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('Tous les utilisateurs de la résidence font déjà partie du conseil.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ajouter' })).toBeDisabled();
  });

  it.each([
    ['the treasurer', tresorier],
    ['a council member', membreConseil],
  ])('sends %s to /unauthorized', async (_who, user) => {
    conseilServer(user);
    const { router } = renderRoute('/syndic/administration/conseil');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });

  it('sends a signed-out visitor to /login', async () => {
    installFakeServer({ 'GET /api/auth/status': authStatus(null) });
    const { router } = renderRoute('/syndic/administration/conseil');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('council page of the co-owner space (/coproprietaire/conseil)', () => {
  it('shows every member with role badges and phone, read-only', async () => {
    conseilServer(coproprietaire);
    renderRoute('/coproprietaire/conseil');
    expect(await screen.findByRole('heading', { name: 'Conseil syndical' })).toBeInTheDocument();
    await screen.findByText('Karim Jaziri');
    expect(roleBadges('Mohamed Ben Salah')).toEqual(['president:Président']);
    expect(roleBadges('Amira Trabelsi')).toEqual(['finance:Trésorier']);
    expect(roleBadges('Karim Jaziri')).toEqual(['membre:Membre du conseil']);
    expect(within(rowOf('Amira Trabelsi')).getByText('+216 20 000 002')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retirer|Ajouter/ })).not.toBeInTheDocument();
  });

  it('colours the president yellow and the treasurer green', async () => {
    conseilServer(coproprietaire);
    renderRoute('/coproprietaire/conseil');
    await screen.findByText('Karim Jaziri');
    expect(rowOf('Mohamed Ben Salah').querySelector('[data-role="president"]')).toHaveClass('bg-yellow-100');
    expect(rowOf('Amira Trabelsi').querySelector('[data-role="finance"]')).toHaveClass('text-success');
  });

  it('shows the badges in Arabic', async () => {
    const { default: i18n } = await import('@/i18n');
    await i18n.changeLanguage('ar');
    conseilServer(coproprietaire);
    renderRoute('/coproprietaire/conseil');
    expect(await screen.findByRole('heading', { name: 'مجلس النقابة' })).toBeInTheDocument();
    await screen.findByText('Karim Jaziri');
    expect(roleBadges('Mohamed Ben Salah')).toEqual(['president:الرئيس']);
    expect(roleBadges('Amira Trabelsi')).toEqual(['finance:أمين المال']);
  });
});
