import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { proprietesServer, tresorier } from './proprietes-fixtures';

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body as HTMLElement).getAllByRole('row');
}

async function openList(routes = {}) {
  const server = proprietesServer(tresorier, routes);
  const rendered = renderRoute('/syndic/administration/proprietes');
  await screen.findByRole('heading', { name: 'Propriétés' });
  return { server, ...rendered };
}

describe('property list (/syndic/administration/proprietes)', () => {
  it('shows each property with its type label and icon, its payer and the payer phone with +216', async () => {
    await openList();
    await screen.findByText('A3');
    const a3 = screen.getByText('A3').closest('tr') as HTMLElement;
    expect(within(a3).getByText('Appartement')).toBeInTheDocument();
    expect(a3.querySelector('[data-type="appartement"] svg')).not.toBeNull();
    expect(within(a3).getByText('Hédi Gharbi')).toBeInTheDocument();
    expect(within(a3).getByText('+216 22 333 444')).toBeInTheDocument();

    const commerce = screen.getByText('Commerce RDC').closest('tr') as HTMLElement;
    expect(within(commerce).getByText('Commerce')).toBeInTheDocument();
    expect(within(commerce).getByText('Aucun payeur')).toBeInTheDocument();
    expect(
      within(screen.getByText('Parking P1').closest('tr') as HTMLElement).getByText('Parking'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByText('Cellier C2').closest('tr') as HTMLElement).getByText('Cellier'),
    ).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(4);
  });

  it('searches names, type labels and payers without regard to case or accents', async () => {
    const user = userEvent.setup();
    await openList();
    await screen.findByText('A3');
    const search = screen.getByRole('searchbox', { name: 'Rechercher dans le tableau' });
    await user.type(search, 'elodie AISSA');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('Cellier C2')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'parking');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('Parking P1')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'introuvable');
    expect(screen.getByText('Aucun résultat pour « introuvable ».')).toBeInTheDocument();
  });

  it('opens the details dialog with the surface in m², the description and the payer', async () => {
    const user = userEvent.setup();
    await openList();
    await user.click(await screen.findByRole('button', { name: 'Détails de A3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propriété A3' });
    const details = within(dialog).getByTestId('propriete-details');
    expect(details).toHaveTextContent('95,5 m²');
    expect(details).toHaveTextContent('Troisième étage, vue sur le jardin.');
    expect(details).toHaveTextContent('Hédi Gharbi');
    expect(details).toHaveTextContent('+216 22 333 444');
  });

  it('links each property to its history', async () => {
    const user = userEvent.setup();
    const { router } = await openList();
    await user.click(await screen.findByRole('link', { name: "Historique d'occupation de A3" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/administration/proprietes/historique/3'));
    expect(await screen.findByRole('heading', { name: "Historique d'occupation — A3" })).toBeInTheDocument();
  });

  it('shows 6 skeleton rows while loading, then the empty state', async () => {
    let answer: (response: Response) => void = () => undefined;
    await openList({ 'GET /api/proprietes': () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(6);
    answer(json(200, { success: true, proprietes: [] }));
    expect(await screen.findByText('Aucune propriété.')).toBeInTheDocument();
  });

  it('shows the error line when the list cannot be fetched', async () => {
    await openList({ 'GET /api/proprietes': () => apiError(500, 'internal_error') });
    expect(await screen.findByText('Erreur lors de la récupération des données.')).toBeInTheDocument();
  });
});
