/** The error reference served at `/docs/errors`, one anchor per code, where every `docs_url` points (§15). */
import { type ErrorCode, errorStatus } from '@flagplane/contract';
import { flagplaneIconSvg, topBarFallbackCss, topBarHtml } from '../console/top-bar.js';

const explanations: Readonly<Record<ErrorCode, { title: string; when: string; fix: string }>> = {
  validation_failed: {
    title: 'Validation failed',
    when: 'The body has the wrong shape or a property breaks a rule (formats, limits, references, domain rules such as deleting the last environment).',
    fix: 'Read `fields`: each key is a dotted path into your body with the messages for it. `did_you_mean` and `next_actions` suggest what to send instead.',
  },
  bad_request: {
    title: 'Bad request',
    when: 'The body is not valid JSON, or a rule reorder does not list every rule id exactly once.',
    fix: 'Send valid JSON; for a reorder, send the exact set of existing rule ids, each once.',
  },
  unauthorized: {
    title: 'Unauthorized',
    when: 'The Authorization header is missing, not a Bearer token, or the token is unknown, revoked or expired. SDK keys are not API credentials.',
    fix: 'Send `Authorization: Bearer fp_pat_…` (personal access token) or `fp_svc_…` (service token).',
  },
  forbidden: {
    title: 'Forbidden',
    when: "The caller's role is too low for the operation (Viewer < Member < Admin < Owner), or a project-scoped service token tried to create a project.",
    fix: 'Use a token with a higher role; `_actions` on every resource says what you may do.',
  },
  not_found: {
    title: 'Not found',
    when: 'A resource in the path does not exist or is not visible to the caller, or the route is unknown.',
    fix: 'Check the keys or ids in the path; `did_you_mean` lists close keys you can see.',
  },
  method_not_allowed: {
    title: 'Method not allowed',
    when: 'The path exists but not with this method.',
    fix: 'Use one of the methods in the `Allow` header.',
  },
  conflict: {
    title: 'Conflict',
    when: 'The key is already taken in its parent.',
    fix: 'Use another key, or work with the existing resource named in `next_actions`.',
  },
  payload_too_large: {
    title: 'Payload too large',
    when: 'The body is larger than 1 MiB.',
    fix: 'Send less; split large changes into several requests.',
  },
  unsupported_media_type: {
    title: 'Unsupported media type',
    when: 'The body is not sent as `application/json`.',
    fix: 'Send JSON with `Content-Type: application/json`.',
  },
  rate_limited: {
    title: 'Rate limited',
    when: 'The caller used its quota for the current window (per token, else per address).',
    fix: 'Wait `Retry-After` seconds (also in `retry_after`); `X-RateLimit-Remaining` and `X-RateLimit-Reset` help pace requests.',
  },
  unavailable: {
    title: 'Unavailable',
    when: 'The store behind the server (its PostgreSQL database, §22) cannot be reached for a moment.',
    fix: 'Retry after `Retry-After` seconds (also in `retry_after`); nothing in the request needs to change. A write answered 503 may or may not have been applied: read before repeating a creation.',
  },
  internal_error: {
    title: 'Internal error',
    when: 'Something unexpected failed on the server. Nothing internal is disclosed.',
    fix: 'Retry later; report the request id from the message and the `X-Request-Id` header.',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const inlineCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

export interface ErrorReferenceOptions {
  /** The console's docs stylesheet (`/console/assets/docs-….css`); without it, the page's own plain look. */
  readonly stylesheetUrl?: string | undefined;
}

/**
 * The page's own styles come first, so the console's docs stylesheet, when there is one, wins where both
 * say something; they use its colours where it has them (`var(--fp-…, fallback)`).
 */
const ownStyles = `body { margin: 0; font-family: system-ui, sans-serif; line-height: 1.5; }
${topBarFallbackCss}
.fp-docs-page { max-width: 48rem; margin: 0 auto; padding: 1rem; }
h2 small { font-weight: normal; color: var(--fp-muted, #6b7280); margin-left: .5rem; }
section { border-top: 1px solid var(--fp-border, #e5e7eb); padding-top: .5rem; }
section:target { background: var(--fp-warning-bg, #fef9c3); color: var(--fp-warning-text, #1f2937); }
code { background: var(--fp-surface, #f3f4f6); border: 1px solid var(--fp-border, transparent); padding: 0 .25rem; border-radius: .25rem; }`;

export function errorReferenceHtml(options: ErrorReferenceOptions = {}): string {
  const sections = (Object.keys(explanations) as ErrorCode[]).map((code) => {
    const { title, when, fix } = explanations[code];
    return `<section id="${code}">
  <h2><a href="#${code}">${code}</a> <small>${errorStatus[code]} ${escapeHtml(title)}</small></h2>
  <p><strong>When:</strong> ${inlineCode(when)}</p>
  <p><strong>What to do:</strong> ${inlineCode(fix)}</p>
</section>`;
  });
  const stylesheet = options.stylesheetUrl
    ? `\n<meta name="color-scheme" content="light dark">\n<link rel="stylesheet" href="${escapeHtml(options.stylesheetUrl)}">`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Flagplane API errors</title>
<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(flagplaneIconSvg)}">
<style>
${ownStyles}
</style>${stylesheet}
</head>
<body>
${topBarHtml('/docs/errors')}
<main class="fp-docs-page">
<h1>Flagplane API errors</h1>
<p>Every error answers a JSON body with <code>error</code> (one of the codes below), <code>message</code> and <code>docs_url</code>, plus <code>fields</code>, <code>retry_after</code>, <code>did_you_mean</code> and <code>next_actions</code> where they apply. The full API reference is at <a href="/docs">/docs</a>.</p>
${sections.join('\n')}
</main>
</body>
</html>
`;
}
