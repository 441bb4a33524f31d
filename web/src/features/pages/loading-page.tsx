import { LoadingScreen } from '@/components/loading-screen';

/** /loading: the same screen the app shows while it checks the session. */
export function LoadingPage() {
  return <LoadingScreen />;
}
