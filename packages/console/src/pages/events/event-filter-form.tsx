/**
 * The event log's filter form. It starts from the filters in the address and hands the new ones back on
 * submit (the page puts them in the address); a filter the API refused (400 with `fields`) is marked
 * next to its input.
 */
import type { EventResourceKind } from '@flagplane/contract';
import { operationMethods } from '@flagplane/sdk';
import { useEffect, useState } from 'preact/hooks';
import { FieldErrors } from '../../components/api-error-message.js';
import { inputProps } from '../../components/field-props.js';
import {
  type EventFilters,
  type FilterName,
  filterNames,
  fromLocalInput,
  resourceKindLabels,
  toLocalInput,
} from './event-filters.js';

export interface EventFilterFormProps {
  readonly filters: EventFilters;
  /** The list's error, whose `fields` are the filters the API refused. */
  readonly error: unknown;
  /** Organization-wide logs filter by project; a project's log is that project's already. */
  readonly showProject: boolean;
  readonly onApply: (filters: EventFilters) => void;
}

/** The operation ids of writes, the only ones that record events (§19): suggestions for `action`. */
const writeActions = Object.keys(operationMethods)
  .filter((operation) => !/^(get|list)/.test(operation) && operation !== 'evaluateFlags')
  .sort();

const emptyFilters = Object.fromEntries(filterNames.map((name) => [name, ''])) as EventFilters;

/** The form's own values: the date-times as `datetime-local` text in the person's time zone. */
function draftOf(filters: EventFilters): EventFilters {
  return {
    ...filters,
    since: toLocalInput(filters.since) ?? '',
    until: toLocalInput(filters.until) ?? '',
  };
}

export function EventFilterForm({ filters, error, showProject, onApply }: EventFilterFormProps) {
  const [draft, setDraft] = useState<EventFilters>(() => draftOf(filters));
  // The address changed (a link in a row, the back button): the form shows what the list is filtered by.
  const applied = JSON.stringify(filters);
  useEffect(() => setDraft(draftOf(filters)), [applied]);
  const set = (name: FilterName, value: string) => setDraft((current) => ({ ...current, [name]: value }));

  /** The ARIA wiring every input shares: its error paragraph and whether the API refused it. */
  const describedBy = (name: FilterName) => inputProps(error, name, `filter-${name}`);

  const textField = (name: FilterName, label: string, placeholder: string, list?: string) => (
    <div class="field">
      <label for={`filter-${name}`}>{label}</label>
      <input
        {...describedBy(name)}
        type="text"
        value={draft[name]}
        placeholder={placeholder}
        list={list}
        autocomplete="off"
        onInput={(event) => set(name, event.currentTarget.value)}
      />
      <FieldErrors error={error} path={name} id={`filter-${name}-error`} />
    </div>
  );

  const timeField = (name: 'since' | 'until', label: string) => {
    // A hand-written address may carry a value no date-time input can show: say what it was.
    const unreadable = filters[name] !== '' && toLocalInput(filters[name]) === null;
    return (
      <div class="field">
        <label for={`filter-${name}`}>{label}</label>
        <input
          {...describedBy(name)}
          type="datetime-local"
          step={1}
          value={draft[name]}
          onInput={(event) => set(name, event.currentTarget.value)}
        />
        {unreadable && (
          <p class="field-error">The address gives “{filters[name]}”, which is not a date-time.</p>
        )}
        <FieldErrors error={error} path={name} id={`filter-${name}-error`} />
      </div>
    );
  };

  const knownKind = draft.resourceKind === '' || draft.resourceKind in resourceKindLabels;
  return (
    <form
      aria-label="Filter events"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...draft, since: fromLocalInput(draft.since), until: fromLocalInput(draft.until) });
      }}
    >
      <div class="toolbar">
        {showProject && textField('project', 'Project', 'project key')}
        {textField('flag', 'Flag', 'flag key')}
        {textField('environment', 'Environment', 'environment key')}
        {textField('actor', 'Actor', 'user or token id, or email')}
        {textField('action', 'Action', 'e.g. toggleFlag', 'event-actions')}
        <div class="field">
          <label for="filter-resourceKind">Resource kind</label>
          <select
            {...describedBy('resourceKind')}
            value={draft.resourceKind}
            onChange={(event) => set('resourceKind', event.currentTarget.value)}
          >
            <option value="">Any kind</option>
            {(Object.keys(resourceKindLabels) as EventResourceKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {resourceKindLabels[kind]}
              </option>
            ))}
            {!knownKind && <option value={draft.resourceKind}>{draft.resourceKind} (not a kind)</option>}
          </select>
          <FieldErrors error={error} path="resourceKind" id="filter-resourceKind-error" />
        </div>
        {timeField('since', 'Since (your local time)')}
        {timeField('until', 'Until (your local time)')}
      </div>
      <datalist id="event-actions">
        {writeActions.map((action) => (
          <option key={action} value={action} />
        ))}
      </datalist>
      <div class="toolbar">
        <button type="submit" class="primary">
          Apply filters
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(emptyFilters);
            onApply(emptyFilters);
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
