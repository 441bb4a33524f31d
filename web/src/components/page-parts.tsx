import { ArrowLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';

/** The back link above a page's title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mb-2 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {children}
    </Link>
  );
}

/** The item of the address does not exist. */
export function NotFound({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Alert variant="destructive" data-testid={testId}>
      <SearchX aria-hidden="true" />
      <span>{children}</span>
    </Alert>
  );
}
