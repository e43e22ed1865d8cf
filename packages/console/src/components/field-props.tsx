/**
 * Ties an input to the API's messages for its field (paths are the API's: `name`, `included.3`,
 * `rules.0.conditionGroups.1.operator`), and shows the messages about a whole list or object.
 */
import { ValidationError } from '@flagplane/sdk';
import { fieldMessages } from './api-error-message.js';

/**
 * How an input says what is wrong with it: its `id`, `aria-invalid` when it has messages, and
 * `aria-describedby` naming its messages (first, so what to fix is read first) and then its hints. The
 * messages are the API's for `path` unless the field words its own (`messages`); their id is always the
 * input's id with `-error` after it, which `FieldMessages` renders.
 */
export function fieldWiring(
  error: unknown,
  path: string,
  id: string,
  hintIds: readonly (string | undefined)[] = [],
  messages?: readonly string[],
) {
  const shown = messages ?? fieldMessages(error, path);
  const errorId = `${id}-error`;
  const describedBy = [shown.length > 0 ? errorId : undefined, ...hintIds].filter(Boolean).join(' ');
  return {
    messages: shown,
    attributes: {
      id,
      'aria-invalid': shown.length > 0 ? ('true' as const) : undefined,
      'aria-describedby': describedBy === '' ? undefined : describedBy,
    },
  };
}

/** The messages of one input, next to it, under the id its `aria-describedby` names (fieldWiring). */
export function FieldMessages({
  id,
  messages,
}: {
  readonly id: string;
  readonly messages: readonly string[];
}) {
  if (messages.length === 0) return null;
  return (
    <p id={`${id}-error`} class="field-error">
      {messages.join('; ')}
    </p>
  );
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
