/**
 * What each write operation changes (§19), as an event describes it: the resource, where it lives, and
 * its properties in read-shape names. The route loop (event-recording.ts) takes a subject before and
 * after the operation and records the difference. Timestamps and derived values (`id`, `createdAt`,
 * `updatedAt`, `lastUsedAt`, `staleness`, `managedBy.at`) are bookkeeping, not changes, and are left
 * out; an SDK key's plaintext is never in its read shape, so never in an event.
 */
import type { EventOperationId, EventResourceKind } from '@flagplane/contract';
import type { OperationInput } from '../../routes/operation-handler.js';
import type { EnvironmentRecord, FlagRecord, ProjectRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { toNestedFlagEnvironment } from '../flags/configurations/flag-configurations-representation.js';
import { isTemporary } from '../flags/flag-temporary.js';
import { toRule } from '../flags/rules/rules-representation.js';
import { toNestedVariation } from '../flags/variations/variations-representation.js';
import { toSdkKeyListItem } from '../sdk-keys/sdk-keys-representation.js';
import { toSegmentListItem } from '../segments/segments-representation.js';

export interface EventSubject {
  readonly kind: EventResourceKind;
  readonly id: string;
  readonly key: string | null;
  readonly project: ProjectRecord | null;
  readonly environment: EnvironmentRecord | null;
  readonly flag: FlagRecord | null;
  /** The properties that count as changes. */
  readonly shape: Readonly<Record<string, unknown>>;
}

/**
 * The subject in `view`, or null where it does not exist (before a creation, after a deletion). A
 * creation's id is known only from its answer (`result`), after the write.
 */
type SubjectOf<Op extends EventOperationId> = (
  view: StoreView,
  input: OperationInput<Op>,
  result: { readonly id: string } | undefined,
) => EventSubject | null;

function projectSubject(view: StoreView, id: string | undefined): EventSubject | null {
  const project = id === undefined ? undefined : view.get('projects', id);
  if (!project) return null;
  return {
    kind: 'Project',
    id: project.id,
    key: project.key,
    project,
    environment: null,
    flag: null,
    shape: {
      key: project.key,
      name: project.name,
      description: project.description,
      managedBy: managedByShape(project.managedBy),
    },
  };
}

function environmentSubject(
  view: StoreView,
  project: ProjectRecord,
  id: string | undefined,
): EventSubject | null {
  const environment = id === undefined ? undefined : view.get('environments', id);
  if (!environment) return null;
  const { key, name, color, sortOrder } = environment;
  return {
    kind: 'Environment',
    id: environment.id,
    key,
    project,
    environment,
    flag: null,
    shape: { key, name, color, sortOrder },
  };
}

function flagSubject(view: StoreView, project: ProjectRecord, id: string | undefined): EventSubject | null {
  const flag = id === undefined ? undefined : view.get('flags', id);
  if (!flag) return null;
  return {
    kind: 'Flag',
    id: flag.id,
    key: flag.key,
    project,
    environment: null,
    flag,
    shape: {
      key: flag.key,
      name: flag.name,
      type: flag.type,
      description: flag.description,
      tags: [...flag.tags],
      clientSideVisible: flag.clientSideVisible,
      temporary: isTemporary(flag),
      isArchived: flag.isArchived,
      variations: flag.variations.map(({ id: _, ...variation }) => variation),
      managedBy: managedByShape(flag.managedBy),
    },
  };
}

function variationSubject(
  view: StoreView,
  project: ProjectRecord,
  flagId: string,
  id: string | undefined,
): EventSubject | null {
  const flag = view.get('flags', flagId);
  const variation = flag?.variations.find((candidate) => candidate.id === id);
  if (!flag || !variation) return null;
  const { id: _, ...shape } = toNestedVariation(variation);
  return { kind: 'Variation', id: variation.id, key: variation.key, project, environment: null, flag, shape };
}

function configurationSubject(
  view: StoreView,
  project: ProjectRecord,
  flagId: string,
  environment: EnvironmentRecord,
): EventSubject | null {
  const flag = view.get('flags', flagId);
  if (!flag?.configurations[environment.id]) return null;
  const { environmentId: _, environmentKey: __, ...shape } = toNestedFlagEnvironment(view, flag, environment);
  // The configuration is the flag's in one environment: it has no id of its own.
  return { kind: 'FlagEnvironment', id: flag.id, key: flag.key, project, environment, flag, shape };
}

function ruleSubject(
  view: StoreView,
  project: ProjectRecord,
  flagId: string,
  environment: EnvironmentRecord,
  id: string | undefined,
): EventSubject | null {
  const flag = view.get('flags', flagId);
  const rule = flag?.configurations[environment.id]?.rules.find((candidate) => candidate.id === id);
  if (!flag || !rule) return null;
  const { id: _, ...shape } = toRule(rule);
  return { kind: 'Rule', id: rule.id, key: null, project, environment, flag, shape };
}

function segmentSubject(
  view: StoreView,
  project: ProjectRecord,
  id: string | undefined,
): EventSubject | null {
  const segment = id === undefined ? undefined : view.get('segments', id);
  if (!segment) return null;
  const { id: _, createdAt: __, updatedAt: ___, ...shape } = toSegmentListItem(segment);
  return { kind: 'Segment', id: segment.id, key: segment.key, project, environment: null, flag: null, shape };
}

function sdkKeySubject(
  view: StoreView,
  project: ProjectRecord,
  environment: EnvironmentRecord,
  id: string | undefined,
): EventSubject | null {
  const key = id === undefined ? undefined : view.get('sdkKeys', id);
  if (!key) return null;
  const { id: _, createdAt: __, lastUsedAt: ___, ...shape } = toSdkKeyListItem(key);
  return { kind: 'SdkKey', id: key.id, key: null, project, environment, flag: null, shape };
}

function managedByShape(managedBy: FlagRecord['managedBy']) {
  return managedBy ? { source: managedBy.source, environments: [...managedBy.environments] } : null;
}

/** Every write operation's subject: an operation of the endpoint table without one is a compile error. */
export const eventSubjects: { readonly [Op in EventOperationId]: SubjectOf<Op> } = {
  createProject: (view, _, result) => projectSubject(view, result?.id),
  updateProject: (view, { scope }) => projectSubject(view, scope.project.id),
  deleteProject: (view, { scope }) => projectSubject(view, scope.project.id),
  createEnvironment: (view, { scope }, result) => environmentSubject(view, scope.project, result?.id),
  updateEnvironment: (view, { scope }) => environmentSubject(view, scope.project, scope.environment.id),
  deleteEnvironment: (view, { scope }) => environmentSubject(view, scope.project, scope.environment.id),
  createFlag: (view, { scope }, result) => flagSubject(view, scope.project, result?.id),
  updateFlag: (view, { scope }) => flagSubject(view, scope.project, scope.flag.id),
  deleteFlag: (view, { scope }) => flagSubject(view, scope.project, scope.flag.id),
  archiveFlag: (view, { scope }) => flagSubject(view, scope.project, scope.flag.id),
  restoreFlag: (view, { scope }) => flagSubject(view, scope.project, scope.flag.id),
  createVariation: (view, { scope }, result) =>
    variationSubject(view, scope.project, scope.flag.id, result?.id),
  updateVariation: (view, { scope }) =>
    variationSubject(view, scope.project, scope.flag.id, scope.variation.id),
  deleteVariation: (view, { scope }) =>
    variationSubject(view, scope.project, scope.flag.id, scope.variation.id),
  updateFlagEnvironment: (view, { scope }) =>
    configurationSubject(view, scope.project, scope.flag.id, scope.environment),
  toggleFlag: (view, { scope }) =>
    configurationSubject(view, scope.project, scope.flag.id, scope.environment),
  reorderRules: (view, { scope }) =>
    configurationSubject(view, scope.project, scope.flag.id, scope.environment),
  createRule: (view, { scope }, result) =>
    ruleSubject(view, scope.project, scope.flag.id, scope.environment, result?.id),
  updateRule: (view, { scope }) =>
    ruleSubject(view, scope.project, scope.flag.id, scope.environment, scope.rule.id),
  deleteRule: (view, { scope }) =>
    ruleSubject(view, scope.project, scope.flag.id, scope.environment, scope.rule.id),
  createSegment: (view, { scope }, result) => segmentSubject(view, scope.project, result?.id),
  updateSegment: (view, { scope }) => segmentSubject(view, scope.project, scope.segment.id),
  deleteSegment: (view, { scope }) => segmentSubject(view, scope.project, scope.segment.id),
  createSdkKey: (view, { scope }, result) =>
    sdkKeySubject(view, scope.project, scope.environment, result?.id),
  updateSdkKey: (view, { scope }) => sdkKeySubject(view, scope.project, scope.environment, scope.sdkKey.id),
  revokeSdkKey: (view, { scope }) => sdkKeySubject(view, scope.project, scope.environment, scope.sdkKey.id),
};
