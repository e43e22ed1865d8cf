/** One flag of the list: its name, key, badges and tags, and a switch per environment. */
import type { EnvironmentListItem, FlagListItem } from '@flagplane/sdk';
import { ManagedBadge } from '../../components/managed-badge.js';
import { ToggleSwitch } from '../../components/toggle-switch.js';
import { consolePaths } from '../../signed-in/console-paths.js';
import type { FlagToggleRequest } from './use-flag-toggle.js';

/** What the server answers a toggle of an archived flag (its configurations' `_actions`). */
const archivedReason = 'The flag is archived: restore it to change it.';

export interface FlagRowProps {
  readonly org: string;
  readonly project: string;
  readonly flag: FlagListItem;
  readonly environments: readonly EnvironmentListItem[];
  readonly changeRefusedReason: string | null;
  /** `<flag id>/<environment id>` of the toggles waiting for the server. */
  readonly pendingToggles: ReadonlySet<string>;
  readonly onToggle: (request: FlagToggleRequest) => void;
}

export function FlagRow({
  org,
  project,
  flag,
  environments,
  changeRefusedReason,
  pendingToggles,
  onToggle,
}: FlagRowProps) {
  const flagKey = flag.key ?? flag.id;
  return (
    <tr>
      <th scope="row">
        <a href={consolePaths.flag(org, project, flagKey)}>{flag.name ?? flagKey}</a>
        <ManagedBadge managedBy={flag.managedBy} />
        {flag.staleness === 'Stale' && (
          <span class="badge stale" title="Not evaluated recently: a candidate for removal">
            stale
          </span>
        )}
        {flag.isArchived && <span class="badge">archived</span>}
        <div>
          <code class="muted">{flagKey}</code>{' '}
          {(flag.tags ?? []).map((tag) => (
            <span class="tag" key={tag}>
              {tag}
            </span>
          ))}
        </div>
      </th>
      <td data-label="Type">{flag.type}</td>
      {environments.map((environment) => {
        const configuration = flag.environments?.find(
          (candidate) => candidate.environmentId === environment.id,
        );
        const environmentKey = environment.key ?? environment.id;
        const column = environment.name ?? environmentKey;
        if (!configuration)
          return (
            <td key={environment.id} data-label={column}>
              —
            </td>
          );
        return (
          <td key={environment.id} data-label={column}>
            <ToggleSwitch
              checked={configuration.isEnabled}
              label={`${flagKey} in ${column}`}
              disabledReason={changeRefusedReason ?? (flag.isArchived ? archivedReason : null)}
              pending={pendingToggles.has(`${flag.id}/${environment.id}`)}
              onToggle={(enabled) =>
                onToggle({ flag, environmentId: environment.id, environmentKey, enabled })
              }
            />
          </td>
        );
      })}
    </tr>
  );
}
