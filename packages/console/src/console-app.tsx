/**
 * The console: the sign-in page until a token is given, then the signed-in console. Both are in the first
 * page's scripts: a tab reloaded with its token starts its page's requests from the first script
 * (main.tsx), and the SDK without the contract's schemas is small (README, Budgets).
 */

import { useCallback, useState } from 'preact/hooks';
import { LocationProvider } from 'preact-iso';
import { forgetSessionToken, readSessionToken, storeSessionToken } from './session/session-token.js';
import { SignInPage } from './session/sign-in-page.js';
import { SignedInConsole } from './signed-in/signed-in-console.js';

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
      {session.token === null ? (
        <SignInPage farewell={session.farewell} onSignIn={signIn} />
      ) : (
        <SignedInConsole token={session.token} onSignOut={signOut} />
      )}
    </LocationProvider>
  );
}
