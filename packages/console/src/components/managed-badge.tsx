/** §20: a resource declared in code shows where (`file:flags.yaml`, `cdktf:prod-flags`). */
import type { ManagedBy } from '@flagplane/contract';

export function ManagedBadge({ managedBy }: { readonly managedBy: ManagedBy | null | undefined }) {
  if (!managedBy) return null;
  const environments =
    managedBy.environments.length > 0 ? `; declares ${managedBy.environments.join(', ')}` : '';
  return (
    <span class="badge managed" title={`Managed by code: ${managedBy.source}${environments}`}>
      managed by {managedBy.source}
    </span>
  );
}

/**
 * The question to ask before a person changes what code declares, or null when nothing declares it:
 * the next apply of the source would put the declared value back.
 */
export function managedChangeWarning(
  managedBy: ManagedBy | null | undefined,
  what: string,
  environmentKey?: string | null,
): string | null {
  if (!managedBy) return null;
  if (environmentKey != null && !managedBy.environments.includes(environmentKey)) return null;
  return `${what} is managed by ${managedBy.source}. The next apply of ${managedBy.source} will revert this change. Change it anyway?`;
}

/**
 * What a managed project's source declares inside it: the arrays of the desired state's `DesiredProject`
 * (contract desired-state-schema.ts). A project's `managedBy.environments` is always empty, so the kind is
 * all the console can know: whether one segment or key is declared is in the source, not in the API. A
 * kind missing here is never asked about. A flag carries its own `managedBy` once created (changes to it
 * ask by that); the kind here is for creating one, which the project's source may prune.
 */
export const declaredInManagedProject = {
  environment: { one: 'environment', all: 'environments', desiredStateProperty: 'environments' },
  flag: { one: 'flag', all: 'flags', desiredStateProperty: 'flags' },
  segment: { one: 'segment', all: 'segments', desiredStateProperty: 'segments' },
  sdkKey: { one: 'SDK key', all: 'SDK keys', desiredStateProperty: 'sdkKeys' },
} as const;

export type ProjectChildKind = keyof typeof declaredInManagedProject;
export type ProjectChildChange = 'create' | 'change' | 'delete' | 'revoke';

const questions: Readonly<Record<ProjectChildChange, string>> = {
  create: 'Create it anyway?',
  change: 'Change it anyway?',
  delete: 'Delete it anyway?',
  revoke: 'Revoke it anyway?',
};

/**
 * The question to ask before a person creates, changes or removes an environment, segment or SDK key of
 * a project its `managedBy` source declares, or null when the project is not managed. A change to what
 * exists is put back by the source's next apply (a deleted segment comes back, a revoked declared key is
 * replaced by a new one); something new is removed by an apply with `--prune` unless the source declares
 * it too, as the removal policies say.
 */
export function managedProjectChangeWarning(
  managedBy: ManagedBy | null | undefined,
  project: string,
  kind: ProjectChildKind,
  change: ProjectChildChange,
): string | null {
  if (!managedBy) return null;
  const declared = declaredInManagedProject[kind];
  const { source } = managedBy;
  const consequence =
    change === 'create'
      ? `unless ${source} declares this ${declared.one} too, its next apply with --prune can revert this change.`
      : `the next apply of ${source} will revert this change.`;
  return `Project ${project} is managed by ${source}, which declares its ${declared.all}: ${consequence} ${questions[change]}`;
}

/** At the top of a page whose changes a managed project's source reverts: says so before anyone tries. */
export function ManagedProjectNotice({
  managedBy,
  kinds,
  badge = false,
}: {
  readonly managedBy: ManagedBy | null | undefined;
  /** What the page changes ("SDK keys"). */
  readonly kinds: string;
  /** For a page whose heading is not the project's, which carries the badge otherwise. */
  readonly badge?: boolean;
}) {
  if (!managedBy) return null;
  return (
    <p class="notice">
      {badge && (
        <>
          <ManagedBadge managedBy={managedBy} />{' '}
        </>
      )}
      This project is managed by <code>{managedBy.source}</code>: the next apply of its source reverts changes
      made here to the {kinds} it declares. Change them in the source instead; the console asks before each
      change.
    </p>
  );
}
