/**
 * The flag's variations: a table, with add, edit and delete. Nested variations carry no `_actions`, so
 * edit and delete follow the flag's `update` action; delete is also off, with the reason, when the
 * contract's rules refuse it for what the page holds (a Boolean variation, the last one, a default, a
 * rule's or a weighted rollout's variation). Only another flag's prerequisite is left to the server's
 * answer: the page does not read the other flags.
 */
import { type Action, type NestedVariation, variationDeletionRefusal } from '@flagplane/contract';
import type { FlagEnvironmentList } from '@flagplane/sdk';
import { ActionButton } from '../../components/action-button.js';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { ListStatus, useListPage } from '../../components/list-page.js';
import { managedChangeWarning } from '../../components/managed-badge.js';
import type { ApiState } from '../../signed-in/use-api.js';
import type { FlagScope } from './flag-scope.js';
import { VariationForm } from './variation-form.js';

export const variationLabel = (variation: NestedVariation) => variation.key ?? variation.name ?? variation.id;

const addButtonId = 'add-variation-button';
const editButtonId = (variation: NestedVariation) => `variation-${variation.id}-edit`;

/**
 * Whether the variation may be deleted: the flag's `update` action, then the contract's rules on the
 * configurations. Unknown (undefined, the button off) while they load; when they could not be read, the
 * server's answer decides.
 */
function deletionAction(
  scope: FlagScope,
  variation: NestedVariation,
  configurations: ApiState<FlagEnvironmentList>,
): Action | undefined {
  const { flag } = scope;
  const update = flag._actions.update;
  if (!update.allowed || configurations.status === 'failed') return update;
  if (configurations.status === 'loading') return undefined;
  const refusal = variationDeletionRefusal({
    flagType: flag.type,
    variationCount: flag.variations.length,
    variationId: variation.id,
    configurations: configurations.data,
  });
  return refusal === null ? update : { allowed: false, reason: refusal };
}

export interface VariationsSectionProps {
  readonly scope: FlagScope;
  readonly configurations: ApiState<FlagEnvironmentList>;
}

export function VariationsSection({ scope, configurations }: VariationsSectionProps) {
  const { flag, org, project, flagKey } = scope;
  const list = useListPage({ reload: scope.reload, newButtonId: addButtonId });
  const editing = flag.variations.find((variation) => variation.id === list.editingId);

  const remove = (variation: NestedVariation) => {
    const label = variationLabel(variation);
    const warning = managedChangeWarning(flag.managedBy, `Flag ${flagKey}`);
    const message = `This deletes the variation ${label} of ${flagKey}; it cannot be undone.${warning ? ` ${warning}` : ''}`;
    return list.remove(
      variation.id,
      () => scope.confirm(`Delete the variation ${label}?`, message, 'Delete the variation', 'destructive'),
      ({ client }) => client.variations.delete(org, project, flagKey, variation.id),
      `Deleted the variation ${label}.`,
    );
  };

  return (
    <section aria-labelledby="variations-heading">
      <h2 id="variations-heading">Variations</h2>
      <ListStatus notice={list.notice} />
      {flag.variations.length === 0 ? (
        <p>This flag has no variations.</p>
      ) : (
        <table class="data">
          <caption class="visually-hidden">Variations of {flagKey}</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">Description</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {flag.variations.map((variation) => (
              <tr key={variation.id}>
                <td>
                  <code>{variation.key}</code>
                </td>
                <td data-label="Name">{variation.name}</td>
                <td data-label="Value">
                  <code class="variation-value">{variation.value}</code>
                </td>
                <td data-label="Description">{variation.description}</td>
                <td>
                  <div class="flag-row-actions">
                    <ActionButton
                      id={editButtonId(variation)}
                      action={flag._actions.update}
                      context={`variation ${variationLabel(variation)}`}
                      onClick={() => list.startEditing(variation.id)}
                    >
                      Edit
                    </ActionButton>
                    <ActionButton
                      action={deletionAction(scope, variation, configurations)}
                      busy={list.removing(variation.id)}
                      variant="danger"
                      context={`variation ${variationLabel(variation)}`}
                      onClick={() => void remove(variation)}
                    >
                      Delete
                    </ActionButton>
                  </div>
                  <ApiErrorMessage error={list.removalErrorOf(variation.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.creating || editing ? (
        <VariationForm
          key={editing?.id ?? 'add'}
          scope={scope}
          variation={editing ?? null}
          onCancel={() => (editing ? list.finishEditing(editButtonId(editing)) : list.closeCreation())}
          onSaved={(label) =>
            editing
              ? list.finishEditing(editButtonId(editing), `Saved the variation ${label}.`)
              : list.closeCreation(`Added the variation ${label}.`)
          }
        />
      ) : (
        <div class="toolbar">
          <ActionButton id={addButtonId} action={flag._actions.createVariation} onClick={list.openCreation}>
            Add a variation
          </ActionButton>
        </div>
      )}
    </section>
  );
}
