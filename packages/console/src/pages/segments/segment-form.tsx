/**
 * Creating or editing a segment: key (creation only: keys never change), name, description, the context
 * keys always in or out, and the condition groups. What was typed stays until it is saved or cancelled.
 */
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { conditionGroupRows } from '../../components/conditions/condition-groups-draft.js';
import { ConditionGroupsEditor } from '../../components/conditions/condition-groups-editor.js';
import { type DraftFormProps, useDraftForm } from '../../components/draft-form.js';
import { useFocusOnOpen } from '../../components/focus.js';
import { FormFooter } from '../../components/form-footer.js';
import { KeyField } from '../../components/key-field.js';
import { DescriptionField, NameField } from '../../components/name-fields.js';
import { TextAreaField } from '../../components/text-field.js';
import type { SegmentDraft } from './segment-draft.js';

/** The groups' rows as text, to see when they changed (not what is typed in them). */
const rowsOf = (groups: SegmentDraft['groups']) => JSON.stringify(conditionGroupRows(groups));

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
  const field = (path: string) => ({ id: `${idPrefix}-${path}`, path, error: write.error });

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
      <NameField
        {...field('name')}
        ref={creating ? undefined : firstInput}
        value={draft.name}
        onInput={set('name')}
      />
      <DescriptionField {...field('description')} value={draft.description} onInput={set('description')} />
      <div class="grid-2">
        <TextAreaField
          {...field('included')}
          label="Included context keys, one per line"
          hint="Always in the segment, unless also excluded."
          rows={4}
          value={draft.included}
          onInput={set('included')}
        />
        <TextAreaField
          {...field('excluded')}
          label="Excluded context keys, one per line"
          hint="Never in the segment, whatever the conditions say."
          rows={4}
          value={draft.excluded}
          onInput={set('excluded')}
        />
      </div>
      <fieldset class="condition-groups" disabled={write.pending}>
        <legend>Conditions</legend>
        <p class="muted">
          A context whose key is not listed above is in the segment when every group holds. With no group,
          only the included keys are in it.
        </p>
        <ConditionGroupsEditor
          groups={draft.groups}
          onChange={(groups) => {
            // The API names rows by index (`conditionGroups.1…`): once rows are added, removed or
            // moved, its messages would sit next to other rows, so they go (as in a flag's rules).
            if (rowsOf(groups) !== rowsOf(draft.groups)) write.clearError();
            setDraft((current) => ({ ...current, groups }));
          }}
          error={write.error}
          path="conditionGroups"
          idPrefix={idPrefix}
        />
      </fieldset>
      <FormFooter submitLabel={submitLabel} pending={write.pending} onCancel={onCancel} />
    </form>
  );
}
