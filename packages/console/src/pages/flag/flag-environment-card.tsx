/**
 * The flag in one environment: the on/off switch, and its configuration, read-only until "Edit" opens
 * the form. A configuration that the flag's `managedBy.environments` declares asks before each change.
 */
import type { FlagEnvironment, SegmentListItem } from '@flagplane/sdk';
import { useState } from 'preact/hooks';
import { ActionButton, refusalOf } from '../../components/action-button.js';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { ToggleSwitch } from '../../components/toggle-switch.js';
import { useWrite } from '../../signed-in/use-api.js';
import { FlagEnvironmentForm } from './flag-environment-form.js';
import { FlagEnvironmentView } from './flag-environment-view.js';
import { confirmManagedChange, type FlagScope } from './flag-scope.js';

export interface FlagEnvironmentCardProps {
  readonly scope: FlagScope;
  readonly configuration: FlagEnvironment;
  readonly segments: readonly SegmentListItem[];
}

export function FlagEnvironmentCard({ scope, configuration, segments }: FlagEnvironmentCardProps) {
  const { org, project, flagKey, flag } = scope;
  const envKey = configuration.environmentKey ?? configuration.environmentId;
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const toggle = useWrite();
  const what = `The ${envKey} configuration of ${flagKey}`;
  const headingId = `environment-${configuration.environmentId}-heading`;
  const declared = flag.managedBy?.environments.includes(envKey) ?? false;

  const switchTo = async (enabled: boolean) => {
    setStatus(null);
    if (!(await confirmManagedChange(scope, what, envKey))) return;
    const outcome = await toggle.run(({ client }) =>
      client.flagEnvironments.toggle(org, project, flagKey, envKey, { enabled }),
    );
    if (!outcome.ok) return;
    setStatus(`Turned ${flagKey} ${enabled ? 'on' : 'off'} in ${envKey}.`);
    scope.reload();
  };

  return (
    <section class="card flag-environment" aria-labelledby={headingId}>
      <div class="flag-environment-head">
        <h3 id={headingId}>
          {envKey}
          {declared && flag.managedBy && (
            <span class="badge managed" title={`Declared by ${flag.managedBy.source}`}>
              declared in code
            </span>
          )}
        </h3>
        <ToggleSwitch
          checked={configuration.isEnabled}
          label={`${flagKey} in ${envKey}`}
          disabledReason={refusalOf(configuration._actions.toggle)}
          pending={toggle.pending}
          onToggle={switchTo}
        />
      </div>
      {/* No suggestionHref: a 404 of the toggle may name the flag or the environment, so keys stay text. */}
      <ApiErrorMessage error={toggle.error} />
      {/* Always there, so a screen reader follows it: a live region inserted with its text may go unsaid. */}
      <p class="muted" role="status">
        {status}
      </p>
      {editing ? (
        <FlagEnvironmentForm
          scope={scope}
          configuration={configuration}
          segments={segments}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setStatus(`Saved the ${envKey} configuration.`);
            scope.reload();
          }}
        />
      ) : (
        <>
          <FlagEnvironmentView scope={scope} configuration={configuration} segments={segments} />
          <div class="toolbar">
            <ActionButton
              action={configuration._actions.update}
              context={`the ${envKey} configuration`}
              onClick={() => {
                setStatus(null);
                toggle.clearError();
                setEditing(true);
              }}
            >
              Edit
            </ActionButton>
          </div>
        </>
      )}
    </section>
  );
}
