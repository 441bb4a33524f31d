import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, authStatus, installFakeServer, json, makeUser } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';

const ALL_GRANTED = {
  'see.recettes': true,
  'see.charges': true,
  'see.travaux': true,
  'see.budgets': true,
  'see.rapports_financiers': true,
  'see.contrats.recettes': true,
  'see.contrats.depenses': true,
};
const leila = makeUser({ features: ALL_GRANTED });

const charges = [
  { titre: 'Salaires — Gardien (Hédi Mansour)', montant: 590.33, model: 'salaires', model_id: 1, date: '2026-05-31' },
  { titre: 'STEG mars 2026', montant: 100, model: 'charges-courantes', model_id: 1, date: '2026-03-10' },
];

const detailCharge = {
  success: true,
  model: 'charges-courantes',
  model_id: 1,
  titre: 'STEG mars 2026',
  details: {
    titre: 'STEG mars 2026',
    fournisseur: 'STEG',
    categorie: null,
    date_facture: '2026-03-10',
    montant_total: 100,
    montant_paye: 60,
    restant_du: 40,
    etat_payment: 'partiel',
  },
  paiements: [{ montant: 60, date_paiement: '2026-03-20', methode_paiement: 'espece' }],
  factures: [],
  devis: [],
  documents: [],
};

describe('co-owner finance pages', () => {
  it('lists the charges with their kind, amount and a link to their details', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(leila),
      'GET /api/coproprietaire/charges': () => json(200, { success: true, charges }),
    });
    renderRoute('/coproprietaire/charges');
    await screen.findByRole('heading', { name: 'Charges', level: 1 });
    const list = await screen.findByTestId('finances-charges');
    const row = (await within(list).findByText('STEG mars 2026')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Charge courante')).toBeInTheDocument();
    expect(within(row).getByText(/^100,000\sDT$/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Détails de « STEG mars 2026 »' })).toHaveAttribute(
      'href',
      '/coproprietaire/charges/charges-courantes/1',
    );
    expect(within(list).getByText('Salaires')).toBeInTheDocument();
  });

  it('shows a charge as a key/value list with its payment state and payments', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(leila),
      'GET /api/coproprietaire/charges-details': () => json(200, detailCharge),
    });
    renderRoute('/coproprietaire/charges/charges-courantes/1');
    const details = await screen.findByTestId('finance-details');
    expect(within(details).getByText('Fournisseur')).toBeInTheDocument();
    expect(within(details).getByText('STEG')).toBeInTheDocument();
    expect(within(details).getByText(/^40,000\sDT$/)).toBeInTheDocument();
    expect(within(details).getByText('Partiel')).toBeInTheDocument();
    expect(within(details).getByText('10/03/2026')).toBeInTheDocument();
    const paiements = screen.getByTestId('finance-paiements');
    expect(within(paiements).getByText('20/03/2026')).toBeInTheDocument();
    expect(within(paiements).getByText('Espèces')).toBeInTheDocument();
    expect(screen.getByText('Factures')).toBeInTheDocument();
  });

  it('says the council hid the page when the server refuses it, and asks for the session again', async () => {
    const server = installFakeServer({
      'GET /api/auth/status': authStatus(leila),
      'GET /api/coproprietaire/charges': () => apiError(403, 'visibilite_refusee'),
    });
    renderRoute('/coproprietaire/charges');
    expect(await screen.findByTestId('visibilite-refusee')).toHaveTextContent(
      "Le conseil syndical n'a pas rendu ces informations visibles pour vous.",
    );
    await vi.waitFor(() => expect(server.calls('GET', '/api/auth/status').length).toBeGreaterThan(1));
  });

  it('lists the works with their approval badge', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(leila),
      'GET /api/coproprietaire/travaux': () =>
        json(200, {
          success: true,
          travaux: [
            { id: 2, titre: 'Colonne montante', montant_total: 900, is_approved: 1, date_facture: '2026-05-02' },
            { id: 3, titre: 'Peinture', montant_total: 300, is_approved: null, date_facture: '2026-04-02' },
          ],
        }),
    });
    renderRoute('/coproprietaire/travaux');
    const list = await screen.findByTestId('finances-travaux');
    const row = (await within(list).findByText('Colonne montante')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Approuvé')).toBeInTheDocument();
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/coproprietaire/travaux/travaux-details/2');
    expect(within(list).getByText('Pas encore décidé')).toBeInTheDocument();
  });

  it('shows a works item with its payments, invoices and quotes, each file opening its download', async () => {
    const document = (id: number, titre: string, type: 'facture' | 'devis') => ({
      id,
      titre,
      type,
      content_type: 'application/pdf',
      taille: 2048,
      url: `/api/documents/${id}`,
      miniature_url: `/api/documents/${id}/miniature`,
    });
    let asked: string | null = null;
    installFakeServer({
      'GET /api/auth/status': authStatus(leila),
      'GET /api/coproprietaire/travaux-details': (request) => {
        asked = new URL(request.url).searchParams.get('travaux_id');
        return json(200, {
          success: true,
          model: 'travaux',
          model_id: 7,
          titre: 'Ravalement de la façade principale',
          details: {
            titre: 'Ravalement de la façade principale',
            fournisseur: 'Façades et Peinture Mansour',
            categorie: 'Entretien et réparations',
            description: 'Deux couches de peinture.',
            approbation: 1,
            date_facture: '2026-06-10',
            montant_total: 6900,
            montant_paye: 2300,
            restant_du: 4600,
            etat_payment: 'partiel',
          },
          paiements: [{ montant: 2300, date_paiement: '2026-06-20', methode_paiement: 'virement' }],
          factures: [document(12, 'facture-acompte.pdf', 'facture')],
          devis: [document(11, 'devis-ravalement.pdf', 'devis')],
          documents: [],
        });
      },
    });
    renderRoute('/coproprietaire/travaux/travaux-details/7');
    const details = await screen.findByTestId('finance-details');
    expect(asked).toBe('7');
    expect(within(details).getByText('Façades et Peinture Mansour')).toBeInTheDocument();
    expect(within(details).getByText('Approuvé')).toBeInTheDocument();
    expect(within(details).getByText('Partiel')).toBeInTheDocument();
    expect(within(details).getByText(/^4\s?600,000\sDT$/)).toBeInTheDocument();
    const paiements = screen.getByTestId('finance-paiements');
    expect(within(paiements).getByText('20/06/2026')).toBeInTheDocument();
    expect(within(paiements).getByText('Virement')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir devis-ravalement.pdf' })).toHaveAttribute(
      'href',
      '/api/documents/11',
    );
    expect(screen.getByRole('link', { name: 'Ouvrir facture-acompte.pdf' })).toHaveAttribute(
      'href',
      '/api/documents/12',
    );
    expect(screen.getByText('Factures')).toBeInTheDocument();
    expect(screen.getByText('Devis')).toBeInTheDocument();
    // A works item has no contract documents: no empty "Documents" block.
    expect(screen.queryByText('Documents')).not.toBeInTheDocument();
  });
});
