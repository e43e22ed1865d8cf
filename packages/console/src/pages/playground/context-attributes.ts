/**
 * The playground's attribute rows and the context attributes they make (§21: a string, a finite number,
 * a boolean or a list of strings per name). Rows are text as typed; turning them into values happens on
 * submit, so nothing typed is lost to a parse.
 */

export type AttributeType = 'string' | 'number' | 'boolean' | 'list';

export interface AttributeRow {
  /** Stable across edits and removals, for keys and input ids. */
  readonly id: number;
  readonly name: string;
  readonly type: AttributeType;
  /** As typed; for a list, values separated by commas; for a boolean, `true` or `false`. */
  readonly value: string;
}

export const attributeTypeLabels: Readonly<Record<AttributeType, string>> = {
  string: 'Text',
  number: 'Number',
  boolean: 'Boolean',
  list: 'List of texts',
};

export type AttributeValue = string | number | boolean | string[];

let nextRowId = 1;

export function newAttributeRow(): AttributeRow {
  nextRowId += 1;
  return { id: nextRowId, name: '', type: 'string', value: '' };
}

/** A row changing type keeps its text, except for a boolean, whose select has only two values. */
export function withType(row: AttributeRow, type: AttributeType): AttributeRow {
  if (type === 'boolean') return { ...row, type, value: row.value === 'false' ? 'false' : 'true' };
  if (row.type === 'boolean') return { ...row, type, value: '' };
  return { ...row, type };
}

function parseValue(row: AttributeRow): { value: AttributeValue } | { problem: string } {
  switch (row.type) {
    case 'string':
      return { value: row.value };
    case 'boolean':
      return { value: row.value === 'true' };
    case 'list':
      return {
        value: row.value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      };
    case 'number': {
      const number = row.value.trim() === '' ? Number.NaN : Number(row.value);
      return Number.isFinite(number) ? { value: number } : { problem: 'Enter a number, such as 42 or 2.5.' };
    }
  }
}

export interface ParsedAttributes {
  readonly attributes: Record<string, AttributeValue>;
  /** Problems found before sending, by row id: the row stays as typed and says what to fix. */
  readonly problems: ReadonlyMap<number, string>;
}

/** The rows as the context's `attributes`; a row with neither name nor value is left out. */
export function parseAttributeRows(rows: readonly AttributeRow[]): ParsedAttributes {
  const attributes: Record<string, AttributeValue> = {};
  const problems = new Map<number, string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '' && row.value.trim() === '' && row.type !== 'boolean') continue;
    if (name === '') {
      problems.set(row.id, 'Give the attribute a name.');
      continue;
    }
    if (Object.hasOwn(attributes, name)) {
      problems.set(row.id, `“${name}” is given twice; a context has one value per attribute.`);
      continue;
    }
    const parsed = parseValue(row);
    if ('problem' in parsed) problems.set(row.id, parsed.problem);
    else attributes[name] = parsed.value;
  }
  return { attributes, problems };
}

/** The flag keys typed in one input, separated by commas or spaces. */
export function parseFlagKeys(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((key) => key.trim())
    .filter((key) => key !== '');
}
