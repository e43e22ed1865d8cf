/**
 * Creating or editing an environment (§7): key (creation only: keys never change), name, color and
 * position. Left empty on creation, name, color and position take the API's defaults.
 */
import type { EnvironmentCreateParams, EnvironmentUpdateParams } from '@flagplane/sdk';
import { ApiErrorMessage, FieldErrors } from '../../components/api-error-message.js';
import { type DraftFormProps, useDraftForm } from '../../components/draft-form.js';
import { inputProps } from '../../components/field-props.js';
import { useFocusOnOpen } from '../../components/focus.js';
import { FormActions } from '../../components/form-actions.js';
import { KeyField } from '../../components/key-field.js';

export interface EnvironmentDraft {
  readonly key: string;
  readonly name: string;
  readonly color: string;
  /** As typed: a number input's text, empty for "the API's default". */
  readonly sortOrder: string;
}

/** The API's default color (contract `defaultEnvironmentColor`; console code may not import its values). */
export const defaultEnvironmentColor = '#6b7280';

export const emptyEnvironmentDraft: EnvironmentDraft = {
  key: '',
  name: '',
  color: defaultEnvironmentColor,
  sortOrder: '',
};

/** Non-numbers go through as NaN, so the API's own message ("must be an integer") lands next to the input. */
const sortOrderOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

export function createBodyOf(draft: EnvironmentDraft): EnvironmentCreateParams {
  return {
    key: draft.key.trim(),
    name: draft.name.trim() === '' ? null : draft.name,
    color: draft.color,
    sortOrder: sortOrderOf(draft.sortOrder),
  };
}

/** A PUT is partial (§3); an emptied name is sent so that the API says a name cannot be empty. */
export function updateBodyOf(draft: EnvironmentDraft): EnvironmentUpdateParams {
  return { name: draft.name, color: draft.color, sortOrder: sortOrderOf(draft.sortOrder) };
}

export interface EnvironmentFormProps extends DraftFormProps<EnvironmentDraft> {
  /** Asked before saving (a project managed by code, §20); false keeps the form as typed, unsaved. */
  readonly confirmSave?: () => Promise<boolean>;
}

export function EnvironmentForm(props: EnvironmentFormProps) {
  const { idPrefix, creating, submitLabel, onCancel, confirmSave } = props;
  const { draft, write, submit, setText: set } = useDraftForm(props);
  const confirmThenSubmit = async (event: Event) => {
    event.preventDefault();
    if (confirmSave && !(await confirmSave())) return;
    await submit(event);
  };
  const firstInput = useFocusOnOpen<HTMLInputElement>();
  const id = (field: string) => `${idPrefix}-${field}`;
  const described = (field: keyof EnvironmentDraft, hinted = false) =>
    inputProps(write.error, field, id(field), hinted ? id(`${field}-hint`) : undefined);

  return (
    <form onSubmit={confirmThenSubmit} noValidate>
      <ApiErrorMessage error={write.error} />
      <div class="toolbar">
        {creating && (
          <KeyField
            id={id('key')}
            inputRef={firstInput}
            value={draft.key}
            onInput={set('key')}
            error={write.error}
            hint={
              <>
                Lower-case letters, digits, <code>-</code>, <code>_</code>; never changes.
              </>
            }
          />
        )}
        <div class="field">
          <label for={id('name')}>Name</label>
          <input
            ref={creating ? undefined : firstInput}
            value={draft.name}
            placeholder={creating ? 'the key' : undefined}
            onInput={set('name')}
            {...described('name')}
          />
          <FieldErrors error={write.error} path="name" id={id('name-error')} />
        </div>
        <div class="field">
          <label for={id('color')}>Color</label>
          <input type="color" value={draft.color} onInput={set('color')} {...described('color')} />
          <FieldErrors error={write.error} path="color" id={id('color-error')} />
        </div>
        <div class="field">
          <label for={id('sortOrder')}>Position</label>
          <input
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={draft.sortOrder}
            placeholder={creating ? 'last' : undefined}
            onInput={set('sortOrder')}
            {...described('sortOrder', true)}
          />
          <p id={id('sortOrder-hint')} class="muted">
            Environments are listed by position, then key.
          </p>
          <FieldErrors error={write.error} path="sortOrder" id={id('sortOrder-error')} />
        </div>
      </div>
      <FormActions submitLabel={submitLabel} pending={write.pending} onCancel={onCancel} />
      <p role="status" class="muted">
        {write.pending ? 'Saving…' : ''}
      </p>
    </form>
  );
}
