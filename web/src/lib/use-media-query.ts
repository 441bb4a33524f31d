import { useCallback, useSyncExternalStore } from 'react';

/**
 * Below this width lists become cards (spec 1 §9: "Mobile layout below 1024 px for tables").
 * The sidebar has its own breakpoint (768 px, app/layout/use-is-mobile).
 */
export const CARD_LAYOUT_BELOW = 1024;

/** Whether a CSS media query matches now, following changes (false where there is no window). */
export function useMediaQuery(query: string): boolean {
  // One subscription per query for the component's life: an inline function would make React
  // unsubscribe and subscribe again at every render of every table.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True on a phone or a narrow tablet, where a table would hide its amounts and actions. */
export function useCardLayout(): boolean {
  return useMediaQuery(`(max-width: ${CARD_LAYOUT_BELOW - 1}px)`);
}
