/**
 * The flag's variations: a table, with add, edit and delete. Nested variations carry no `_actions`, so
 * edit and delete follow the flag's `update` action; delete is also off, with the reason, when the
 * contract's rules refuse it for what the page holds (a Boolean variation, the last one, a default, a
 * rule's or a weighted rollout's variation). Only another flag's prerequisite is left to the server's
 * answer: the page does not read the other flags.
 */
import { type Action, type NestedVariation, variationDeletionRefusal } from '@flagplane/contract';
import type { FlagEnvironmentList } from '@flagplane/sdk';
import { useState } from 'preact/hooks';
import { ActionButton } from '../../components/action-button.js';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { managedChangeWarning } from '../../components/managed-badge.js';
import { type ApiState, useWrite } from '../../signed-in/use-api.js';
import type { FlagScope } from './flag-scope.js';
import { VariationForm } from './variation-form.js';

type Editing =
  | { readonly kind: 'add' }
  | { readonly kind: 'edit'; readonly variation: NestedVariation }
  | null;

export const variationLabel = (variation: NestedVariation) => variation.key ?? variation.name ?? variation.id;

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
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState<string | null>(null);
  const removal = useWrite();

  const startEditing = (next: Editing) => {
    setStatus(null);
    removal.clearError();
    setEditing(next);
  };

  const remove = async (variation: NestedVariation) => {
    setStatus(null);
    const label = variationLabel(variation);
    const warning = managedChangeWarning(flag.managedBy, `Flag ${flagKey}`);
    const message = `This deletes the variation ${label} of ${flagKey}; it cannot be undone.${warning ? ` ${warning}` : ''}`;
    if (
      !(await scope.confirm(`Delete the variation ${label}?`, message, 'Delete the variation', 'destructive'))
    )
      return;
    const outcome = await removal.run(({ client }) =>
      client.variations.delete(org, project, flagKey, variation.id),
    );
    if (!outcome.ok) return;
    setStatus(`Deleted the variation ${label}.`);
    scope.reload();
  };

  return (
    <section aria-labelledby="variations-heading">
      <h2 id="variations-heading">Variations</h2>
      <ApiErrorMessage error={removal.error} />
      {/* Always there, so a screen reader follows it: a live region inserted with its text may go unsaid. */}
      <p class="muted" role="status">
        {status}
      </p>
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
                      action={flag._actions.update}
                      context={`variation ${variationLabel(variation)}`}
                      onClick={() => startEditing({ kind: 'edit', variation })}
                    >
                      Edit
                    </ActionButton>
                    <ActionButton
                      action={deletionAction(scope, variation, configurations)}
                      busy={removal.pending}
                      variant="danger"
                      context={`variation ${variationLabel(variation)}`}
                      onClick={() => remove(variation)}
                    >
                      Delete
                    </ActionButton>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing ? (
        <VariationForm
          key={editing.kind === 'edit' ? editing.variation.id : 'add'}
          scope={scope}
          variation={editing.kind === 'edit' ? editing.variation : null}
          onCancel={() => setEditing(null)}
          onSaved={(label) => {
            setEditing(null);
            setStatus(
              editing.kind === 'edit' ? `Saved the variation ${label}.` : `Added the variation ${label}.`,
            );
            scope.reload();
          }}
        />
      ) : (
        <div class="toolbar">
          <ActionButton action={flag._actions.createVariation} onClick={() => startEditing({ kind: 'add' })}>
            Add a variation
          </ActionButton>
        </div>
      )}
    </section>
  );
}
