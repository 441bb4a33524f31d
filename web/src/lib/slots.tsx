import { createContext, Suspense, useContext, type ComponentType } from 'react';

/**
 * Extension points: a place in one feature's page that another feature fills. A feature does not
 * import another (web/eslint-rules/layers.js), so the page names the place (`<Slot name="…" />`),
 * the filling module declares its component in its module.tsx (`slots`), and the app composes
 * them (app/providers.tsx). A place nobody fills renders nothing.
 *
 *   // features/cotisations/…-page.tsx
 *   <Slot name="payerEnLigne" montantDuIds={[due.id]} variant="ligne" />
 *   // features/paiement-en-ligne/module.tsx
 *   slots: { payerEnLigne: PayerEnLigne },
 */
export interface SlotProps {
  /**
   * The co-owner's "pay online" action (issue 21): for the dues given, or for every due owed now
   * (due date reached, something left to pay) when `montantDuIds` is absent. `ligne`: a due's
   * row; `tout`: every due owed now, on the cotisations page; `carte`: the dashboard's balance.
   * Renders nothing when online payment is not available to the co-owner.
   */
  payerEnLigne: { montantDuIds?: readonly number[]; variant: 'ligne' | 'tout' | 'carte'; titre?: string };
}

export type SlotName = keyof SlotProps;

/** The components filling the places, by name (a module's `slots`, the app's composition). */
export type Slots = { [K in SlotName]?: ComponentType<SlotProps[K]> };

const SlotsContext = createContext<Slots>({});

/** Given by the app around every page (app/providers.tsx), from the modules' `slots`. */
export const SlotsProvider = SlotsContext.Provider;

/** The place `name`, filled with its module's component, or nothing when no module fills it. */
export function Slot<K extends SlotName>({ name, ...props }: { name: K } & SlotProps[K]) {
  const Component = useContext(SlotsContext)[name] as ComponentType<SlotProps[K]> | undefined;
  if (!Component) return null;
  // A module loads its component with the page that shows it (React.lazy): nothing meanwhile.
  return (
    <Suspense fallback={null}>
      <Component {...(props as unknown as SlotProps[K])} />
    </Suspense>
  );
}

/** Whether a module fills the place (a page may lay itself out differently without it). */
export function useHasSlot(name: SlotName): boolean {
  return useContext(SlotsContext)[name] !== undefined;
}
