import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach } from 'vitest';
import { addModuleCatalogues } from '@/app/catalogues';
import { clearDownloadCache } from '@/components/file-browser';
import i18n from '@/i18n';
import { resetTempsReel } from '@/lib/temps-reel';
import { installFakeWebSocket } from './fake-websocket';

addModuleCatalogues();

// jsdom has no matchMedia: report a desktop viewport unless a test overrides it.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// findBy… and waitFor give up after 1 s by default. A route's page is imported lazily, and vitest
// compiles that module on first use: on a loaded 2-core machine that alone was seen to take more
// than a second (a navigation assertion then failed at random). Waiting longer costs nothing to a
// passing test.
configure({ asyncUtilTimeout: 4_000 });

// ScrollToTop scrolls the window on navigation; jsdom does not implement scrolling.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// Radix measures elements with ResizeObserver, which jsdom lacks.
if (typeof window.ResizeObserver === 'undefined') {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
}

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

beforeEach(async () => {
  // The real-time channel's socket (lib/temps-reel) talks to this stand-in, never to a network.
  installFakeWebSocket();
  window.localStorage.clear();
  clearCookies();
  await i18n.changeLanguage('fr');
});

afterEach(() => {
  // Sonner keeps its toasts in a module-level store and replays the active ones to the next
  // Toaster that mounts: without this, a test would see the toasts of the test before it.
  toast.dismiss();
  cleanup();
  // One tab's socket and its catch-up position, per test.
  resetTempsReel();
  // Files downloaded by a browser page are kept per user and address (components/file-browser).
  clearDownloadCache();
});
