import type { CoproprietaireDashboardResponse, SyndicDashboardResponse } from './dashboard-api';

const mois = (valeurs: [string, number][]) => valeurs.map(([m, montant]) => ({ mois: m, montant }));

/** GET /api/dashboard of "Les Jasmins" on 15 February 2026 (the API test's residence). */
export function syndicDashboard(overrides: Partial<SyndicDashboardResponse> = {}): SyndicDashboardResponse {
  return {
    success: true,
    residence_nom: 'Les Jasmins',
    periode: '3m',
    solde_en_banque: 1000,
    solde_en_espece: 105,
    solde_tresorerie: 1105,
    total_du_copros: 60,
    copros_count_du: 1,
    total_restants_factures: 1075,
    exercice: 2026,
    total_depenses: 940,
    depenses_par_categorie: { Eau: 40, "Travaux décidés par l'assemblée générale": 900 },
    categories_depenses: [
      { compte: '672', categorie_id: null, libelle: "Travaux décidés par l'assemblée générale", montant: 900 },
      { compte: '600002', categorie_id: 2, libelle: 'Eau', montant: 40 },
    ],
    revenus: mois([
      ['2025-12', 60],
      ['2026-01', 0],
      ['2026-02', 120],
    ]),
    depenses: mois([
      ['2025-12', 150],
      ['2026-01', 40],
      ['2026-02', 900],
    ]),
    copros_soldes: [{ occupant_id: 1, occupant_nom: 'Leïla Haddad', restant_du: 60, restant_du_fmt: '60,000 DT' }],
    factures: [
      {
        id: 1,
        titre: 'STEG décembre',
        type: 'charge',
        fournisseur_nom: 'STEG',
        date_facture: '2025-12-20',
        restant_du: 150,
        restant_du_fmt: '150,000 DT',
      },
      {
        id: 3,
        titre: "Peinture cage d'escalier",
        type: 'travaux',
        fournisseur_nom: 'Peinture Plus',
        date_facture: '2026-02-01',
        restant_du: 900,
        restant_du_fmt: '900,000 DT',
      },
    ],
    annonces_votes: [],
    pannes: [],
    assemblees: [],
    ...overrides,
  };
}

/** GET /api/coproprietaire/dashboard of Leïla, every part visible. */
export function coproprietaireDashboard(
  overrides: Partial<CoproprietaireDashboardResponse> = {},
): CoproprietaireDashboardResponse {
  const syndic = syndicDashboard();
  return {
    success: true,
    residence_nom: 'Les Jasmins',
    periode: '3m',
    proprietes: [{ id: 1, nom: 'A1', type: 'appartement', type_occupation: 'proprietaire', is_payer: true }],
    votre_solde: -60,
    assemblees: [],
    annonces_votes: [],
    pannes: [],
    visibilite: { tresorerie: true, repartition_charges: true, recettes_depenses: true },
    solde_tresorerie: syndic.solde_tresorerie,
    exercice: syndic.exercice,
    total_depenses: syndic.total_depenses,
    depenses_par_categorie: syndic.depenses_par_categorie,
    categories_depenses: syndic.categories_depenses,
    revenus: syndic.revenus,
    depenses: syndic.depenses,
    ...overrides,
  };
}
