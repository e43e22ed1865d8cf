/**
 * A plan: the changes that make the live state match the desired state, each with the changes it must
 * wait for, and the notices that need no write (undeclared resources, a lost SDK-key file). A change is
 * plain data (printed, or written as JSON); its step is how the executor performs it.
 */
import type { FlagplaneClient } from '@flagplane/sdk';
import type { IdRegistry } from './id-registry.js';

export type ChangeAction = 'create' | 'update' | 'restore' | 'rotate' | 'delete' | 'archive' | 'revoke';
export type ChangeKind =
  | 'project'
  | 'environment'
  | 'segment'
  | 'flag'
  | 'configuration'
  | 'variation'
  | 'sdkKey';

export interface PropertyChange {
  readonly property: string;
  readonly before: unknown;
  readonly after: unknown;
}

export interface PlannedChange {
  /**
   * Unique in the plan, and readable: `project web`, `flag web/new-checkout`,
   * `configuration web/new-checkout@production`.
   */
  readonly id: string;
  readonly kind: ChangeKind;
  readonly project: string;
  /** The resource within its project, as a person names it. */
  readonly resource: string;
  readonly action: ChangeAction;
  readonly changes: readonly PropertyChange[];
  /** Deletes, archives or revokes something: needs `--yes` or a confirmation. */
  readonly destructive: boolean;
  readonly dependsOn: readonly string[];
  /** Why this change is in the plan when it is not obvious (drift, not declared). */
  readonly reason?: string;
}

export interface Notice {
  readonly level: 'info' | 'warning';
  readonly project?: string;
  readonly resource: string;
  readonly message: string;
}

/** What a step may use while it runs. */
export interface StepContext {
  readonly client: FlagplaneClient;
  readonly organization: string;
  readonly ids: IdRegistry;
  /** Where SDK-key plaintexts go (their declared files, and stdout when asked). */
  readonly secrets: SecretSink;
}

export interface SecretSink {
  /** Called before the key is created, so an unwritable file stops the creation. */
  prepare(file: string | undefined): Promise<void>;
  deliver(delivery: { resource: string; file: string | undefined; plaintext: string }): Promise<void>;
}

export interface PlanStep {
  readonly change: PlannedChange;
  run(context: StepContext): Promise<void>;
}

export interface Plan {
  readonly organization: string;
  readonly steps: readonly PlanStep[];
  readonly notices: readonly Notice[];
  /** Differences no write can fix (a flag's type changed): apply refuses to start while there are any. */
  readonly conflicts: readonly string[];
}

export function changeId(kind: ChangeKind, project: string, resource: string): string {
  // A project is its own resource: `project web`, not `project web/web`.
  return kind === 'project' ? `project ${project}` : `${kind} ${project}/${resource}`;
}

export function configurationResource(flag: string, environment: string): string {
  return `${flag}@${environment}`;
}

export function sdkKeyResource(environment: string, name: string): string {
  return `${environment}/${name}`;
}
