/**
 * What a person types into the new-flag form, and the creation body made of it (§8). The variation rows
 * of a String, Number or Json flag stay in the draft whatever the type shows, so switching to Boolean and
 * back loses nothing; a Boolean flag sends none and gets the API's two fixed ones.
 */
import type { FlagType } from '@flagplane/contract';
import type { FlagCreateParams } from '@flagplane/sdk';
import { tagsOfText } from '../flag/tags-text.js';

export interface VariationRow {
  /** Stable across edits, so removing a row keeps focus and typing in the right rows. */
  readonly id: number;
  readonly key: string;
  readonly name: string;
  /** Exactly as typed: a String value's spaces are part of it. */
  readonly value: string;
  readonly description: string;
  /** The value's input was left once: its check is shown from then on. */
  readonly valueLeft: boolean;
}

export interface FlagDraft {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly type: FlagType;
  /** As typed: separated by commas or spaces. */
  readonly tags: string;
  readonly clientSideVisible: boolean;
  readonly temporary: boolean;
  /** The variations of a String, Number or Json flag. */
  readonly rows: readonly VariationRow[];
  /** A variation's key; empty: the API's choice. */
  readonly defaultVariationKey: string;
}

let lastRowId = 0;

export const emptyVariationRow = (): VariationRow => ({
  id: ++lastRowId,
  key: '',
  name: '',
  value: '',
  description: '',
  valueLeft: false,
});

export const emptyFlagDraft = (): FlagDraft => ({
  key: '',
  name: '',
  description: '',
  type: 'Boolean',
  tags: '',
  clientSideVisible: false,
  temporary: false,
  // Most flags of these types choose between two or more values.
  rows: [emptyVariationRow(), emptyVariationRow()],
  defaultVariationKey: '',
});

/** The keys the default variation may name, for a draft of this type, in order. */
export function variationKeysOf(draft: FlagDraft, booleanKeys: readonly string[]): string[] {
  if (draft.type === 'Boolean') return [...booleanKeys];
  return draft.rows.map((row) => row.key.trim()).filter((key) => key !== '');
}

export function createBodyOf(draft: FlagDraft): FlagCreateParams {
  const tags = tagsOfText(draft.tags);
  return {
    key: draft.key.trim(),
    type: draft.type,
    // Left empty, the name is the key (the API's default); "" would be refused as an empty name.
    name: draft.name.trim() === '' ? null : draft.name,
    description: draft.description === '' ? null : draft.description,
    tags: tags.length === 0 ? null : tags,
    clientSideVisible: draft.clientSideVisible,
    temporary: draft.temporary,
    // A Boolean flag's variations are the API's `true` and `false`; the others' are the rows, in order,
    // so that the API's `variations.1.value` is the second row.
    variations:
      draft.type === 'Boolean'
        ? null
        : draft.rows.map((row) => ({
            key: row.key.trim(),
            name: row.name.trim() === '' ? null : row.name,
            value: row.value,
            description: row.description === '' ? null : row.description,
          })),
    defaultVariationKey: draft.defaultVariationKey === '' ? null : draft.defaultVariationKey,
  };
}
