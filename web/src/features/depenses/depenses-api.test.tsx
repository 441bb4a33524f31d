import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { generatedApi } from '@/api/generated';
import { json } from '@/testing/fake-server';
import { makeStore } from '@/testing/render';
import { depensesApi } from './depenses-api';
import { depensesServer, fournisseurs } from './depenses-fixtures';

/** The screens that follow an expense: the bank's accounts, the books, the expenses' own lists. */
function followers() {
  const server = depensesServer(undefined, {
    'GET /api/banque/comptes': () => json(200, { success: true, comptes: [] }),
    'GET /api/comptabilite/journal': () => json(200, { success: true, ecritures: [] }),
    'POST /api/charges-courantes/payer': () => json(200, { success: true }),
    'POST /api/fournisseurs/creer-dialog': () => json(200, { success: true, fournisseur: fournisseurs[1] }),
  });
  const store = makeStore();
  store.dispatch(generatedApi.endpoints.getComptesBancaires.initiate());
  store.dispatch(generatedApi.endpoints.getComptabiliteJournal.initiate({ exercice: 2026 }));
  store.dispatch(depensesApi.endpoints.getCharges.initiate());
  store.dispatch(depensesApi.endpoints.getChargesFournisseursCategories.initiate());
  store.dispatch(depensesApi.endpoints.getCategories.initiate());
  return { server, store };
}

const GETS = [
  '/api/banque/comptes',
  '/api/comptabilite/journal',
  '/api/charges-courantes',
  '/api/charges-courantes/fournisseurs-categories',
  '/api/categories',
];

function fetched(server: ReturnType<typeof depensesServer>): Record<string, number> {
  return Object.fromEntries(GETS.map((path) => [path, server.calls('GET', path).length]));
}

describe('the expenses cache tags', () => {
  it('refetches the bank accounts, the books and the charges after a payment', async () => {
    const { server, store } = followers();
    await waitFor(() => expect(Object.values(fetched(server))).toEqual([1, 1, 1, 1, 1]));
    await store
      .dispatch(
        depensesApi.endpoints.payerCharge.initiate({
          payerRequest: { id: 11, montant: 10, date_paiement: '2026-03-12', methode_paiement: 'espece' },
        }),
      )
      .unwrap();
    await waitFor(() =>
      expect(fetched(server)).toMatchObject({
        '/api/banque/comptes': 2,
        '/api/comptabilite/journal': 2,
        '/api/charges-courantes': 2,
        // A payment changes none of the choices of a charge's form.
        '/api/charges-courantes/fournisseurs-categories': 1,
      }),
    );
  });

  it("refetches a charge's choices and the charges (supplier names) after a supplier is created", async () => {
    const { server, store } = followers();
    await waitFor(() => expect(Object.values(fetched(server))).toEqual([1, 1, 1, 1, 1]));
    await store
      .dispatch(
        depensesApi.endpoints.createFournisseurDialog.initiate({
          fournisseurDialogRequest: { nom: 'Hédi le jardinier' },
        }),
      )
      .unwrap();
    await waitFor(() =>
      expect(fetched(server)).toMatchObject({
        '/api/charges-courantes/fournisseurs-categories': 2,
        '/api/charges-courantes': 2,
        // Nothing moved in the bank or the books.
        '/api/banque/comptes': 1,
        '/api/comptabilite/journal': 1,
      }),
    );
  });
});

describe('the approvers of a works item or a budget', () => {
  const AGS_VOTES = '/api/travaux/ags-votes';

  it.each([
    [
      'a vote is created',
      (store: ReturnType<typeof makeStore>) =>
        store.dispatch(generatedApi.endpoints.creerVote.initiate({ voteRequest: {} } as never)),
    ],
    [
      'a meeting is created',
      (store: ReturnType<typeof makeStore>) =>
        store.dispatch(generatedApi.endpoints.creerAssemblee.initiate({ infosGeneralesRequest: {} } as never)),
    ],
  ])('are read again when %s (the forms offer it at once)', async (_, create) => {
    const server = depensesServer(undefined, {
      [`GET ${AGS_VOTES}`]: () => json(200, { success: true, ags: [], votes: [] }),
      'POST /api/votes/creer': () => json(200, { success: true }),
      'POST /api/assemblees/creer-dialog': () => json(200, { success: true }),
    });
    const store = makeStore();
    store.dispatch(depensesApi.endpoints.getTravauxAgsVotes.initiate());
    await waitFor(() => expect(server.calls('GET', AGS_VOTES)).toHaveLength(1));
    await create(store);
    await waitFor(() => expect(server.calls('GET', AGS_VOTES)).toHaveLength(2));
  });
});
