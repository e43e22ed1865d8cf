/**
 * The event log's filter form. It starts from the filters in the address and hands the new ones back on
 * submit (the page puts them in the address); a filter the API refused (400 with `fields`) is marked
 * next to its input. Actions and kinds are lists of what the API defines, so no filter names nothing by
 * a typo; one from a hand-written address that is no action says so and suggests the closest ones.
 */
import { closestMatches, type EventResourceKind } from '@flagplane/contract';
import { eventActions } from '@flagplane/sdk/names';
import { useEffect, useState } from 'preact/hooks';
import { SelectField, TextField } from '../../components/text-field.js';
import {
  type EventFilters,
  type FilterName,
  filterNames,
  fromUtcInput,
  resourceKindLabels,
  toUtcInput,
} from './event-filters.js';

export interface EventFilterFormProps {
  readonly filters: EventFilters;
  /** The list's error, whose `fields` are the filters the API refused. */
  readonly error: unknown;
  /** Organization-wide logs filter by project; a project's log is that project's already. */
  readonly showProject: boolean;
  readonly onApply: (filters: EventFilters) => void;
}

/** Every value of an event's `action` (§19: the writes of the endpoint table, as the SDK lists them), A to Z. */
const actions: readonly string[] = [...eventActions].sort();

const emptyFilters = Object.fromEntries(filterNames.map((name) => [name, ''])) as EventFilters;

/** The form's own values: the date-times as `datetime-local` text in UTC. */
function draftOf(filters: EventFilters): EventFilters {
  return {
    ...filters,
    since: toUtcInput(filters.since) ?? '',
    until: toUtcInput(filters.until) ?? '',
  };
}

export function EventFilterForm({ filters, error, showProject, onApply }: EventFilterFormProps) {
  const [draft, setDraft] = useState<EventFilters>(() => draftOf(filters));
  // The address changed (a link in a row, the back button): the form shows what the list is filtered by.
  const applied = JSON.stringify(filters);
  useEffect(() => setDraft(draftOf(filters)), [applied]);
  const set = (name: FilterName, value: string) => setDraft((current) => ({ ...current, [name]: value }));

  /** What every filter's field shares: its id and the API's messages about it. */
  const field = (name: FilterName) => ({ id: `filter-${name}`, path: name, error });

  const textField = (name: FilterName, label: string, placeholder: string) => (
    <TextField
      {...field(name)}
      label={label}
      type="text"
      value={draft[name]}
      placeholder={placeholder}
      autocomplete="off"
      onInput={(event) => set(name, event.currentTarget.value)}
    />
  );

  const timeField = (name: 'since' | 'until', label: string) => {
    // A hand-written address may carry a value no date-time input can show: say what it was.
    const unreadable = filters[name] !== '' && toUtcInput(filters[name]) === null;
    return (
      <TextField
        {...field(name)}
        label={label}
        after={
          unreadable && (
            <p class="field-error">The address gives “{filters[name]}”, which is not a date-time.</p>
          )
        }
        type="datetime-local"
        step={1}
        value={draft[name]}
        onInput={(event) => set(name, event.currentTarget.value)}
      />
    );
  };

  const knownKind = draft.resourceKind === '' || draft.resourceKind in resourceKindLabels;
  const knownAction = draft.action === '' || actions.includes(draft.action);
  return (
    <form
      aria-label="Filter events"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...draft, since: fromUtcInput(draft.since), until: fromUtcInput(draft.until) });
      }}
    >
      <div class="toolbar">
        {showProject && textField('project', 'Project', 'project key')}
        {textField('flag', 'Flag', 'flag key')}
        {textField('environment', 'Environment', 'environment key')}
        {textField('actor', 'Actor', 'user or token id, or email')}
        <SelectField
          {...field('action')}
          label="Action"
          describedBy={knownAction ? undefined : 'filter-action-hint'}
          after={
            !knownAction && (
              <UnknownActionHint
                action={draft.action}
                onChoose={(action) => onApply({ ...filters, action })}
              />
            )
          }
          value={draft.action}
          onChange={(event) => set('action', event.currentTarget.value)}
        >
          <option value="">Any action</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
          {!knownAction && <option value={draft.action}>{draft.action} (not an action)</option>}
        </SelectField>
        <SelectField
          {...field('resourceKind')}
          label="Resource kind"
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
        </SelectField>
        {timeField('since', 'Since (UTC)')}
        {timeField('until', 'Until (UTC)')}
      </div>
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

/** An action the address gives that the API does not define: it matches nothing; the closest ones do. */
function UnknownActionHint({
  action,
  onChoose,
}: {
  readonly action: string;
  readonly onChoose: (action: string) => void;
}) {
  const suggestions = closestMatches(action, actions, { maxDistance: 4, max: 3 });
  return (
    <p id="filter-action-hint" class="field-error">
      No action is called “{action}”, so no event matches it.
      {suggestions.length > 0 && ' Did you mean '}
      {suggestions.map((suggestion, index) => (
        <span key={suggestion}>
          {index > 0 && ', '}
          <button type="button" class="link-button" onClick={() => onChoose(suggestion)}>
            {suggestion}
          </button>
        </span>
      ))}
      {suggestions.length > 0 && '?'}
    </p>
  );
}
