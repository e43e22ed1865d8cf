/**
 * One flag: its settings, variations, and configuration in every environment of the project (on/off,
 * strategy, default, weights, prerequisites, targeting rules), each change checked against `_actions`.
 */
import type { SegmentListItem } from '@flagplane/sdk';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { consolePaths } from '../signed-in/console-paths.js';
import { ProjectLayout } from '../signed-in/project-layout.js';
import { useApi } from '../signed-in/use-api.js';
import { EnvironmentsSection } from './flag/environments-section.js';
import type { FlagScope } from './flag/flag-scope.js';
import { FlagSettingsSection } from './flag/flag-settings-section.js';
import { FlagSummary } from './flag/flag-summary.js';
import { VariationsSection } from './flag/variations-section.js';

export function FlagPage({ org, project, flag: flagKey }: { org: string; project: string; flag: string }) {
  const { confirm, dialog } = useConfirm();
  const flagLoad = useApi(
    ({ client }, signal) => client.flags.retrieve(org, project, flagKey, { signal }),
    [org, project, flagKey],
  );
  const configurationsLoad = useApi(
    ({ client }, signal) => client.flagEnvironments.list(org, project, flagKey, { signal }),
    [org, project, flagKey],
  );
  // Rules name segments by id: the select offers every segment of the project, the view shows their keys.
  const segmentsLoad = useApi(
    async ({ client }, signal) => {
      const segments: SegmentListItem[] = [];
      for await (const segment of client.segments.list(org, project, { limit: 100 }, { signal }))
        segments.push(segment);
      return segments;
    },
    [org, project],
  );

  const flag = flagLoad.state.data;
  const flagName = flag ? (flag.name ?? flag.key ?? flagKey) : flagKey;
  const scope: FlagScope | null = flag
    ? {
        org,
        project,
        flagKey,
        flag,
        confirm,
        reload: () => {
          flagLoad.reload();
          configurationsLoad.reload();
        },
      }
    : null;

  return (
    <ProjectLayout org={org} project={project} tab="flags" crumbs={[{ label: flagName }]} title={flagName}>
      {dialog}
      {flagLoad.state.status === 'loading' && (
        <p class="loading" role="status">
          Loading the flag…
        </p>
      )}
      {/*
       * A 404 lists close keys (`did_you_mean`) of whatever the address named wrong: the organization, the
       * project or the flag. Once the project's segments are read, the organization and project exist, so
       * the keys are flag keys and link to their pages; until then they are shown as text.
       */}
      {flagLoad.state.status === 'failed' && (
        <ApiErrorMessage
          error={flagLoad.state.error}
          suggestionHref={
            segmentsLoad.state.status === 'ready'
              ? (suggestion) => consolePaths.flag(org, project, suggestion)
              : undefined
          }
        />
      )}
      {scope && (
        <div class="flag-page">
          <FlagSummary scope={scope} />
          <FlagSettingsSection scope={scope} />
          <VariationsSection scope={scope} configurations={configurationsLoad.state} />
          <EnvironmentsSection
            scope={scope}
            configurations={configurationsLoad.state}
            segments={segmentsLoad.state}
          />
        </div>
      )}
    </ProjectLayout>
  );
}
