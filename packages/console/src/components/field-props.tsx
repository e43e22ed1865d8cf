/**
 * Ties an input to the API's messages for its field (paths are the API's: `name`, `included.3`,
 * `rules.0.conditionGroups.1.operator`), and shows the messages about a whole list or object.
 */
import { ValidationError } from '@flagplane/sdk';
import { fieldMessages } from './api-error-message.js';

/**
 * The input's `id`, `aria-invalid` when the API refused `path`, and `aria-describedby` naming its messages
 * (when there are some: first, so what to fix is read first) and its hint (when it has one).
 *
 * The messages' id is always the input's id with `-error` after it: render them as
 * `<FieldErrors error={error} path={path} id={`${id}-error`} />`.
 */
export function inputProps(error: unknown, path: string, id: string, hintId?: string) {
  const invalid = fieldMessages(error, path).length > 0;
  const describedBy = [invalid ? `${id}-error` : undefined, hintId].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': invalid ? ('true' as const) : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  };
}

/**
 * Messages about exactly these paths, not about the inputs inside them, which show their own: a whole
 * list or object (`rules`: "at most 100 rules"; `percentageRollout`: "weights must sum to 100").
 */
export function ExactFieldErrors({
  error,
  paths,
  id,
}: {
  readonly error: unknown;
  readonly paths: readonly string[];
  readonly id: string;
}) {
  if (!(error instanceof ValidationError)) return null;
  const messages = paths.flatMap((path) => error.fields[path] ?? []);
  if (messages.length === 0) return null;
  return (
    <p id={id} class="field-error">
      {messages.join('; ')}
    </p>
  );
}
