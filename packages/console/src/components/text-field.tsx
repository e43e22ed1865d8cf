/**
 * One labelled input of a form, the same way everywhere: the label tied to the input by id, a hint under
 * it, the API's messages for its property next to it, and the input saying both (`aria-invalid` when the
 * API refused it, `aria-describedby` naming the messages first, then the hint). `TextField` is an
 * `<input>`, `TextAreaField` a `<textarea>`, `SelectField` a `<select>` with its options as children;
 * every other attribute (value, onInput, required, placeholder, ref, …) goes to the input as given.
 * Checkboxes have `CheckboxField`, whose label follows the box.
 */
import type {
  ComponentChildren,
  JSX,
  PartialInputHTMLAttributes,
  PartialSelectHTMLAttributes,
  TextareaHTMLAttributes,
  VNode,
} from 'preact';
import { FieldMessages, fieldWiring } from './field-props.js';

export interface FieldProps {
  /** The input's id; its hint's id is `${id}-hint` and its messages' `${id}-error`. */
  readonly id: string;
  readonly label: ComponentChildren;
  /** The API's path of the property, where its messages are: `name`, `rules.0.description`. */
  readonly path: string;
  /** The form's write error (a ValidationError's messages, a 409's about the key). */
  readonly error: unknown;
  readonly hint?: ComponentChildren;
  /** The id of a hint the field shares with others, outside it (the sum under a rollout's weights). */
  readonly describedBy?: string;
  /** `notice` for a hint that warns (values kept as stored) rather than explains. */
  readonly hintTone?: 'muted' | 'notice';
  /** Classes of the field's box after `field` (`condition-values`). */
  readonly fieldClass?: string;
  /** Under the messages: a link to what holds a taken key. */
  readonly after?: ComponentChildren;
  /**
   * The messages to show instead of the API's at `path`, when the field words them its own way (a list's
   * messages said with each item's position, a value's own check before anything is sent); the input is
   * invalid when there are some.
   */
  readonly messages?: readonly string[];
}

/**
 * The field's box around its input: `control` draws the input with the attributes it is given (the
 * caller's own, then the id and the aria ones, which no caller sets by hand).
 */
function field(props: FieldProps & object, control: (attributes: object) => VNode) {
  const { id, label, path, error, hint, describedBy, hintTone, fieldClass, after, messages, ...own } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const wiring = fieldWiring(error, path, id, [hintId, describedBy], messages);
  return (
    <div class={fieldClass ? `field ${fieldClass}` : 'field'}>
      <label for={id}>{label}</label>
      {control({ ...own, ...wiring.attributes })}
      {hint && (
        <p id={hintId} class={hintTone ?? 'muted'}>
          {hint}
        </p>
      )}
      <FieldMessages id={id} messages={wiring.messages} />
      {after}
    </div>
  );
}

/**
 * The input's own attributes. The loose ones (`Partial…`): preact's strict input and select types are
 * unions by `type` and `role`, which an Omit of them flattens into something no input satisfies.
 */
type Passed<Attributes> = Omit<Attributes, keyof FieldProps | 'aria-invalid' | 'aria-describedby'>;

export type TextFieldProps = FieldProps &
  Passed<PartialInputHTMLAttributes<HTMLInputElement>> & {
    /** The id of a `<datalist>` of suggestions (preact's input type leaves it out). */
    readonly list?: string;
  };

export function TextField(props: TextFieldProps) {
  return field(props, (attributes) => <input {...(attributes as JSX.IntrinsicElements['input'])} />);
}

export type TextAreaFieldProps = FieldProps & Passed<TextareaHTMLAttributes<HTMLTextAreaElement>>;

export function TextAreaField(props: TextAreaFieldProps) {
  return field(props, (attributes) => <textarea {...(attributes as JSX.IntrinsicElements['textarea'])} />);
}

export type SelectFieldProps = FieldProps & Passed<PartialSelectHTMLAttributes<HTMLSelectElement>>;

export function SelectField(props: SelectFieldProps) {
  return field(props, (attributes) => <select {...(attributes as JSX.IntrinsicElements['select'])} />);
}
