/**
 * The console: the sign-in page until a token is given, then the signed-in console, a chunk of its own
 * (it carries the SDK), so the first page a visitor gets stays small.
 */

import { useCallback, useState } from 'preact/hooks';
import { ErrorBoundary, LocationProvider, lazy } from 'preact-iso';
import { forgetSessionToken, readSessionToken, storeSessionToken } from './session/session-token.js';
import { SignInPage } from './session/sign-in-page.js';

const SignedInConsole = lazy(() =>
  import('./signed-in/signed-in-console.js').then((module) => module.SignedInConsole),
);

interface Session {
  readonly token: string | null;
  /** Why the previous session ended, shown on the sign-in page (a refused token, a sign-out). */
  readonly farewell: string | null;
}

export function ConsoleApp() {
  const [session, setSession] = useState<Session>(() => ({ token: readSessionToken(), farewell: null }));
  const signIn = useCallback((token: string) => {
    storeSessionToken(token);
    setSession({ token, farewell: null });
  }, []);
  const signOut = useCallback((farewell: string | null) => {
    forgetSessionToken();
    setSession({ token: null, farewell });
  }, []);
  return (
    <LocationProvider scope="/console">
      {/* The boundary also waits for the lazy chunk (preact-iso's lazy suspends by throwing a promise). */}
      <ErrorBoundary>
        {session.token === null ? (
          <SignInPage farewell={session.farewell} onSignIn={signIn} />
        ) : (
          <SignedInConsole token={session.token} onSignOut={signOut} />
        )}
      </ErrorBoundary>
    </LocationProvider>
  );
}
