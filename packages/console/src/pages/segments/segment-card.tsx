/** One segment: what it holds (keys in, keys out, conditions), and its edit form in place when editing. */
import type { ConditionGroup } from '@flagplane/contract';
import type { Segment } from '@flagplane/sdk';
import { ActionButton } from '../../components/action-button.js';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { DateTime } from '../../components/date-time.js';
import { draftOf, updateBodyOf } from './segment-draft.js';
import { SegmentForm } from './segment-form.js';

/** The segment's Edit button, where the focus goes back when its form closes (useListPage). */
export const editSegmentButtonId = (segment: Segment) => `segment-${segment.id}-edit`;

export interface SegmentCardProps {
  readonly org: string;
  readonly project: string;
  readonly segment: Segment;
  readonly editing: boolean;
  readonly onEdit: () => void;
  /** The edit form closed, `saved` after a successful save; the page puts the focus back on Edit. */
  readonly onEditDone: (saved: boolean) => void;
  /** Asked before an edit is saved (§20); see SegmentForm. */
  readonly confirmSave: () => Promise<boolean>;
  readonly onDelete: () => void;
  readonly deleting: boolean;
  /** Why the last delete of this segment failed (a rule still uses it, …). */
  readonly deleteError: unknown;
}

/** Long key lists are cut short here: all of them are one click away, and in the edit form. */
const shownKeys = 20;

export function SegmentCard(props: SegmentCardProps) {
  const { org, project, segment, editing, onEdit, onEditDone, confirmSave, onDelete, deleting, deleteError } =
    props;
  const key = segment.key ?? segment.id;
  const titleId = `segment-${segment.id}-title`;

  return (
    <article class="card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {editing ? 'Edit ' : ''}
        {segment.name && segment.name !== key ? (
          <>
            {segment.name} <code>{key}</code>
          </>
        ) : (
          <code>{key}</code>
        )}
      </h3>
      {editing ? (
        <SegmentForm
          idPrefix={`segment-${segment.id}`}
          subject={`the segment ${key}`}
          initial={draftOf(segment)}
          creating={false}
          submitLabel="Save segment"
          save={({ client }, draft) => client.segments.update(org, project, segment.id, updateBodyOf(draft))}
          confirmSave={confirmSave}
          onSaved={() => onEditDone(true)}
          onCancel={() => onEditDone(false)}
        />
      ) : (
        <>
          {segment.description && <p>{segment.description}</p>}
          <dl>
            <dt>Included context keys</dt>
            <dd>
              <KeyList keys={segment.included} what="included" />
            </dd>
            <dt>Excluded context keys</dt>
            <dd>
              <KeyList keys={segment.excluded} what="excluded" />
            </dd>
            <dt>Conditions</dt>
            <dd>
              <ConditionGroups groups={segment.conditionGroups} />
            </dd>
          </dl>
          <p class="muted">
            Updated <DateTime value={segment.updatedAt} />
          </p>
          <div class="toolbar">
            <ActionButton id={editSegmentButtonId(segment)} action={segment._actions.update} onClick={onEdit}>
              Edit<span class="visually-hidden"> segment {key}</span>
            </ActionButton>
            <ActionButton
              action={segment._actions.delete}
              variant="danger"
              busy={deleting}
              onClick={onDelete}
            >
              Delete<span class="visually-hidden"> segment {key}</span>
            </ActionButton>
          </div>
          <ApiErrorMessage error={deleteError} />
        </>
      )}
    </article>
  );
}

function KeyList({ keys, what }: { readonly keys: readonly string[]; readonly what: string }) {
  if (keys.length === 0) return <span class="muted">None</span>;
  return (
    <>
      {keys.slice(0, shownKeys).map((contextKey) => (
        <span key={contextKey} class="tag">
          {contextKey}
        </span>
      ))}
      {keys.length > shownKeys && (
        <details>
          <summary>
            Show all {keys.length} {what} keys
          </summary>
          <p class="mono">{keys.join(', ')}</p>
        </details>
      )}
    </>
  );
}

function ConditionGroups({ groups }: { readonly groups: readonly ConditionGroup[] }) {
  if (groups.length === 0) return <span class="muted">None: only the included keys are in the segment.</span>;
  return (
    <ol>
      {groups.map((group, index) => (
        // Groups have no id; their order is what identifies them (the list is rendered whole).
        <li key={index}>
          {index > 0 && <strong>and </strong>}
          {group.conditions.length === 0 ? (
            <span class="muted">
              an empty group ({group.operator === 'And' ? 'always holds' : 'never holds'})
            </span>
          ) : (
            <>
              {group.operator === 'And' ? 'all of:' : 'any of:'}
              <ul>
                {group.conditions.map((condition, conditionIndex) => (
                  <li key={conditionIndex}>
                    {condition.negate && <strong>not </strong>}
                    <code>{condition.attribute}</code> {condition.operator}{' '}
                    {condition.values.map((value, valueIndex) => (
                      <span key={valueIndex} class="tag">
                        {value}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
