/** The flag's configuration in every environment of the project, in environment order: a card each. */
import type { FlagEnvironmentList, SegmentListItem } from '@flagplane/sdk';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { consolePaths } from '../../signed-in/console-paths.js';
import type { ApiState } from '../../signed-in/use-api.js';
import { FlagEnvironmentCard } from './flag-environment-card.js';
import type { FlagScope } from './flag-scope.js';

export interface EnvironmentsSectionProps {
  readonly scope: FlagScope;
  readonly configurations: ApiState<FlagEnvironmentList>;
  readonly segments: ApiState<readonly SegmentListItem[]>;
}

export function EnvironmentsSection({ scope, configurations, segments }: EnvironmentsSectionProps) {
  return (
    <section aria-labelledby="environments-heading">
      <h2 id="environments-heading">Environments</h2>
      {configurations.status === 'loading' && (
        <p class="loading" role="status">
          Loading the configurations…
        </p>
      )}
      {configurations.status === 'failed' && <ApiErrorMessage error={configurations.error} />}
      {segments.status === 'failed' && (
        <>
          <p>The segments could not be loaded: rules show segment ids, and the segment choice is limited.</p>
          <ApiErrorMessage error={segments.error} />
        </>
      )}
      {configurations.status === 'ready' && configurations.data.length === 0 && (
        <p>
          This project has no environments yet.{' '}
          <a href={consolePaths.environments(scope.org, scope.project)}>Create one</a> to configure the flag.
        </p>
      )}
      {configurations.status === 'ready' &&
        configurations.data.map((configuration) => (
          <FlagEnvironmentCard
            key={configuration.environmentId}
            scope={scope}
            configuration={configuration}
            segments={segments.data ?? []}
          />
        ))}
    </section>
  );
}
