/**
 * The name and description inputs of a creation form (projects, flags): left empty, the name is the key
 * and there is no description (the API's defaults), and the API's messages sit next to each.
 */
import { FieldErrors } from './api-error-message.js';
import { inputProps } from './field-props.js';

export interface TextFieldProps {
  /** The input's id; its messages' id follows from it. */
  readonly id: string;
  readonly value: string;
  readonly onInput: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => void;
  /** The form's write error. */
  readonly error: unknown;
}

export function NameField({ id, value, onInput, error }: TextFieldProps) {
  return (
    <div class="field">
      <label for={id}>Name</label>
      <input value={value} placeholder="the key" onInput={onInput} {...inputProps(error, 'name', id)} />
      <FieldErrors error={error} path="name" id={`${id}-error`} />
    </div>
  );
}

export function DescriptionField({ id, value, onInput, error }: TextFieldProps) {
  return (
    <div class="field">
      <label for={id}>Description</label>
      <textarea rows={2} value={value} onInput={onInput} {...inputProps(error, 'description', id)} />
      <FieldErrors error={error} path="description" id={`${id}-error`} />
    </div>
  );
}
