/**
 * The end of a create or edit form: Cancel, and the submit button, disabled and aria-busy while the write
 * is under way (so a second click cannot send it twice). What was typed stays in the form either way.
 */
export interface FormActionsProps {
  /** The submit button's text ("Create segment", "Save environment"). */
  readonly submitLabel: string;
  /** The form's write is under way. */
  readonly pending: boolean;
  readonly onCancel: () => void;
}

export function FormActions({ submitLabel, pending, onCancel }: FormActionsProps) {
  return (
    <div class="actions">
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" class="primary" disabled={pending} aria-busy={pending ? 'true' : undefined}>
        {submitLabel}
      </button>
    </div>
  );
}
