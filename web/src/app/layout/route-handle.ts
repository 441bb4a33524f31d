import type { UIMatch } from 'react-router';
import type { RouteHandle } from '@/lib/feature-module';

export type { RouteHandle };

export function routeCrumb(match: UIMatch): RouteHandle['crumb'] {
  const handle = match.handle as RouteHandle | undefined;
  return typeof handle?.crumb === 'function' ? handle.crumb : undefined;
}
