/**
 * The end of every create or edit form: Cancel and the submit button, and the form's status line.
 *
 * While the write is under way both buttons are busy (aria-busy and aria-disabled, clicks and a second
 * submit ignored) but keep the focus (ActionButton: a disabled button would drop a keyboard user at the
 * page's top); the submit button keeps its name, and the status line says what is happening ("Saving…"),
 * so a screen reader hears it once instead of a button renamed under the focus. The status line is always
 * there, empty when idle: a live region inserted with its text is often not announced. The API's error is
 * not here: each form shows it at its top (ApiErrorMessage), first read, with links to the marked inputs.
 * What was typed stays in the form either way.
 */
import type { Action } from '@flagplane/contract';
import { ActionButton } from './action-button.js';

const allowed: Action = { allowed: true, reason: null };

export interface FormFooterProps {
  /** The submit button's text ("Create segment", "Save the staging configuration"). */
  readonly submitLabel: string;
  /** The form's write is under way. */
  readonly pending: boolean;
  /** What the status line says meanwhile; null when the page says it elsewhere (the playground's results). */
  readonly pendingText?: string | null;
  /** The `_actions` entry the submit needs, when the API can refuse it while the form is open. */
  readonly submitAction?: Action;
  /** Leaves the form without saving; a form with no way to close it has no Cancel. */
  readonly onCancel?: () => void;
}

export function FormFooter({
  submitLabel,
  pending,
  pendingText = 'Saving…',
  submitAction = allowed,
  onCancel,
}: FormFooterProps) {
  return (
    <>
      <div class="actions">
        {onCancel && (
          <ActionButton action={allowed} busy={pending} onClick={onCancel}>
            Cancel
          </ActionButton>
        )}
        <ActionButton type="submit" variant="primary" action={submitAction} busy={pending}>
          {submitLabel}
        </ActionButton>
      </div>
      {pendingText !== null && (
        <p role="status" class="muted">
          {pending ? pendingText : ''}
        </p>
      )}
    </>
  );
}
