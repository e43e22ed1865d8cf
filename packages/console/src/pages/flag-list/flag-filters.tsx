/** The flag list's filters, kept in the address (`?search=…&tag=…&archived=true`) so a link opens them. */
import type { FlagListParams } from '@flagplane/sdk';
import { useEffect, useState } from 'preact/hooks';

export interface FlagFilterValues {
  readonly search: string;
  readonly tag: string;
  readonly archived: boolean;
}

export function readFlagFilters(query: Readonly<Record<string, string>>): FlagFilterValues {
  return { search: query.search ?? '', tag: query.tag ?? '', archived: query.archived === 'true' };
}

/** The list query of the filters (empty ones left out). */
export function flagFilterQuery(values: FlagFilterValues): Record<string, string> {
  return {
    ...(values.search ? { search: values.search } : {}),
    ...(values.tag ? { tag: values.tag } : {}),
    ...(values.archived ? { archived: 'true' } : {}),
  };
}

/** The same filters as the SDK's list parameters. */
export function flagListParams(values: FlagFilterValues): FlagListParams {
  return {
    ...(values.search ? { search: values.search } : {}),
    ...(values.tag ? { tag: values.tag } : {}),
    ...(values.archived ? { archived: true } : {}),
  };
}

export function FlagFilters({
  values,
  onApply,
}: {
  readonly values: FlagFilterValues;
  readonly onApply: (values: FlagFilterValues) => void;
}) {
  const [draft, setDraft] = useState(values);
  // The address changed (back button, a link): show what it says.
  useEffect(() => setDraft(values), [values.search, values.tag, values.archived]);
  return (
    <form
      class="toolbar"
      aria-label="Filter flags"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...draft, search: draft.search.trim(), tag: draft.tag.trim() });
      }}
    >
      <div>
        <label for="flag-search">Search</label>
        <input
          id="flag-search"
          type="search"
          placeholder="key or name"
          value={draft.search}
          onInput={(event) => setDraft({ ...draft, search: event.currentTarget.value })}
        />
      </div>
      <div>
        <label for="flag-tag">Tag</label>
        <input
          id="flag-tag"
          value={draft.tag}
          onInput={(event) => setDraft({ ...draft, tag: event.currentTarget.value })}
        />
      </div>
      <div>
        <label for="flag-archived">
          <input
            id="flag-archived"
            type="checkbox"
            checked={draft.archived}
            onChange={(event) => setDraft({ ...draft, archived: event.currentTarget.checked })}
          />{' '}
          Archived flags
        </label>
      </div>
      <button type="submit" class="primary">
        Filter
      </button>
    </form>
  );
}
