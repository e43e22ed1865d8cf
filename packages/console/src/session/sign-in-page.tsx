/** Sign-in: paste a personal access or service token. The token is checked by the first API call. */
import { useState } from 'preact/hooks';
import { FormFooter } from '../components/form-footer.js';
import { TextField } from '../components/text-field.js';
import { TopBar } from '../components/top-bar.js';
import { useDocumentTitle } from '../signed-in/page-announcer.js';
import { tokenProblem } from './session-token.js';

export interface SignInPageProps {
  readonly farewell: string | null;
  readonly onSignIn: (token: string) => void;
}

export function SignInPage({ farewell, onSignIn }: SignInPageProps) {
  useDocumentTitle('Sign in');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    const entered = token.trim();
    const found = tokenProblem(entered);
    setProblem(found);
    if (!found) onSignIn(entered);
  };
  return (
    <>
      <TopBar />
      <main id="main" class="sign-in">
        <h1>Sign in to Flagplane</h1>
        {farewell && (
          <p class="notice" role="status">
            {farewell}
          </p>
        )}
        <form class="card" onSubmit={submit} noValidate>
          <TextField
            id="token"
            label="API token"
            path="token"
            error={null}
            messages={problem ? [problem] : []}
            hint={
              <>
                A personal access token (<code>fp_pat_…</code>) or a service token (<code>fp_svc_…</code>). It
                is kept for this tab only and forgotten when you sign out or close the tab.
              </>
            }
            name="token"
            type="password"
            autocomplete="off"
            spellcheck={false}
            class="mono"
            value={token}
            onInput={(event) => setToken(event.currentTarget.value)}
          />
          <FormFooter submitLabel="Sign in" pending={false} pendingText={null} />
        </form>
      </main>
    </>
  );
}
