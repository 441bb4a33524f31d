import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStatus, installFakeServer, json, makeUser } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';

const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', is_syndic: true, is_finance: true });
const membre = makeUser({ id: 3, nom: 'Karim Jaziri', is_syndic: true });

const dashboard = {
  'see.dashboard.tresorerie': true,
  'see.dashboard.repartition_charges': true,
  'see.dashboard.recettes_depenses': true,
};
const pages = {
  'see.recettes': true,
  'see.charges': true,
  'see.travaux': true,
  'see.budgets': true,
  'see.rapports_financiers': true,
  'see.contrats.recettes': true,
  'see.contrats.depenses': true,
};
const liste = {
  success: true,
  users: [
    { id: 4, nom: 'Leïla Haddad', dashboard, pages: { ...pages, 'see.charges': false } },
    { id: 5, nom: 'Sami Gharbi', dashboard: { ...dashboard, 'see.dashboard.tresorerie': false }, pages },
  ],
  keys: { dashboard: Object.keys(dashboard), pages: Object.keys(pages) },
};

const historique = {
  success: true,
  historique: [
    {
      user_id: 4,
      nom: 'Leïla Haddad',
      par_id: 2,
      par_nom: 'Amira Trabelsi',
      le: '2026-11-25T09:05:00Z',
      avant: [...Object.keys(dashboard), ...Object.keys(pages)],
      apres: [...Object.keys(dashboard), ...Object.keys(pages)].filter(
        (k) => k !== 'see.charges' && k !== 'see.budgets',
      ),
      accordees: [],
      retirees: ['see.charges', 'see.budgets'],
    },
  ],
};

function server(user = tresorier) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/visibilite-finances': () => json(200, liste),
    'GET /api/visibilite-finances/historique': (request) =>
      json(
        200,
        new URL(request.url).searchParams.get('user_id') === '4' ? historique : { success: true, historique: [] },
      ),
    'POST /api/visibilite-finances/sync-user': () => json(200, { success: true, user: liste.users[0] }),
    'POST /api/visibilite-finances/bulk-sync': () => json(200, { success: true, users: liste.users }),
  });
}

function rowOf(container: HTMLElement, text: string): HTMLElement {
  return within(container).getByText(text).closest('tr') as HTMLElement;
}

describe('visibility rights (/syndic/administration/visibilite-finances)', () => {
  it('shows each co-owner’s rights as yes/no badges on the pages and dashboard tabs', async () => {
    const user = userEvent.setup();
    server();
    renderRoute('/syndic/administration/visibilite-finances');
    const pagesTab = await screen.findByTestId('visibilite-pages');
    await within(pagesTab).findByText('Leïla Haddad');
    const leila = rowOf(pagesTab, 'Leïla Haddad');
    expect(within(leila).getAllByText('Oui')).toHaveLength(6);
    expect(within(leila).getAllByText('Non')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Tableau de bord' }));
    const tableau = await screen.findByTestId('visibilite-tableau');
    expect(within(rowOf(tableau, 'Sami Gharbi')).getAllByText('Non')).toHaveLength(1);
  });

  it('edits a co-owner’s rights in the dialog and sends the keys granted', async () => {
    const user = userEvent.setup();
    const fake = server();
    renderRoute('/syndic/administration/visibilite-finances');
    await screen.findAllByText('Leïla Haddad');
    const [edit] = screen.getAllByRole('button', { name: 'Modifier les droits de Leïla Haddad' });
    await user.click(edit as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    const charges = within(dialog).getByRole('checkbox', { name: 'Charges' });
    expect(charges).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Travaux' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(fake.calls('POST', '/api/visibilite-finances/sync-user')).toHaveLength(1));
    const [call] = fake.calls('POST', '/api/visibilite-finances/sync-user');
    const body = JSON.parse(call?.body ?? 'null') as {
      user_id: number;
      granted: string[];
    };
    expect(body.user_id).toBe(4);
    expect(body.granted).not.toContain('see.charges');
    expect(body.granted).not.toContain('see.travaux');
    expect(body.granted).toContain('see.budgets');
    expect(body.granted).toHaveLength(8);
  });

  it('shows in the dialog who changed the co-owner’s rights, when (Tunisia’s time) and what', async () => {
    const user = userEvent.setup();
    server();
    renderRoute('/syndic/administration/visibilite-finances');
    await screen.findAllByText('Leïla Haddad');
    const [edit] = screen.getAllByRole('button', { name: 'Modifier les droits de Leïla Haddad' });
    await user.click(edit as HTMLElement);
    const section = await within(await screen.findByRole('dialog')).findByTestId('visibilite-historique');
    expect(await within(section).findByText('Masqué : Charges, Budgets')).toBeInTheDocument();
    expect(section).toHaveTextContent('25/11/2026 10:05 — Amira Trabelsi');
    expect(within(section).queryByText(/^Affiché/)).not.toBeInTheDocument();
  });

  it('says when a co-owner’s rights were never changed', async () => {
    const user = userEvent.setup();
    server();
    renderRoute('/syndic/administration/visibilite-finances');
    await screen.findAllByText('Sami Gharbi');
    const [edit] = screen.getAllByRole('button', { name: 'Modifier les droits de Sami Gharbi' });
    await user.click(edit as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Aucun changement enregistré.')).toBeInTheDocument();
  });

  it('shows a plain council member the edit and the bulk action disabled', async () => {
    server(membre);
    renderRoute('/syndic/administration/visibilite-finances');
    await screen.findAllByText('Leïla Haddad');
    expect(screen.getAllByRole('button', { name: 'Modifier les droits de Leïla Haddad' })[0]).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Action groupée' })).toBeDisabled();
  });

  it('applies a bulk action to all co-owners but the excluded ones, a feature being required', async () => {
    const user = userEvent.setup();
    const fake = server();
    renderRoute('/syndic/administration/visibilite-finances/action-groupee');
    await screen.findByRole('heading', { name: 'Action groupée', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findAllByText('Ce champ est obligatoire')).not.toHaveLength(0);
    expect(fake.calls('POST', '/api/visibilite-finances/bulk-sync')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Charges' }));
    await user.click(screen.getByRole('radio', { name: 'Masquer' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Sami Gharbi' }));
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await vi.waitFor(() => expect(fake.calls('POST', '/api/visibilite-finances/bulk-sync')).toHaveLength(1));
    const [call] = fake.calls('POST', '/api/visibilite-finances/bulk-sync');
    expect(JSON.parse(call?.body ?? 'null')).toEqual({
      features: ['see.charges'],
      allow: false,
      exclude_user_ids: [5],
    });
  });
});
