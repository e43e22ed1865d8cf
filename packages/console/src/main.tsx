/** The console's entry: the sign-in page, or the signed-in console when the tab holds a token. */
import { render } from 'preact';
import { ConsoleApp } from './console-app.js';
import { readSessionToken } from './session/session-token.js';
import { forgetEarlyAnswers } from './signed-in/early-answers.js';
import { startFirstPageRequests } from './signed-in/first-page-requests.js';

/**
 * How long the console waits for the first page's answers before it shows the page without them: drawn
 * empty and then again full, the page would cost the main thread a layout and a paint while the answers
 * are on their way (and flash a "Loading…" that lasts a few milliseconds). A slow server gets the empty
 * page after this.
 */
const firstPageWaitMs = 150;

function show() {
  const root = document.getElementById('app');
  if (root) {
    root.textContent = '';
    render(<ConsoleApp />, root);
  }
  // The first render took what it asked for; nothing later may be answered from the first script's guess.
  forgetEarlyAnswers();
}

/** Starts the requests of the page the address names, when the tab holds a token; their answer, settled. */
function startFirstPage(): Promise<unknown> | undefined {
  const token = readSessionToken();
  if (token === null) return undefined;
  try {
    return startFirstPageRequests(token, new URL(location.href));
  } catch {
    // A head start only: if it cannot start, the page asks by itself. (It should not happen: the server
    // refuses an address it cannot decode, and sign-in keeps only a token of the right form.)
    return undefined;
  }
}

// A tab that holds a token opens signed in: its first page's requests start now, before anything is
// drawn (signed-in/first-page-requests.ts).
const firstPageAnswered = startFirstPage();
if (firstPageAnswered) {
  Promise.race([firstPageAnswered, new Promise((resolve) => setTimeout(resolve, firstPageWaitMs))]).then(
    show,
  );
} else {
  show();
}
