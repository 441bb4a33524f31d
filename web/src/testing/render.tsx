import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { makeStore, type AppStore } from '@/app/store';
import type { RootState } from '@/lib/store/root-reducer';

/** The app's store, for tests outside app/ (which do not import the app layer). */
export { makeStore };

interface ProviderOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/** Renders a component with the store, tooltips, toasts and a router (for links). */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, store = makeStore(preloadedState), ...options }: ProviderOptions = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders store={store}>
        <MemoryRouter>{children}</MemoryRouter>
      </AppProviders>
    );
  }
  return { store, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/** Renders the real route tree at a URL, as a user opening that address would see it. */
export function renderRoute(
  path: string,
  { preloadedState, store = makeStore(preloadedState), ...options }: ProviderOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
    options,
  );
  return { store, router, ...result };
}
