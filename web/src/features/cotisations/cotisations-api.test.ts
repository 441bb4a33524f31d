import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { generatedApi } from '@/api/generated';
import { installFakeServer, json } from '@/testing/fake-server';
import { makeStore } from '@/testing/render';
import { cotisationsApi } from './cotisations-api';

type Store = ReturnType<typeof makeStore>;

const SOLDES = '/api/cotisations/proprietes-soldes';
const DETAILS = '/api/cotisations/details';
const HISTORIQUE = '/api/cotisations/historique-paiements';

const success = () => json(200, { success: true });

/** A store holding the three revenue answers that show payer names, each read once. */
async function storeWithRevenueAnswers() {
  const server = installFakeServer({
    [`GET ${SOLDES}`]: () => json(200, { success: true, message: '', data: [], stats: {} }),
    [`GET ${DETAILS}`]: () => json(200, { success: true, data: {} }),
    [`GET ${HISTORIQUE}`]: () => json(200, { success: true, encaissements: [], montants_non_payes: [] }),
    'POST /api/proprietes/historique/creer': success,
    'POST /api/proprietes/historique/modifier': success,
    'POST /api/proprietes/historique/supprimer': success,
    'POST /api/conseil-syndical/ajouter': success,
  });
  const store = makeStore();
  const subscriptions = [
    store.dispatch(cotisationsApi.endpoints.getProprietesSoldes.initiate()),
    store.dispatch(cotisationsApi.endpoints.getCotisationDetails.initiate({ id: 7 })),
    store.dispatch(cotisationsApi.endpoints.getHistoriquePaiements.initiate({ appartementId: 5 })),
  ];
  await Promise.all(subscriptions);
  const reads = () => [SOLDES, DETAILS, HISTORIQUE].map((path) => server.calls('GET', path).length);
  expect(reads()).toEqual([1, 1, 1]);
  return { store, reads, unsubscribe: () => subscriptions.forEach((s) => s.unsubscribe()) };
}

const occupancyChanges: [string, (store: Store) => Promise<unknown>][] = [
  [
    'an occupation is created',
    (store) =>
      store.dispatch(
        generatedApi.endpoints.createOccupation.initiate({
          createOccupationRequest: {
            propriete: 5,
            occupant: 12,
            type_occupation: 'locataire',
            date_debut: '2026-03-01',
            is_payer: true,
          },
        }),
      ),
  ],
  [
    'an occupation or its occupant is edited',
    (store) =>
      store.dispatch(
        generatedApi.endpoints.updateOccupation.initiate({
          updateOccupationRequest: {
            occupation_id: 301,
            occupant_id: 12,
            occupant_nom: 'Sami Gharbi',
            occupant_sexe: 'homme',
            type_occupation: 'proprietaire',
            date_debut: '2020-01-01',
          },
        }),
      ),
  ],
  [
    'an occupation is deleted',
    (store) =>
      store.dispatch(
        generatedApi.endpoints.deleteOccupation.initiate({ deleteOccupationRequest: { occupation_id: 301 } }),
      ),
  ],
];

describe('revenue answers showing payer names', () => {
  it.each(occupancyChanges)('are fetched again when %s', async (_change, change) => {
    const { store, reads, unsubscribe } = await storeWithRevenueAnswers();
    await change(store);
    await waitFor(() => expect(reads()).toEqual([2, 2, 2]));
    unsubscribe();
  });

  it('stay cached when something they do not show changes', async () => {
    const { store, reads, unsubscribe } = await storeWithRevenueAnswers();
    await store.dispatch(generatedApi.endpoints.ajouterMembre.initiate({ ajouterMembreRequest: { user: 3 } }));
    // Give a refetch the time to start, were one due.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toEqual([1, 1, 1]);
    unsubscribe();
  });
});
