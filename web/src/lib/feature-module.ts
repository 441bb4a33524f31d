import type { FlatNamespace, TFunction } from 'i18next';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { NonIndexRouteObject } from 'react-router';
import type { FeatureKey } from '@/api/types';
import type frLayout from '@/i18n/locales/fr/layout.json';
import type { Space } from '@/lib/auth/roles';
import type { Slots } from '@/lib/slots';
import type { MessageKey } from '@/lib/validation';

/**
 * The shape of a feature module (`features/<module>/module.tsx`): what it adds to the app from its
 * own folder — routes in each space, sidebar entries, translation catalogues. The app composes the
 * modules listed in app/modules.ts; nothing else in app/ names a module.
 */

/** What a route may declare in its `handle`: the breadcrumb label for its segment (`ns:key`). */
export interface RouteHandle {
  crumb?: (t: TFunction<FlatNamespace[]>) => string;
}

/**
 * Who may open a route besides the space's own rule: the president only, the treasurer only, or
 * either of them (the employees' forms, spec 2 §6).
 */
export type RouteGuard = 'president' | 'finance' | 'financeOrPresident';

/**
 * A route of a module, placed under its space's layout (SyndicGuard and the sidebar for `syndic`).
 * Paths are absolute (`/syndic/revenus/cotisations`) and pages are loaded with `lazy` so that each
 * page is its own chunk. `guard` puts the route behind PresidentGuard or FinanceGuard (signed-in
 * users lacking the flag land on /unauthorized).
 */
export interface ModuleRoute {
  path?: string;
  index?: boolean;
  handle?: RouteHandle;
  lazy?: NonIndexRouteObject['lazy'];
  guard?: RouteGuard;
  children?: ModuleRoute[];
}

/** A key of the layout catalogue's `nav` section (the frame's own entries and groups). */
export type NavLabelKey = `nav.${keyof (typeof frLayout)['nav']}`;

export interface NavLink {
  kind: 'link';
  id: string;
  /** `nav.x` of the layout catalogue, or a module's own key (`cotisations:nav.cotisations`). */
  labelKey: NavLabelKey | MessageKey;
  to: string;
  icon: LucideIcon;
  /** Shown only when the user has this flag set to true (co-owner entries, spec 3 §2.4). */
  feature?: FeatureKey;
  /**
   * Shown only to the president: for pages whose route is guarded for the president (the
   * council page, spec 2 §2 "Council"), so that nobody is offered a link to /unauthorized.
   */
  presidentOnly?: boolean;
  /**
   * Shown only to the treasurer (`is_finance`): for pages whose route is guarded for finance
   * (the online payment's settings, issue 21).
   */
  financeOnly?: boolean;
  /** Show a "new" badge (spec 3 §2.4: visibilite-finances is flagged new). */
  isNew?: boolean;
}

export interface NavGroup {
  kind: 'group';
  id: string;
  labelKey: NavLabelKey | MessageKey;
  icon: LucideIcon;
  children: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

/**
 * A sidebar entry of a module. `order` places it among the space's entries, or inside `group`
 * (a group of app/layout/nav-config.ts such as `administration`, or one the module declares):
 * the numbers follow the spec's order, see the table in nav-config.ts.
 */
export type ModuleNavEntry =
  (NavLink & { order: number; group?: string }) | (Omit<NavGroup, 'children'> & { order: number });

/** A module's catalogues: namespace → JSON, in both languages (French is the type reference). */
export interface ModuleCatalogues {
  fr: Record<string, object>;
  ar: Record<string, object>;
}

export interface FeatureModule<C extends ModuleCatalogues = ModuleCatalogues> {
  /** The folder's name (`cotisations`). */
  id: string;
  routes?: Partial<Record<Space, ModuleRoute[]>>;
  nav?: Partial<Record<Space, ModuleNavEntry[]>>;
  /**
   * What the module adds to the header of both spaces, before the profile menu (the
   * notifications' bell, spec 3 §2.4), in the modules' order.
   */
  header?: ComponentType;
  /** The places of other modules' pages this module fills (lib/slots.tsx), composed by the app. */
  slots?: Slots;
  catalogues: C;
}

/** Every namespace of a list of modules, merged (for i18next's typed keys). */
export type CataloguesOf<M extends readonly FeatureModule[]> = UnionToIntersection<M[number]['catalogues']['fr']>;

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;
