import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { routeCrumb } from './route-handle';

/** Breadcrumbs from the matched routes: every route with a `handle.crumb` adds one step. */
export function Breadcrumbs() {
  const { t } = useTranslation(['common', 'layout']);
  const matches = useMatches();
  const crumbs = matches.flatMap((match) => {
    const crumb = routeCrumb(match);
    return crumb ? [{ id: match.id, label: crumb(t), to: match.pathname }] : [];
  });
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t('layout:breadcrumbs.label')} className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={crumb.id}>
              {index > 0 && (
                // Small screens show the current page only: its separator goes with the hidden trail.
                <li aria-hidden="true" className="hidden text-muted-foreground/60 sm:block">
                  <ChevronRight className="size-3.5 rtl:rotate-180" />
                </li>
              )}
              <li
                className={
                  last ? 'truncate font-medium text-foreground' : 'hidden truncate text-muted-foreground sm:block'
                }
              >
                {last ? (
                  <span aria-current="page">{crumb.label}</span>
                ) : (
                  <Link to={crumb.to} className="hover:text-foreground">
                    {crumb.label}
                  </Link>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
