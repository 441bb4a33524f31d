import type { TFunction } from 'i18next';
import type { UIMatch } from 'react-router';

/** What a route may declare in its `handle`: the breadcrumb label for its segment. */
export interface RouteHandle {
  crumb?: (t: TFunction<['common', 'layout']>) => string;
}

export function routeCrumb(match: UIMatch): RouteHandle['crumb'] {
  const handle = match.handle as RouteHandle | undefined;
  return typeof handle?.crumb === 'function' ? handle.crumb : undefined;
}
