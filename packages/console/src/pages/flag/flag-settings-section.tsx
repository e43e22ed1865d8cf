/** The flag's own settings (name, description, tags, client-side visibility, temporary) and its life: archive, restore, delete. */

import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { ActionButton } from '../../components/action-button.js';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { managedChangeWarning } from '../../components/managed-badge.js';
import { consolePaths } from '../../signed-in/console-paths.js';
import { useWrite } from '../../signed-in/use-api.js';
import { confirmManagedChange, type FlagScope } from './flag-scope.js';
import { FlagSettingsForm } from './flag-settings-form.js';

/**
 * What archiving does, as the API says it (§8, §21, §23): asked before archiving, so the button is not
 * one click away from taking a flag out of every application.
 */
function archivingConsequences(flagKey: string): string {
  return (
    `An archived flag is not evaluated: in every environment ${flagKey} is left out of evaluation results ` +
    'and of what SDKs download (OFREP answers that the flag is not found), so applications get the default ' +
    'value their code gives. It leaves the flag list (“Archived flags” in its filters shows it) and, until it is ' +
    'restored, refuses every change but deletion. Restoring it brings it back as it was.'
  );
}

export function FlagSettingsSection({ scope }: { readonly scope: FlagScope }) {
  const { flag, org, project, flagKey } = scope;
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const lifecycle = useWrite();
  const { route } = useLocation();

  /** Archiving always asks (what it does, and what code manages); restoring asks only what code manages. */
  const confirmLifecycle = (archive: boolean) => {
    if (!archive) return confirmManagedChange(scope, `Flag ${flagKey}`);
    const warning = managedChangeWarning(flag.managedBy, `Flag ${flagKey}`);
    const message = `${archivingConsequences(flagKey)}${warning ? ` ${warning}` : ''}`;
    return scope.confirm(`Archive the flag ${flagKey}?`, message, 'Archive the flag');
  };

  const archiveOrRestore = async (archive: boolean) => {
    setStatus(null);
    if (!(await confirmLifecycle(archive))) return;
    const outcome = await lifecycle.run(({ client }) =>
      archive ? client.flags.archive(org, project, flagKey) : client.flags.restore(org, project, flagKey),
    );
    if (!outcome.ok) return;
    setStatus(archive ? `Archived ${flagKey}.` : `Restored ${flagKey}.`);
    scope.reload();
  };

  const remove = async () => {
    setStatus(null);
    const warning = managedChangeWarning(flag.managedBy, `Flag ${flagKey}`);
    const message = `This deletes ${flagKey} and its configuration in every environment; it cannot be undone.${warning ? ` ${warning}` : ''}`;
    if (!(await scope.confirm(`Delete the flag ${flagKey}?`, message, 'Delete the flag', 'destructive')))
      return;
    const outcome = await lifecycle.run(({ client }) => client.flags.delete(org, project, flagKey));
    if (outcome.ok) route(consolePaths.project(org, project));
  };

  return (
    <section aria-labelledby="flag-settings-heading">
      <h2 id="flag-settings-heading">Settings</h2>
      <ApiErrorMessage error={lifecycle.error} />
      {/* Always there, so a screen reader follows it: a live region inserted with its text may go unsaid. */}
      <p class="muted" role="status">
        {status}
      </p>
      {editing ? (
        <FlagSettingsForm
          scope={scope}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setStatus('Saved the settings.');
            scope.reload();
          }}
        />
      ) : (
        <div class="card">
          <dl class="flag-settings-list">
            <dt>Name</dt>
            <dd>{flag.name ?? <span class="muted">none</span>}</dd>
            <dt>Description</dt>
            <dd>{flag.description ?? <span class="muted">none</span>}</dd>
            <dt>Tags</dt>
            <dd>
              {flag.tags && flag.tags.length > 0 ? flag.tags.join(', ') : <span class="muted">none</span>}
            </dd>
            <dt>Visible to client-side SDK keys</dt>
            <dd>{flag.clientSideVisible ? 'Yes' : 'No'}</dd>
            <dt>Temporary</dt>
            <dd>{flag.temporary ? 'Yes' : 'No'}</dd>
            {flag.managedBy && (
              <>
                <dt>Managed by</dt>
                <dd>
                  <code>{flag.managedBy.source}</code>
                  {flag.managedBy.environments.length > 0 &&
                    `, which also declares the configurations of ${flag.managedBy.environments.join(', ')}`}
                </dd>
              </>
            )}
          </dl>
          <div class="toolbar">
            <ActionButton
              action={flag._actions.update}
              onClick={() => {
                setStatus(null);
                setEditing(true);
              }}
            >
              Edit settings
            </ActionButton>
            {flag.isArchived ? (
              <ActionButton
                action={flag._actions.restore}
                busy={lifecycle.pending}
                onClick={() => archiveOrRestore(false)}
              >
                Restore
              </ActionButton>
            ) : (
              <ActionButton
                action={flag._actions.archive}
                busy={lifecycle.pending}
                onClick={() => archiveOrRestore(true)}
              >
                Archive
              </ActionButton>
            )}
            <ActionButton
              action={flag._actions.delete}
              busy={lifecycle.pending}
              variant="danger"
              onClick={remove}
            >
              Delete flag
            </ActionButton>
          </div>
        </div>
      )}
    </section>
  );
}
