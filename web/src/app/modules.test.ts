import type { TFunction } from 'i18next';
import { Building2, Settings2, Users } from 'lucide-react';
import { matchPath, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import type { Space } from '@/lib/auth/roles';
import type { ModuleRoute } from '@/lib/feature-module';
import { composeNav, navBySpace, sharedNavGroups } from './layout/nav-config';
import { modules } from './modules';
import { toRouteObject } from './routes';

const SPACES: Space[] = ['syndic', 'coproprietaire'];

function flattenRoutes(routes: readonly ModuleRoute[]): ModuleRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}

/** The keys a crumb asks t() for. */
function crumbKeys(route: ModuleRoute): string[] {
  const keys: string[] = [];
  const t = ((key: string) => {
    keys.push(key);
    return key;
  }) as unknown as TFunction<never[]>;
  route.handle?.crumb?.(t as never);
  return keys;
}

const exists = (key: string) => (['fr', 'ar'] as const).every((lng) => i18n.exists(key, { lng, ns: 'layout' }));

describe('feature modules', () => {
  it('have distinct ids', () => {
    const ids = modules.map((module) => module.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('bring the same namespaces in fr and ar, and i18next has them', () => {
    for (const module of modules) {
      expect(Object.keys(module.catalogues.ar).sort(), module.id).toEqual(Object.keys(module.catalogues.fr).sort());
      for (const namespace of Object.keys(module.catalogues.fr)) {
        expect(i18n.hasResourceBundle('fr', namespace) && i18n.hasResourceBundle('ar', namespace), namespace).toBe(
          true,
        );
      }
    }
  });

  it('label their sidebar entries and breadcrumbs with keys of both catalogues', () => {
    const missing: string[] = [];
    for (const module of modules) {
      for (const space of SPACES) {
        for (const entry of module.nav?.[space] ?? []) {
          if (!exists(entry.labelKey)) missing.push(`${module.id} nav ${entry.id}: ${entry.labelKey}`);
        }
        for (const route of flattenRoutes(module.routes?.[space] ?? [])) {
          for (const key of crumbKeys(route))
            if (!exists(key)) missing.push(`${module.id} crumb ${route.path}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('link the sidebar to routes of the same space only', () => {
    for (const space of SPACES) {
      const paths = modules
        .flatMap((module) => flattenRoutes(module.routes?.[space] ?? []))
        .flatMap((route) => (route.path ? [route.path] : []));
      for (const module of modules) {
        for (const entry of module.nav?.[space] ?? []) {
          if (entry.kind !== 'link') continue;
          expect(
            paths.some((path) => matchPath(path, entry.to)),
            `${module.id}: ${entry.to}`,
          ).toBe(true);
        }
      }
    }
  });

  it('keep the paths of their routes inside their space', () => {
    for (const space of SPACES) {
      for (const module of modules) {
        for (const route of flattenRoutes(module.routes?.[space] ?? [])) {
          if (route.path) expect(route.path.startsWith(`/${space}/`), `${module.id}: ${route.path}`).toBe(true);
        }
      }
    }
  });
});

describe('module routes', () => {
  it('put a guarded route under its guard, as a pathless layout route', () => {
    const lazy = async () => ({ Component: () => null });
    const route = toRouteObject({
      path: '/syndic/x',
      children: [
        { index: true, lazy },
        { path: '/syndic/x/creer', guard: 'finance', lazy },
      ],
    });
    const children = route.children as RouteObject[];
    expect(route.path).toBe('/syndic/x');
    expect(children[0]).toEqual({ index: true, lazy });
    expect(children[1]?.path).toBeUndefined();
    expect((children[1]?.element as { type: { name: string } }).type.name).toBe('FinanceGuard');
    expect(children[1]?.children).toEqual([{ path: '/syndic/x/creer', lazy }]);
  });
});

describe('sidebar composition', () => {
  it('places entries by order, inside their group, and drops a group no module fills', () => {
    const nav = composeNav([
      ...sharedNavGroups.syndic,
      { kind: 'link', order: 20, group: 'administration', id: 'b', labelKey: 'x:b', to: '/syndic/b', icon: Users },
      { kind: 'link', order: 10, group: 'administration', id: 'a', labelKey: 'x:a', to: '/syndic/a', icon: Building2 },
      { kind: 'link', order: 5, id: 'top', labelKey: 'x:top', to: '/syndic/top', icon: Settings2 },
    ]);
    expect(nav.map((entry) => [entry.id, entry.kind === 'group' ? entry.children.map((c) => c.id) : []])).toEqual([
      ['top', []],
      ['administration', ['a', 'b']],
    ]);
  });

  it('refuses an entry in an unknown group', () => {
    expect(() =>
      composeNav([{ kind: 'link', order: 1, group: 'nope', id: 'a', labelKey: 'x:a', to: '/a', icon: Users }]),
    ).toThrow(/unknown group "nope"/);
  });

  it('gives the spaces their entries from the module list', () => {
    expect(navBySpace.syndic.map((entry) => entry.id)).toEqual([
      'tableau-de-bord',
      'administration',
      'revenus',
      'depenses',
      'salaires',
      'banque',
      'chat',
      'exercices-budgets',
      'pannes',
      'votes',
      'annonces',
      'assemblees',
      'recouvrement',
      'archive',
      'support',
    ]);
    expect(navBySpace.coproprietaire.map((entry) => entry.id)).toEqual([
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
      'support',
    ]);
  });
});
