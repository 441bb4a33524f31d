import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { SlotsProvider, type Slots } from '@/lib/slots';
import { modules } from './modules';
import type { AppStore } from './store';

/** The places of a page another module fills (lib/slots.tsx), from every module's `slots`. */
const slots: Slots = Object.assign({}, ...modules.map((module) => module.slots ?? {})) as Slots;

/** Everything a page needs around it; tests wrap their renders in the same providers. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <SlotsProvider value={slots}>
        <TooltipProvider delayDuration={200}>
          {children}
          <Toaster />
        </TooltipProvider>
      </SlotsProvider>
    </Provider>
  );
}
