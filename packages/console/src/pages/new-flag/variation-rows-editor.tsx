/**
 * The variations of a new String, Number or Json flag: one group of inputs a variation (key, name,
 * value, description), added and removed by keyboard as well as by mouse. Each value is checked against
 * the type once its input is left (the contract's check, the one the SDK and the server make), and the
 * API's messages (`variations.1.value`) sit next to the inputs they name.
 */
import { type FlagType, limits } from '@flagplane/contract';
import { fieldMessages } from '../../components/api-error-message.js';
import { ExactFieldErrors } from '../../components/field-props.js';
import { focusLater } from '../../components/focus.js';
import { removeAt } from '../../components/list-edits.js';
import { TextAreaField, TextField } from '../../components/text-field.js';
import { valueHints, valueProblem } from '../flag/variation-values.js';
import { emptyVariationRow, type VariationRow } from './flag-draft.js';

type Rows = readonly VariationRow[];

export interface VariationRowsEditorProps {
  readonly idPrefix: string;
  readonly type: Exclude<FlagType, 'Boolean'>;
  readonly rows: Rows;
  /** `moved`: rows were added or removed, so the API's messages, which name rows by index, no longer fit. */
  readonly onChange: (change: (rows: Rows) => Rows, moved: boolean) => void;
  readonly error: unknown;
}

export function VariationRowsEditor({ idPrefix, type, rows, onChange, error }: VariationRowsEditorProps) {
  const fieldId = (row: VariationRow, field: string) => `${idPrefix}-variation-${row.id}-${field}`;
  const addButtonId = `${idPrefix}-add-variation`;
  const hintId = `${idPrefix}-variations-hint`;
  const full = rows.length >= limits.variationsPerFlag;

  const update = (id: number, patch: Partial<VariationRow>) =>
    onChange((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)), false);
  const add = () => {
    const row = emptyVariationRow();
    onChange((current) => [...current, row], true);
    focusLater(fieldId(row, 'key'));
  };
  const remove = (index: number) => {
    const next = removeAt(rows, index);
    onChange(() => next, true);
    // The row that took its place, so that removing several is Enter, Enter; after the last, Add.
    const after = next[index];
    focusLater(after ? fieldId(after, 'remove') : addButtonId);
  };

  return (
    <fieldset class="variation-rows">
      <legend>Variations</legend>
      <p id={hintId} class="muted">
        The values the flag can serve. {valueHints[type]} Keys and values are unique within the flag; the key
        is what code and rules name a variation by.
      </p>
      <ExactFieldErrors error={error} paths={['variations']} id={`${idPrefix}-variations-error`} />
      {rows.map((row, index) => {
        const path = (field: string) => `variations.${index}.${field}`;
        const idOf = (field: string) => fieldId(row, field);
        const messages = valueMessages(
          fieldMessages(error, path('value')),
          valueProblem(type, row.value),
          row.valueLeft,
        );
        /** A text input of the row, tied to the API's messages about it (`variations.1.key`). */
        const textField = (field: 'key' | 'name' | 'description', label: string) => (
          <TextField
            id={idOf(field)}
            label={label}
            path={path(field)}
            error={error}
            value={row[field]}
            required={field === 'key'}
            autocomplete="off"
            spellcheck={field !== 'key'}
            onInput={(event) => update(row.id, { [field]: event.currentTarget.value })}
          />
        );
        const valueField = {
          id: idOf('value'),
          label: 'Value',
          path: path('value'),
          error,
          messages,
          describedBy: hintId,
          fieldClass: 'variation-value',
          value: row.value,
          spellcheck: false,
          onInput: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
            update(row.id, { value: event.currentTarget.value }),
          onBlur: () => {
            if (!row.valueLeft) update(row.id, { valueLeft: true });
          },
        };
        return (
          <fieldset class="variation-row" key={row.id}>
            <legend>Variation {index + 1}</legend>
            {textField('key', 'Key')}
            {textField('name', 'Name')}
            {type === 'Json' ? (
              <TextAreaField {...valueField} rows={3} />
            ) : (
              <TextField
                {...valueField}
                inputMode={type === 'Number' ? 'decimal' : undefined}
                autocomplete="off"
              />
            )}
            {textField('description', 'Description')}
            <div class="variation-row-actions">
              <button
                type="button"
                id={idOf('remove')}
                disabled={rows.length === 1}
                title={rows.length === 1 ? `A ${type} flag needs at least one variation.` : undefined}
                onClick={() => remove(index)}
              >
                Remove<span class="visually-hidden"> variation {index + 1}</span>
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        id={addButtonId}
        disabled={full}
        title={full ? `A flag has at most ${limits.variationsPerFlag} variations.` : undefined}
        onClick={add}
      >
        Add a variation
      </button>
    </fieldset>
  );
}

/**
 * The messages under a value: the API's (or the SDK's, which checks before sending), and the console's
 * own check once the input was left or the API spoke about it. The console's Json message starts with the
 * API's and adds where the text goes wrong, so it replaces it rather than saying it twice.
 */
function valueMessages(
  apiMessages: readonly string[],
  problem: string | null,
  inputLeft: boolean,
): readonly string[] {
  const shown = problem !== null && (inputLeft || apiMessages.length > 0) ? problem : null;
  if (shown === null) return apiMessages;
  return [shown, ...apiMessages.filter((message) => !shown.startsWith(message))];
}
