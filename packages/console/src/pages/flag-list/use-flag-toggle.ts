/**
 * Turning a flag on or off from the list: asks first when code declares that environment's configuration
 * (§20), shows the switch as pending until the server confirms, then shows the new state.
 */
import type { FlagListItem } from '@flagplane/sdk';
import { useState } from 'preact/hooks';
import type { Confirm } from '../../components/confirm-dialog.js';
import { managedChangeWarning } from '../../components/managed-badge.js';
import { useWrite } from '../../signed-in/use-api.js';
import type { FlagListData } from './flag-list-data.js';

export interface FlagToggleRequest {
  readonly flag: FlagListItem;
  readonly environmentId: string;
  readonly environmentKey: string;
  readonly enabled: boolean;
}

export interface FlagToggleOptions {
  readonly org: string;
  readonly project: string;
  readonly confirm: Confirm;
  readonly replace: (update: (data: FlagListData) => FlagListData) => void;
}

export function useFlagToggle({ org, project, confirm, replace }: FlagToggleOptions) {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const write = useWrite();

  const toggle = async ({ flag, environmentId, environmentKey, enabled }: FlagToggleRequest) => {
    const flagKey = flag.key ?? flag.id;
    const warning = managedChangeWarning(
      flag.managedBy,
      `The ${environmentKey} configuration of ${flagKey}`,
      environmentKey,
    );
    if (
      warning &&
      !(await confirm(`Turn ${enabled ? 'on' : 'off'} ${flagKey} in ${environmentKey}?`, warning))
    )
      return;
    const id = `${flag.id}/${environmentId}`;
    setPending((current) => new Set(current).add(id));
    const outcome = await write.run(({ client }) =>
      client.flagEnvironments.toggle(org, project, flagKey, environmentKey, { enabled }),
    );
    setPending((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
    if (!outcome.ok) return;
    replace((data) => ({
      ...data,
      flags: data.flags.map((candidate) =>
        candidate.id !== flag.id
          ? candidate
          : {
              ...candidate,
              environments: candidate.environments?.map((configuration) =>
                configuration.environmentId === environmentId
                  ? { ...configuration, isEnabled: enabled }
                  : configuration,
              ),
            },
      ),
    }));
  };
  return { toggle, pending, error: write.error };
}
