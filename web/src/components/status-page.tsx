import type { ReactNode } from 'react';
import { Brand } from './brand';
import { LanguageSwitch } from './language-switch';

/** Full-page frame for pages outside the app layout (login, 401, 403, 404, loading, legal). */
export function StandalonePage({
  children,
  showLanguageSwitch = true,
}: {
  children: ReactNode;
  showLanguageSwitch?: boolean;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between gap-4 px-6 py-4">
        <Brand />
        {showLanguageSwitch && <LanguageSwitch />}
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">{children}</main>
    </div>
  );
}

interface StatusPageProps {
  icon?: ReactNode;
  code?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** An error or status message (401, 403, 404, session check failure). */
export function StatusPage({ icon, code, title, children, actions }: StatusPageProps) {
  return (
    <StandalonePage>
      <section className="w-full max-w-md text-center">
        {icon && (
          <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-7">
            {icon}
          </div>
        )}
        {code && <p className="mb-1 text-sm font-semibold tracking-widest text-muted-foreground">{code}</p>}
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {children && <div className="mt-3 space-y-2 text-muted-foreground">{children}</div>}
        {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
      </section>
    </StandalonePage>
  );
}
