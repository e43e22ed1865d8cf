/**
 * Creating or editing a segment: key (creation only: keys never change), name, description, the context
 * keys always in or out, and the condition groups. What was typed stays until it is saved or cancelled.
 */
import { ApiErrorMessage, FieldErrors } from '../../components/api-error-message.js';
import { type DraftFormProps, useDraftForm } from '../../components/draft-form.js';
import { inputProps } from '../../components/field-props.js';
import { useFocusOnOpen } from '../../components/focus.js';
import { FormActions } from '../../components/form-actions.js';
import { KeyField } from '../../components/key-field.js';
import { ConditionGroupsEditor } from './condition-groups-editor.js';
import type { SegmentDraft } from './segment-draft.js';

export interface SegmentFormProps extends DraftFormProps<SegmentDraft> {
  /** Asked before saving (a project managed by code, §20); false keeps the form as typed, unsaved. */
  readonly confirmSave?: () => Promise<boolean>;
}

export function SegmentForm(props: SegmentFormProps) {
  const { idPrefix, creating, submitLabel, onCancel, confirmSave } = props;
  const { draft, setDraft, write, submit, setText: set } = useDraftForm(props);
  const confirmThenSubmit = async (event: Event) => {
    event.preventDefault();
    if (confirmSave && !(await confirmSave())) return;
    await submit(event);
  };
  const firstInput = useFocusOnOpen<HTMLInputElement>();
  const described = (path: string, hinted = false) =>
    inputProps(write.error, path, `${idPrefix}-${path}`, hinted ? `${idPrefix}-${path}-hint` : undefined);

  return (
    <form onSubmit={confirmThenSubmit} noValidate>
      <ApiErrorMessage error={write.error} />
      {creating && (
        <KeyField
          id={`${idPrefix}-key`}
          inputRef={firstInput}
          value={draft.key}
          onInput={set('key')}
          error={write.error}
          hint={
            <>
              Lower-case letters, digits, <code>-</code> and <code>_</code>. It cannot be changed later.
            </>
          }
        />
      )}
      <div class="field">
        <label for={`${idPrefix}-name`}>Name</label>
        <input
          ref={creating ? undefined : firstInput}
          value={draft.name}
          onInput={set('name')}
          {...described('name')}
        />
        <FieldErrors error={write.error} path="name" id={`${idPrefix}-name-error`} />
      </div>
      <div class="field">
        <label for={`${idPrefix}-description`}>Description</label>
        <textarea
          rows={2}
          value={draft.description}
          onInput={set('description')}
          {...described('description')}
        />
        <FieldErrors error={write.error} path="description" id={`${idPrefix}-description-error`} />
      </div>
      <div class="grid-2">
        <div class="field">
          <label for={`${idPrefix}-included`}>Included context keys, one per line</label>
          <textarea
            rows={4}
            value={draft.included}
            onInput={set('included')}
            {...described('included', true)}
          />
          <p id={`${idPrefix}-included-hint`} class="muted">
            Always in the segment, unless also excluded.
          </p>
          <FieldErrors error={write.error} path="included" id={`${idPrefix}-included-error`} />
        </div>
        <div class="field">
          <label for={`${idPrefix}-excluded`}>Excluded context keys, one per line</label>
          <textarea
            rows={4}
            value={draft.excluded}
            onInput={set('excluded')}
            {...described('excluded', true)}
          />
          <p id={`${idPrefix}-excluded-hint`} class="muted">
            Never in the segment, whatever the conditions say.
          </p>
          <FieldErrors error={write.error} path="excluded" id={`${idPrefix}-excluded-error`} />
        </div>
      </div>
      <ConditionGroupsEditor
        idPrefix={idPrefix}
        groups={draft.groups}
        onChange={(groups) => setDraft((current) => ({ ...current, groups }))}
        error={write.error}
        disabled={write.pending}
      />
      <FormActions submitLabel={submitLabel} pending={write.pending} onCancel={onCancel} />
      <p role="status" class="muted">
        {write.pending ? 'Saving…' : ''}
      </p>
    </form>
  );
}
