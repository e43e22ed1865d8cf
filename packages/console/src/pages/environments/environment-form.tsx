/**
 * Creating or editing an environment (§7): key (creation only: keys never change), name, color and
 * position. Left empty on creation, name, color and position take the API's defaults.
 */
import type { EnvironmentCreateParams, EnvironmentUpdateParams } from '@flagplane/sdk';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { type DraftFormProps, useDraftForm } from '../../components/draft-form.js';
import { useFocusOnOpen } from '../../components/focus.js';
import { FormFooter } from '../../components/form-footer.js';
import { KeyField } from '../../components/key-field.js';
import { NameField } from '../../components/name-fields.js';
import { TextField } from '../../components/text-field.js';

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
  const field = (path: keyof EnvironmentDraft) => ({ id: id(path), path, error: write.error });

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
        <NameField
          {...field('name')}
          ref={creating ? undefined : firstInput}
          value={draft.name}
          placeholder={creating ? 'the key' : undefined}
          onInput={set('name')}
        />
        <TextField
          {...field('color')}
          label="Color"
          type="color"
          value={draft.color}
          onInput={set('color')}
        />
        <TextField
          {...field('sortOrder')}
          label="Position"
          hint="Environments are listed by position, then key."
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={draft.sortOrder}
          placeholder={creating ? 'last' : undefined}
          onInput={set('sortOrder')}
        />
      </div>
      <FormFooter submitLabel={submitLabel} pending={write.pending} onCancel={onCancel} />
    </form>
  );
}
