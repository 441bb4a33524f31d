import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { Budget } from './budgets-api';

/** Test data of the budgets' screens: residence "Les Jasmins", 2025 closed, 2026 current. */

export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });
export const coproprietaire = makeUser({ id: 5, nom: 'Leïla Haddad', tel: '50000001' });

export const budget2026: Budget = {
  id: 2026,
  annee_exercice: 2026,
  titre: 'Budget prévisionnel 2026',
  montant_total: 2300.5,
  montant_total_depense: 1310.25,
  is_approved: 1,
  approvable_type: null,
  approvable_id: null,
  commentaire: 'Adopté en mars',
  is_closed: false,
  elements: [
    {
      id: 11,
      categorie_id: 1,
      categorie_titre: 'Électricité',
      montant: 1000,
      montant_total_depense: 1250.25,
      charges: [
        { id: 101, titre: 'STEG janvier 2026', montant: 600, date_facture: '2026-01-31' },
        { id: 102, titre: 'STEG février 2026', montant: 650.25, date_facture: '2026-02-28' },
      ],
    },
    {
      id: 12,
      categorie_id: 2,
      categorie_titre: 'Nettoyage',
      montant: 1300.5,
      montant_total_depense: 60,
      charges: [{ id: 103, titre: 'Produits d’entretien', montant: 60, date_facture: '2026-03-02' }],
    },
  ],
};

export const budget2025: Budget = {
  id: 2025,
  annee_exercice: 2025,
  titre: 'Budget 2025',
  montant_total: 900,
  montant_total_depense: 900,
  is_approved: null,
  approvable_type: null,
  approvable_id: null,
  commentaire: null,
  is_closed: true,
  elements: [
    {
      id: 3,
      categorie_id: 1,
      categorie_titre: 'Électricité',
      montant: 900,
      montant_total_depense: 900,
      charges: [{ id: 90, titre: 'STEG 2025', montant: 900, date_facture: '2025-12-31' }],
    },
  ],
};

export const categories = [
  { id: 1, titre: 'Électricité' },
  { id: 2, titre: 'Nettoyage' },
  { id: 3, titre: 'Jardinage' },
];

/** The budgets' routes answering the data above; `routes` override or add. */
export function budgetsServer(user = tresorier, routes: Record<string, FakeHandler> = {}) {
  const liste = { success: true, budgets: [budget2026, budget2025], currentBudget: budget2026 };
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/budgets': () => json(200, liste),
    'GET /api/coproprietaire/budgets': () => json(200, liste),
    'GET /api/budgets/details': (request) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      const budget = [budget2026, budget2025].find((candidate) => candidate.id === id);
      return budget
        ? json(200, { success: true, currentBudget: budget })
        : json(404, { success: false, code: 'budget_inconnu', message: "Ce budget n'existe pas." });
    },
    'GET /api/charges-courantes/fournisseurs-categories': () =>
      json(200, { success: true, fournisseurs: [], categories }),
    'GET /api/travaux/ags-votes': () => json(200, { success: true, ags: [], votes: [] }),
    ...routes,
  });
}

export function bodyOf(request: { body: string } | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}
