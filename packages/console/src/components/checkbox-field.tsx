/** A checkbox for one boolean property of a request body: its label, a hint if any, the API's messages. */
import type { ComponentChildren } from 'preact';
import { FieldMessages, fieldWiring } from './field-props.js';

export interface CheckboxFieldProps {
  readonly id: string;
  /** The API's name of the property, where its messages are. */
  readonly path: string;
  readonly error: unknown;
  readonly label: ComponentChildren;
  readonly hint?: ComponentChildren;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}

export function CheckboxField({ id, path, error, label, hint, checked, onChange }: CheckboxFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const wiring = fieldWiring(error, path, id, [hintId]);
  return (
    <div class="field flag-check">
      <input
        type="checkbox"
        {...wiring.attributes}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />{' '}
      <label for={id}>{label}</label>
      {hint && (
        <p id={hintId} class="muted">
          {hint}
        </p>
      )}
      <FieldMessages id={id} messages={wiring.messages} />
    </div>
  );
}
