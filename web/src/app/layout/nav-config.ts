import { Archive, Banknote, CalendarRange, Landmark, Settings2 } from 'lucide-react';
import type { User } from '@/api/types';
import { hasFeature, type Space } from '@/lib/auth/roles';
import type { ModuleNavEntry, NavEntry, NavGroup, NavLink } from '@/lib/feature-module';
import { modules } from '../modules';

export type { NavEntry, NavGroup, NavLabelKey, NavLink } from '@/lib/feature-module';

/**
 * Sidebar entries of both spaces (spec 3 §2.4). Each module lists its own entries in its
 * module.tsx (`nav`); the groups several modules share are declared here. An entry's `order`
 * places it among the top-level entries, or inside its group, in the spec's order:
 *
 * - syndic, top level: tableau-de-bord 10, administration 20, revenus 30, then depenses,
 *   salaires, banque, chat, exercices-budgets, pannes, votes, annonces, assemblees, recouvrement,
 *   archive, support by tens (40…150);
 * - administration: proprietes 10, conseil 20, repartition-cotisations 30, visibilite-finances 40;
 * - revenus: cotisations 10, encaissements 20;
 * - depenses (declared by the depenses module): charges 10, travaux 20, contrats-depenses 30,
 *   categories 40, fournisseurs 50;
 * - banque: comptes 10, rapprochement 20, retraits-espece 30, depots-espece 40, frais-bancaires 50,
 *   interets-gagnes 60, transferts-intercomptes 70, remises-cheques 80, comptabilite 90,
 *   paiement-en-ligne 100 (the treasurer's only).
 * - exercices-budgets: exercices 10 (the exercices module), budgets 20 (the budgets module).
 * - recouvrement (declared by the recouvrement module): sms-lettres 10, achats-sms 20.
 * - archive: documents-financiers 10 (the archive module), reglements 20 (the reglements module).
 *
 * Co-owners: tableau-de-bord 10, conseil 20, cotisations 30, then pannes, chat, votes… by tens
 * (the always-shown entries of spec 3 §2.4 up to support 100; reglements 90), then the flagged
 * ones: revenus 110, charges 120, travaux 130, rapports-financiers 140, budgets 150, contrats 160.
 * A co-owner entry gated by a visibility right sets `feature` (`feature: 'see.recettes'`); a group
 * whose children are all hidden is hidden too (the contrats group). An entry whose route is
 * behind the president's guard sets `presidentOnly`, one behind the treasurer's `financeOnly`.
 */
export const sharedNavGroups: Record<Space, ModuleNavEntry[]> = {
  syndic: [
    { kind: 'group', order: 20, id: 'administration', labelKey: 'nav.administration', icon: Settings2 },
    { kind: 'group', order: 30, id: 'revenus', labelKey: 'nav.revenus', icon: Banknote },
    { kind: 'group', order: 60, id: 'banque', labelKey: 'nav.banque', icon: Landmark },
    // Shared by the fiscal years' module (exercices 10) and the budgets' (budgets 20).
    { kind: 'group', order: 80, id: 'exercices-budgets', labelKey: 'nav.exercicesBudgets', icon: CalendarRange },
    // The financial archive (documents-financiers 10) and the regulations (reglements 20).
    { kind: 'group', order: 140, id: 'archive', labelKey: 'nav.archive', icon: Archive },
  ],
  coproprietaire: [],
};

/**
 * One space's sidebar from the shared groups and the modules' entries, sorted by `order`: links
 * with a `group` go inside that group, and a group no module fills is left out. A link naming an
 * unknown group, or a group declared twice, is a programming error.
 */
export function composeNav(entries: readonly ModuleNavEntry[]): NavEntry[] {
  const sorted = [...entries].sort((a, b) => a.order - b.order);
  const groups = new Map<string, NavGroup>();
  for (const entry of sorted) {
    if (entry.kind !== 'group') continue;
    if (groups.has(entry.id)) throw new Error(`sidebar group "${entry.id}" is declared twice`);
    const { order: _order, ...group } = entry;
    groups.set(entry.id, { ...group, children: [] });
  }
  const top: NavEntry[] = [];
  for (const entry of sorted) {
    if (entry.kind === 'group') {
      const group = groups.get(entry.id);
      if (group) top.push(group);
      continue;
    }
    const { order: _order, group: groupId, ...link } = entry;
    if (groupId === undefined) {
      top.push(link);
    } else {
      const group = groups.get(groupId);
      if (!group) throw new Error(`sidebar entry "${link.id}" names an unknown group "${groupId}"`);
      group.children.push(link);
    }
  }
  return top.filter((entry) => entry.kind === 'link' || entry.children.length > 0);
}

function spaceNav(space: Space): NavEntry[] {
  return composeNav([...sharedNavGroups[space], ...modules.flatMap((module) => module.nav?.[space] ?? [])]);
}

export const navBySpace: Record<Space, NavEntry[]> = {
  syndic: spaceNav('syndic'),
  coproprietaire: spaceNav('coproprietaire'),
};

type NavUser = Pick<User, 'features' | 'is_president' | 'is_finance'>;

function linkVisible(link: NavLink, user: NavUser | null): boolean {
  if (link.presidentOnly && user?.is_president !== true) return false;
  if (link.financeOnly && user?.is_finance !== true) return false;
  return link.feature === undefined || hasFeature(user, link.feature);
}

/**
 * The entries a user sees: flag-gated, president-only and finance-only links removed, groups with no visible
 * child removed.
 */
export function visibleNav(entries: readonly NavEntry[], user: NavUser | null): NavEntry[] {
  const result: NavEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link') {
      if (linkVisible(entry, user)) result.push(entry);
    } else {
      const children = entry.children.filter((child) => linkVisible(child, user));
      if (children.length > 0) result.push({ ...entry, children });
    }
  }
  return result;
}
