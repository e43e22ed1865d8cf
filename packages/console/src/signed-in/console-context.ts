/** What every signed-in page reads: the SDK client and how to end the session. */
import type { FlagplaneClient } from '@flagplane/sdk';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export interface ConsoleSession {
  readonly client: FlagplaneClient;
  /** Ends the session and returns to the sign-in page, which shows `farewell` when given. */
  readonly signOut: (farewell: string | null) => void;
}

export const ConsoleContext = createContext<ConsoleSession | null>(null);

export function useConsole(): ConsoleSession {
  const session = useContext(ConsoleContext);
  if (!session) throw new Error('useConsole() outside <SignedInConsole>');
  return session;
}
