import {
  Banknote,
  Building2,
  ChartPie,
  HandCoins,
  LayoutDashboard,
  ReceiptText,
  Settings2,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { FeatureKey, User } from '@/api/types';
import type frLayout from '@/i18n/locales/fr/layout.json';
import { hasFeature, type Space } from '@/lib/auth/roles';
import { paths } from '../paths';

/**
 * Sidebar entries of both spaces (spec 3 §2.4), in one place. An entry is added here when its
 * module exists; a label is a key of the `nav` section of the layout catalogue.
 *
 * Adding a module: add its path to app/paths.ts, its route to app/router.tsx, its label to
 * locales/{fr,ar}/layout.json under `nav`, and an entry below. A co-owner entry that depends on a
 * visibility right sets `feature` (for example `feature: 'see.recettes'` for revenus); a group
 * whose children are all hidden is hidden too (the contrats group).
 */
export type NavLabelKey = `nav.${keyof (typeof frLayout)['nav']}`;

export interface NavLink {
  kind: 'link';
  id: string;
  labelKey: NavLabelKey;
  to: string;
  icon: LucideIcon;
  /** Shown only when the user has this flag set to true. */
  feature?: FeatureKey;
  /**
   * Shown only to the president: for pages whose route is guarded for the president (the
   * council page, spec 2 §2 "Council"), so that nobody is offered a link to /unauthorized.
   */
  presidentOnly?: boolean;
  /** Show a "new" badge (spec 3 §2.4: visibilite-finances is flagged new). */
  isNew?: boolean;
}

export interface NavGroup {
  kind: 'group';
  id: string;
  labelKey: NavLabelKey;
  icon: LucideIcon;
  children: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

export const navBySpace: Record<Space, NavEntry[]> = {
  syndic: [
    {
      kind: 'link',
      id: 'tableau-de-bord',
      labelKey: 'nav.tableauDeBord',
      to: paths.syndic.tableauDeBord,
      icon: LayoutDashboard,
    },
    {
      kind: 'group',
      id: 'administration',
      labelKey: 'nav.administration',
      icon: Settings2,
      children: [
        { kind: 'link', id: 'proprietes', labelKey: 'nav.proprietes', to: paths.syndic.proprietes, icon: Building2 },
        {
          kind: 'link',
          id: 'conseil',
          labelKey: 'nav.conseil',
          to: paths.syndic.conseil,
          icon: Users,
          presidentOnly: true,
        },
        {
          kind: 'link',
          id: 'repartition-cotisations',
          labelKey: 'nav.repartitionCotisations',
          to: paths.syndic.repartitionCotisations,
          icon: ChartPie,
        },
      ],
    },
    {
      kind: 'group',
      id: 'revenus',
      labelKey: 'nav.revenus',
      icon: Banknote,
      children: [
        {
          kind: 'link',
          id: 'cotisations',
          labelKey: 'nav.cotisations',
          to: paths.syndic.cotisations,
          icon: ReceiptText,
        },
        {
          kind: 'link',
          id: 'encaissements',
          labelKey: 'nav.encaissements',
          to: paths.syndic.encaissement,
          icon: HandCoins,
        },
      ],
    },
  ],
  coproprietaire: [
    {
      kind: 'link',
      id: 'tableau-de-bord',
      labelKey: 'nav.tableauDeBord',
      to: paths.coproprietaire.tableauDeBord,
      icon: LayoutDashboard,
    },
    // Always shown (spec 3 §2.4), in the spec's order.
    { kind: 'link', id: 'conseil', labelKey: 'nav.conseil', to: paths.coproprietaire.conseil, icon: Users },
    {
      kind: 'link',
      id: 'cotisations',
      labelKey: 'nav.cotisations',
      to: paths.coproprietaire.cotisations,
      icon: ReceiptText,
    },
  ],
};

type NavUser = Pick<User, 'features' | 'is_president'>;

function linkVisible(link: NavLink, user: NavUser | null): boolean {
  if (link.presidentOnly && user?.is_president !== true) return false;
  return link.feature === undefined || hasFeature(user, link.feature);
}

/**
 * The entries a user sees: flag-gated and president-only links removed, groups with no visible
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
