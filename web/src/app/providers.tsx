import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { AppStore } from './store';

/** Everything a page needs around it; tests wrap their renders in the same providers. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <TooltipProvider delayDuration={200}>
        {children}
        <Toaster />
      </TooltipProvider>
    </Provider>
  );
}
