import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, president, proprietesServer, tresorier } from './proprietes-fixtures';

const HISTORIQUE_A3 = '/syndic/administration/proprietes/historique/3';

function rowOf(name: string): HTMLElement {
  return screen.getByText(name).closest('tr') as HTMLElement;
}

describe('occupancy history', () => {
  it('shows the property name, the lines newest first, the labels, dates and phone numbers', async () => {
    proprietesServer(president);
    renderRoute(HISTORIQUE_A3);
    expect(await screen.findByRole('heading', { name: "Historique d'occupation — A3" })).toBeInTheDocument();
    await screen.findByText('Nadia Locataire');
    const [, body] = screen.getAllByRole('rowgroup');
    const names = within(body as HTMLElement)
      .getAllByRole('row')
      .map((row) => row.querySelector('td')?.textContent);
    expect(names).toEqual(['Nadia Locataire', 'Hédi Gharbi', 'Ancien Propriétaire']);

    const hedi = rowOf('Hédi Gharbi');
    expect(within(hedi).getByText('Propriétaire')).toBeInTheDocument();
    expect(within(hedi).getByText('01/05/2019')).toBeInTheDocument();
    expect(within(hedi).getByText('+216 22 333 444')).toBeInTheDocument();
    expect(within(hedi).getAllByText('—').length).toBeGreaterThan(0);
    const nadia = rowOf('Nadia Locataire');
    expect(within(nadia).getByText('Locataire')).toBeInTheDocument();
    expect(within(nadia).getByText('31/01/2026')).toBeInTheDocument();
    expect(within(nadia).getByText('nadia@example.tn')).toBeInTheDocument();
  });

  it('badges the current line and the current payer, and shows a period-only payer muted', async () => {
    proprietesServer(president);
    renderRoute(HISTORIQUE_A3);
    await screen.findByText('Nadia Locataire');
    const hedi = rowOf('Hédi Gharbi');
    expect(within(hedi).getByText('Actuel')).toBeInTheDocument();
    expect(within(hedi).getByText('Payeur')).toBeInTheDocument();
    expect(within(hedi).queryByText('Payeur (période)')).not.toBeInTheDocument();

    const nadia = rowOf('Nadia Locataire');
    expect(within(nadia).queryByText('Actuel')).not.toBeInTheDocument();
    expect(within(nadia).queryByText('Payeur')).not.toBeInTheDocument();
    expect(within(nadia).getByText('Payeur (période)')).toBeInTheDocument();

    const ancien = rowOf('Ancien Propriétaire');
    expect(within(ancien).queryByText(/Actuel|Payeur/)).not.toBeInTheDocument();
  });

  it('explains who pays under the table', async () => {
    proprietesServer(president);
    renderRoute(HISTORIQUE_A3);
    expect(await screen.findByRole('note')).toHaveTextContent(
      /Une désignation plus récente prend le relais à sa date de début/,
    );
  });

  it('gives the president the add, edit and delete actions', async () => {
    const user = userEvent.setup();
    proprietesServer(president);
    const { router } = renderRoute(HISTORIQUE_A3);
    await screen.findByText('Nadia Locataire');
    expect(screen.getByRole('button', { name: "Supprimer l'occupation de Nadia Locataire" })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Ajouter une occupation' })).toHaveAttribute(
      'href',
      `${HISTORIQUE_A3}/creer`,
    );
    await user.click(screen.getByRole('link', { name: "Modifier l'occupation de Hédi Gharbi" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${HISTORIQUE_A3}/modifier/301`));
  });

  it('shows a non-president the actions disabled with the reason in a tooltip', async () => {
    const user = userEvent.setup();
    proprietesServer(tresorier);
    renderRoute(HISTORIQUE_A3);
    await screen.findByText('Nadia Locataire');
    const add = screen.getByRole('button', { name: 'Ajouter une occupation' });
    expect(add).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Ajouter une occupation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Modifier l'occupation de Hédi Gharbi" })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Supprimer l'occupation de Hédi Gharbi" })).toBeDisabled();
    await user.hover(add.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le président peut effectuer cette opération.');
  });

  it('deletes an occupation after confirmation and reloads the history', async () => {
    const user = userEvent.setup();
    const server = proprietesServer(president, {
      'POST /api/proprietes/historique/supprimer': () => json(200, { success: true }),
    });
    renderRoute(HISTORIQUE_A3);
    await screen.findByText('Ancien Propriétaire');
    await user.click(screen.getByRole('button', { name: "Supprimer l'occupation de Ancien Propriétaire" }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer cette occupation ?' });
    expect(dialog).toHaveTextContent('01/01/2010');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Occupation supprimée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/proprietes/historique/supprimer')[0])).toEqual({ occupation_id: 300 });
    await waitFor(() => expect(server.calls('GET', '/api/proprietes/historique')).toHaveLength(2));
  });

  it("disables deleting today's payer's occupation, which the server refuses, and says why", async () => {
    const user = userEvent.setup();
    proprietesServer(president);
    renderRoute(HISTORIQUE_A3);
    await screen.findByText('Hédi Gharbi');
    const remove = screen.getByRole('button', { name: "Supprimer l'occupation de Hédi Gharbi" });
    expect(remove).toBeDisabled();
    await user.hover(remove.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      "L'occupation du payeur actuel ne peut pas être supprimée : désignez d'abord un autre payeur, ou terminez-la en la modifiant.",
    );
    // Editing it stays possible (to end it or to move the payer).
    expect(screen.getByRole('link', { name: "Modifier l'occupation de Hédi Gharbi" })).toBeInTheDocument();
  });

  it("still shows the server's refusal if the list was stale (422 occupation_payeur_non_supprimable)", async () => {
    const user = userEvent.setup();
    proprietesServer(president, {
      'POST /api/proprietes/historique/supprimer': () =>
        apiError(422, 'occupation_payeur_non_supprimable', "L'occupation du payeur ne peut pas être supprimée."),
    });
    renderRoute(HISTORIQUE_A3);
    await screen.findByText('Nadia Locataire');
    await user.click(screen.getByRole('button', { name: "Supprimer l'occupation de Nadia Locataire" }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("L'occupation du payeur ne peut pas être supprimée.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says so when the property does not exist', async () => {
    proprietesServer(president);
    renderRoute('/syndic/administration/proprietes/historique/999');
    expect(await screen.findByTestId('historique-not-found')).toHaveTextContent("Cette propriété n'existe pas.");
    expect(screen.queryByRole('button', { name: 'Ajouter une occupation' })).not.toBeInTheDocument();
  });
});
