import { Banknote, FileText, Receipt, Wallet } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fake-server';
import { composeNav, navBySpace, sharedNavGroups, visibleNav, type NavEntry } from './nav-config';

// Entries shaped like the co-owner modules to come (spec 3 §2.4), to test the gating rules.
const entries: NavEntry[] = [
  {
    kind: 'link',
    id: 'tableau-de-bord',
    labelKey: 'nav.tableauDeBord',
    to: '/coproprietaire/tableau-de-bord',
    icon: Wallet,
  },
  {
    kind: 'link',
    id: 'revenus',
    labelKey: 'nav.tableauDeBord',
    to: '/coproprietaire/revenus',
    icon: Banknote,
    feature: 'see.recettes',
  },
  {
    kind: 'group',
    id: 'contrats',
    labelKey: 'nav.tableauDeBord',
    icon: FileText,
    children: [
      {
        kind: 'link',
        id: 'contrats-revenus',
        labelKey: 'nav.tableauDeBord',
        to: '/coproprietaire/contrats/revenus',
        icon: Receipt,
        feature: 'see.contrats.recettes',
      },
      {
        kind: 'link',
        id: 'contrats-depenses',
        labelKey: 'nav.tableauDeBord',
        to: '/coproprietaire/contrats/contrats-depenses',
        icon: Receipt,
        feature: 'see.contrats.depenses',
      },
    ],
  },
];

/** The expenses' own group (the depenses module). */
const depenses = [
  'depenses',
  'depenses-charges',
  'depenses-travaux',
  'contrats-depenses',
  'depenses-categories',
  'depenses-fournisseurs',
];
/** The payroll's own group (the salaires module). */
const salaires = ['salaires', 'salaires-salaries', 'salaires-charges-patronales'];

/** The revenue group (spec 1 §2 "Revenue screens"): cotisations, collections, contracts, clients, exceptional revenues. */
const revenus = ['revenus', 'cotisations', 'encaissements', 'contrats-revenus', 'clients', 'revenus-exceptionnels'];

/** The shared bank group (spec 2 §2 "Banking"): its entries come from the banque, rapprochement, remises-cheques and comptabilite modules. */
const banque = [
  'banque',
  'banque-comptes',
  'rapprochement',
  'banque-retraits',
  'banque-depots',
  'banque-frais',
  'banque-interets',
  'banque-transferts-intercomptes',
  'remises-cheques',
  'comptabilite',
  'paiement-en-ligne',
];
/** The bank group as a council member who is not the treasurer sees it: the online payment's settings are the treasurer's. */
const banqueSansFinance = banque.filter((id) => id !== 'paiement-en-ligne');

/** The shared fiscal years and budgets group (spec 2 §2): exercices from the exercices module, budgets from the budgets module. */
const exercicesBudgets = ['exercices-budgets', 'exercices', 'budgets'];

/** The debt recovery's own group (the recouvrement module). */
const recouvrement = ['recouvrement', 'sms-lettres', 'achats-sms'];

/** The shared archive group (spec 3 §2.4): documents-financiers from the archive module, reglements from the reglements module. */
const archive = ['archive', 'documents-financiers', 'reglements'];

const ids = (list: NavEntry[]) =>
  list.flatMap((entry) => (entry.kind === 'link' ? [entry.id] : [entry.id, ...entry.children.map((c) => c.id)]));

describe('sidebar entries', () => {
  it('shows an entry without flag to everybody', () => {
    expect(ids(visibleNav(entries, makeUser({ features: {} })))).toEqual(['tableau-de-bord']);
  });

  it('shows a flagged entry only when the flag is true', () => {
    expect(ids(visibleNav(entries, makeUser({ features: { 'see.recettes': true } })))).toContain('revenus');
    expect(ids(visibleNav(entries, makeUser({ features: { 'see.recettes': false } })))).not.toContain('revenus');
  });

  it('hides a group with no visible child and keeps only the visible children', () => {
    const user = makeUser({ features: { 'see.contrats.depenses': true } });
    expect(ids(visibleNav(entries, user))).toEqual(['tableau-de-bord', 'contrats', 'contrats-depenses']);
  });

  it('has the modules of both spaces', () => {
    expect(ids(navBySpace.syndic)).toEqual([
      'tableau-de-bord',
      'administration',
      'proprietes',
      'conseil',
      'repartition-cotisations',
      'visibilite-finances',
      ...revenus,
      ...depenses,
      ...salaires,
      ...banque,
      'chat',
      ...exercicesBudgets,
      'pannes',
      'pannes_actives',
      'pannes_archives',
      'votes',
      'annonces',
      'annonces_actives',
      'annonces_archivees',
      'assemblees',
      ...recouvrement,
      ...archive,
      'support',
    ]);
    expect(ids(navBySpace.coproprietaire)).toEqual([
      'tableau-de-bord',
      'conseil',
      'cotisations',
      'pannes',
      'chat',
      'votes',
      'assemblees',
      'annonces',
      'reglements',
      'revenus',
      'charges',
      'travaux',
      'rapports-financiers',
      'budgets',
      'contrats',
      'contrats-revenus',
      'contrats-depenses',
      'support',
    ]);
  });

  it('shows the council page of the syndic space to the president only (its route is guarded)', () => {
    const president = makeUser({ is_syndic: true, is_president: true });
    const tresorier = makeUser({ is_syndic: true, is_finance: true });
    expect(ids(visibleNav(navBySpace.syndic, president))).toEqual([
      'tableau-de-bord',
      'administration',
      'proprietes',
      'conseil',
      'repartition-cotisations',
      'visibilite-finances',
      ...revenus,
      ...depenses,
      ...salaires,
      ...banqueSansFinance,
      'chat',
      ...exercicesBudgets,
      'pannes',
      'pannes_actives',
      'pannes_archives',
      'votes',
      'annonces',
      'annonces_actives',
      'annonces_archivees',
      'assemblees',
      ...recouvrement,
      ...archive,
      'support',
    ]);
    expect(ids(visibleNav(navBySpace.syndic, tresorier))).toEqual([
      'tableau-de-bord',
      'administration',
      'proprietes',
      'repartition-cotisations',
      'visibilite-finances',
      ...revenus,
      ...depenses,
      ...salaires,
      ...banque,
      'chat',
      ...exercicesBudgets,
      'pannes',
      'pannes_actives',
      'pannes_archives',
      'votes',
      'annonces',
      'annonces_actives',
      'annonces_archivees',
      'assemblees',
      ...recouvrement,
      ...archive,
      'support',
    ]);
  });

  it('always shows the council, the cotisations, the assemblies and the regulations to co-owners (spec 3 §2.4)', () => {
    // Every finance entry is gated by its visibility right: none granted, none shown.
    expect(ids(visibleNav(navBySpace.coproprietaire, makeUser({ features: {} })))).toEqual([
      'tableau-de-bord',
      'conseil',
      'cotisations',
      'pannes',
      'chat',
      'votes',
      'assemblees',
      'annonces',
      'reglements',
      'support',
    ]);
  });

  it('shows each finance entry of a co-owner after its right, the contrats group only with a child', () => {
    const granted = (keys: string[]) => makeUser({ features: Object.fromEntries(keys.map((key) => [key, true])) });
    expect(ids(visibleNav(navBySpace.coproprietaire, granted(['see.charges', 'see.contrats.depenses'])))).toEqual([
      'tableau-de-bord',
      'conseil',
      'cotisations',
      'pannes',
      'chat',
      'votes',
      'assemblees',
      'annonces',
      'reglements',
      'charges',
      'contrats',
      'contrats-depenses',
      'support',
    ]);
    expect(
      ids(visibleNav(navBySpace.coproprietaire, granted(['see.recettes', 'see.travaux', 'see.budgets']))),
    ).not.toContain('contrats');
  });

  it('lets two modules each add an entry to a shared group (exercices and budgets)', () => {
    const entry = (id: string, order: number) => ({
      kind: 'link' as const,
      group: 'exercices-budgets',
      order,
      id,
      labelKey: 'nav.exercicesBudgets' as const,
      to: `/syndic/exercices-budgets/${id}`,
      icon: Receipt,
    });
    const composed = composeNav([...sharedNavGroups.syndic, entry('budgets', 20), entry('exercices', 10)]);
    // The other shared groups, empty here, are left out.
    expect(ids(composed)).toEqual(['exercices-budgets', 'exercices', 'budgets']);
  });
});
