/**
 * The token a person signed in with, kept for this tab only (sessionStorage): never in a URL, a cookie or
 * localStorage, so closing the tab or signing out forgets it.
 */
const storageKey = 'flagplane.console.token';

export function readSessionToken(): string | null {
  try {
    return sessionStorage.getItem(storageKey);
  } catch {
    return null; // storage disabled: the token lives in memory only, until the page is reloaded
  }
}

export function storeSessionToken(token: string): void {
  try {
    sessionStorage.setItem(storageKey, token);
  } catch {
    // see readSessionToken
  }
}

export function forgetSessionToken(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // see readSessionToken
  }
}

/** Personal access tokens start `fp_pat_`, service tokens `fp_svc_` (§5, docs/api/decisions.md). */
export function tokenProblem(token: string): string | null {
  if (token === '') return 'Paste a personal access token (fp_pat_…) or a service token (fp_svc_…).';
  if (/\s/.test(token)) return 'A token has no spaces or line breaks.';
  if (!/^fp_(pat|svc)_/.test(token))
    return 'This is not a Flagplane token: tokens start with fp_pat_ (personal) or fp_svc_ (service). SDK keys cannot sign in.';
  return null;
}
