/**
 * The context's attributes as rows of name, type and value, with add and remove. Problems found before
 * sending and those the API names (`context.attributes.<name>`) show next to their row; API messages
 * for the attributes as a whole (or for a name no row has any more) show under the rows.
 */
import { ValidationError } from '@flagplane/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { fieldMessages } from '../../components/api-error-message.js';
import {
  type AttributeRow,
  type AttributeType,
  attributeTypeLabels,
  newAttributeRow,
  withType,
} from './context-attributes.js';

export interface AttributeRowsEditorProps {
  readonly rows: readonly AttributeRow[];
  readonly onChange: (rows: AttributeRow[]) => void;
  readonly problems: ReadonlyMap<number, string>;
  /** The last evaluation's error. */
  readonly error: unknown;
}

const attributesPath = 'context.attributes';

/** API messages about attributes that no row can show: the whole map's, or a name since renamed. */
function otherMessages(error: unknown, rows: readonly AttributeRow[]): string[] {
  if (!(error instanceof ValidationError)) return [];
  const names = new Set(rows.map((row) => row.name.trim()).filter((name) => name !== ''));
  return Object.entries(error.fields)
    .filter(([path]) => path === attributesPath || path.startsWith(`${attributesPath}.`))
    .filter(
      ([path]) =>
        ![...names].some(
          (name) => path === `${attributesPath}.${name}` || path.startsWith(`${attributesPath}.${name}.`),
        ),
    )
    .flatMap(([path, messages]) =>
      path === attributesPath
        ? messages
        : messages.map((message) => `${path.slice(attributesPath.length + 1)}: ${message}`),
    );
}

export function AttributeRowsEditor({ rows, onChange, problems, error }: AttributeRowsEditorProps) {
  const addButton = useRef<HTMLButtonElement>(null);
  // The row just added gets focus (its name input), so adding from the keyboard goes straight on.
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    document.getElementById(`attribute-${focusRow}-name`)?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const update = (id: number, change: (row: AttributeRow) => AttributeRow) =>
    onChange(rows.map((row) => (row.id === id ? change(row) : row)));
  const others = otherMessages(error, rows);

  return (
    <fieldset class="attribute-rows">
      <legend>Attributes</legend>
      {rows.length === 0 && <p class="muted">No attributes: rules that read one will not match.</p>}
      {rows.map((row, index) => {
        const number = index + 1;
        const name = row.name.trim();
        const messages = [
          ...(problems.has(row.id) ? [problems.get(row.id) as string] : []),
          ...(name === '' ? [] : fieldMessages(error, `${attributesPath}.${name}`)),
        ];
        const errorId = `attribute-${row.id}-error`;
        const invalid = messages.length > 0;
        const wiring = { 'aria-invalid': invalid, 'aria-describedby': invalid ? errorId : undefined };
        return (
          <div key={row.id} class="condition-row">
            <div>
              <label for={`attribute-${row.id}-name`}>Attribute {number} name</label>
              <input
                id={`attribute-${row.id}-name`}
                type="text"
                value={row.name}
                placeholder="country"
                autocomplete="off"
                {...wiring}
                onInput={(event) =>
                  update(row.id, (current) => ({ ...current, name: event.currentTarget.value }))
                }
              />
            </div>
            <div>
              <label for={`attribute-${row.id}-type`}>Attribute {number} type</label>
              <select
                id={`attribute-${row.id}-type`}
                value={row.type}
                onChange={(event) =>
                  update(row.id, (current) => withType(current, event.currentTarget.value as AttributeType))
                }
              >
                {(Object.keys(attributeTypeLabels) as AttributeType[]).map((type) => (
                  <option key={type} value={type}>
                    {attributeTypeLabels[type]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label for={`attribute-${row.id}-value`}>
                Attribute {number} value{row.type === 'list' ? ' (comma-separated)' : ''}
              </label>
              {row.type === 'boolean' ? (
                <select
                  id={`attribute-${row.id}-value`}
                  value={row.value}
                  {...wiring}
                  onChange={(event) =>
                    update(row.id, (current) => ({ ...current, value: event.currentTarget.value }))
                  }
                >
                  <option value="true">true</option>
                  <option value="false">false</option>
                </select>
              ) : (
                <input
                  id={`attribute-${row.id}-value`}
                  type="text"
                  inputMode={row.type === 'number' ? 'decimal' : undefined}
                  value={row.value}
                  placeholder={row.type === 'list' ? 'beta, internal' : row.type === 'number' ? '42' : 'NL'}
                  autocomplete="off"
                  {...wiring}
                  onInput={(event) =>
                    update(row.id, (current) => ({ ...current, value: event.currentTarget.value }))
                  }
                />
              )}
            </div>
            <button
              type="button"
              aria-label={`Remove attribute ${number}${name ? ` (${name})` : ''}`}
              onClick={() => {
                onChange(rows.filter((candidate) => candidate.id !== row.id));
                addButton.current?.focus();
              }}
            >
              Remove
            </button>
            {invalid && (
              <p id={errorId} class="field-error">
                {messages.join('; ')}
              </p>
            )}
          </div>
        );
      })}
      {others.length > 0 && (
        <p id="attributes-error" class="field-error">
          {others.join('; ')}
        </p>
      )}
      <button
        type="button"
        ref={addButton}
        onClick={() => {
          const row = newAttributeRow();
          onChange([...rows, row]);
          setFocusRow(row.id);
        }}
      >
        Add attribute
      </button>
    </fieldset>
  );
}
