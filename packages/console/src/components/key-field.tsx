/**
 * The key input of a creation form (environments, segments, projects, flags): required, never
 * spell-checked or filled in by the browser, with what a key of its kind may hold, and the API's
 * messages about it next to it (a key already taken, 409, among them).
 */
import type { ComponentChildren, Ref } from 'preact';
import { TextField } from './text-field.js';

export interface KeyFieldProps {
  /** The input's id; its hint's and messages' ids follow from it. */
  readonly id: string;
  readonly value: string;
  readonly onInput: (event: { currentTarget: HTMLInputElement }) => void;
  /** The form's write error. */
  readonly error: unknown;
  /** What a key of this kind may hold, and that it never changes. */
  readonly hint: ComponentChildren;
  /** The form's first input takes the focus when it opens (useFocusOnOpen). */
  readonly inputRef?: Ref<HTMLInputElement>;
  /** Under the messages: a link to what holds a taken key. */
  readonly children?: ComponentChildren;
}

export function KeyField({ id, value, onInput, error, hint, inputRef, children }: KeyFieldProps) {
  return (
    <TextField
      id={id}
      label="Key"
      path="key"
      error={error}
      hint={hint}
      after={children}
      ref={inputRef}
      value={value}
      required
      autocomplete="off"
      spellcheck={false}
      onInput={onInput}
    />
  );
}
