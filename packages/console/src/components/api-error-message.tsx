/**
 * An error, shown the API's way: its message and code with a link to the error reference, `did_you_mean`
 * as links, when to retry after a 429, and (for a form) links to the fields marked next to their inputs.
 */
import {
  ApiError,
  ConflictError,
  ConnectionError,
  RateLimitError,
  ResponseValidationError,
  ValidationError,
} from '@flagplane/sdk';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { mainRegionId } from './focus.js';

export interface ApiErrorMessageProps {
  readonly error: unknown;
  /**
   * Where a suggested name leads (`did_you_mean`), for a caller that knows what kind of name the request
   * named (a flag's page for a flag key). Without it the suggestions are shown as text: a 404 of a write
   * can suggest an environment as well as a flag, and a guessed link would lead to the wrong page.
   */
  readonly suggestionHref?: (suggestion: string) => string;
}

export function ApiErrorMessage({ error, suggestionHref }: ApiErrorMessageProps) {
  if (!error) return null;
  if (error instanceof ApiError) {
    const fieldCount =
      error instanceof ValidationError
        ? Object.keys(error.fields).length
        : error instanceof ConflictError
          ? 1 // the key (fieldMessages)
          : 0;
    return (
      <div class="error-box" role="alert">
        <p>
          <strong>{error.body && typeof error.body === 'object' ? apiMessage(error) : error.message}</strong>
        </p>
        <p class="muted">
          {error.status} <code>{error.error}</code>
          {error.docsUrl && (
            <>
              {' · '}
              <a href={error.docsUrl}>what this error means</a>
            </>
          )}
          {error.requestId && <> · request {error.requestId}</>}
        </p>
        {error instanceof RateLimitError && error.retryAfter !== null && (
          <p>Too many requests: try again in {error.retryAfter} seconds.</p>
        )}
        {error.retryAfter !== null && !(error instanceof RateLimitError) && (
          <p>The server asks to try again in {error.retryAfter} seconds.</p>
        )}
        {error instanceof ValidationError && fieldCount > 0 && <MarkedFields error={error} />}
        {error.didYouMean.length > 0 && (
          <p>
            Did you mean{' '}
            {error.didYouMean.map((suggestion, index) => (
              <span key={suggestion}>
                {index > 0 && ', '}
                {suggestionHref ? (
                  <a href={suggestionHref(suggestion)}>{suggestion}</a>
                ) : (
                  <code>{suggestion}</code>
                )}
              </span>
            ))}
            ?
          </p>
        )}
      </div>
    );
  }
  const message =
    error instanceof ConnectionError
      ? `The server did not answer: ${error.message}`
      : error instanceof ResponseValidationError
        ? `The server's answer did not match the API contract: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
  return (
    <div class="error-box" role="alert">
      <p>
        <strong>{message}</strong>
      </p>
    </div>
  );
}

interface MarkedField {
  readonly id: string;
  readonly label: string;
}

/** What a person reads for an input: its label, else its accessible name, else its id. */
function labelOf(input: HTMLElement): string {
  const labels = 'labels' in input ? (input as HTMLInputElement).labels : null;
  const text = labels?.[0]?.textContent ?? input.getAttribute('aria-label') ?? input.id;
  return text.trim();
}

/**
 * The inputs the error marked (aria-invalid), each a link that moves the focus to it, named by its label:
 * the box may be above its fields or below them (the event log's filters), so it says which, not where.
 * Messages about fields the page shows no input for are listed here, so none goes unsaid.
 */
function MarkedFields({ error }: { readonly error: ValidationError }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [marked, setMarked] = useState<readonly MarkedField[] | null>(null);
  useLayoutEffect(() => {
    // After the render that marked them: the inputs of this form, or of the page for a box outside one.
    const scope = anchor.current?.closest('form') ?? document.getElementById(mainRegionId) ?? document;
    const found = [...scope.querySelectorAll<HTMLElement>('[aria-invalid="true"][id]')].map((input) => ({
      id: input.id,
      label: labelOf(input),
    }));
    setMarked(found);
  }, [error]);
  if (marked !== null && marked.length === 0) {
    return (
      <div ref={anchor}>
        <ul>
          {Object.entries(error.fields).map(([path, messages]) => (
            <li key={path}>
              <code>{path}</code>: {messages.join('; ')}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const fields = marked ?? [];
  return (
    <div ref={anchor}>
      <p>
        {fields.length === 1 ? 'See the marked field: ' : 'See the marked fields: '}
        {fields.map((field, index) => (
          <span key={field.id}>
            {index > 0 && ', '}
            <a
              href={`#${field.id}`}
              onClick={(event) => {
                event.preventDefault(); // the focus moves; the address stays
                document.getElementById(field.id)?.focus();
              }}
            >
              {field.label}
            </a>
          </span>
        ))}
        .
      </p>
    </div>
  );
}

/** The body's `message` as the server wrote it (the SDK's `message` adds the status and code). */
function apiMessage(error: ApiError): string {
  const body = error.body as { message?: unknown };
  return typeof body.message === 'string' ? body.message : error.message;
}

/**
 * The messages the API gave for one input (`fields` keys are paths: `name`, `rules.0.variationId`). A 409
 * means one thing in this API, a key already taken (§2, §15), so its message is the `key` input's.
 */
export function fieldMessages(error: unknown, path: string): readonly string[] {
  if (error instanceof ConflictError) return path === 'key' ? [apiMessage(error)] : [];
  if (!(error instanceof ValidationError)) return [];
  return Object.entries(error.fields)
    .filter(([key]) => key === path || key.startsWith(`${path}.`))
    .flatMap(([, messages]) => messages);
}
