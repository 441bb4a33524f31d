import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the top when the path changes, as a full page load would. Not React Router's
 * ScrollRestoration: that one also restores positions from session storage on back and forward,
 * and re-scrolls on every navigation state change, which closed open tooltips in tests.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
