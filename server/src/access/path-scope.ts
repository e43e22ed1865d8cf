/**
 * Resolves the resources a path names (§1): ids or keys, each scoped to its parent, and invisible
 * resources answered exactly like missing ones. A 404 for a key suggests up to three visible keys.
 */
import {
  closestMatches,
  type Endpoints,
  isUuid,
  type PathParamNames,
  type Role,
  type TokenOperationId,
} from '@flagplane/contract';
import { notFound } from '../domain/api-error.js';
import { parentOf } from '../store/memory-state.js';
import type {
  CollectionName,
  CollectionRecords,
  EnvironmentRecord,
  FlagRecord,
  OrganizationRecord,
  ProjectRecord,
  RuleRecord,
  SdkKeyRecord,
  SegmentRecord,
  VariationRecord,
} from '../store/records.js';
import type { StoreView } from '../store/store.js';
import { canSeeProject, organizationIdsOf, type Principal, roleIn } from './principal.js';

export type PathParamValues = Readonly<Record<string, string | undefined>>;

/** Every record a path can name, under the name handlers read it by. */
export interface PathRecords {
  readonly org: OrganizationRecord;
  /** The caller's role in `org`. */
  readonly role: Role;
  readonly project: ProjectRecord;
  readonly environment: EnvironmentRecord;
  readonly flag: FlagRecord;
  readonly variation: VariationRecord;
  readonly segment: SegmentRecord;
  readonly sdkKey: SdkKeyRecord;
  readonly rule: RuleRecord;
}

/** The parameters of the token operations' paths (an SDK key's paths name no stored resource by key or id). */
type PathParamName = PathParamNames<Endpoints[TokenOperationId]['path']>;

/**
 * The records each path parameter of the endpoint table resolves to. `satisfies` makes a parameter
 * without an entry, or an entry for no parameter, a compile error.
 */
export const recordsOfPathParam = {
  org: ['org', 'role'],
  project: ['project'],
  env: ['environment'],
  flag: ['flag'],
  variation: ['variation'],
  segment: ['segment'],
  sdkKey: ['sdkKey'],
  ruleId: ['rule'],
} as const satisfies Record<PathParamName, readonly (keyof PathRecords)[]>;

/**
 * Exactly the records a path template names, each present: `…/orgs/{org}/projects/{project}/flags/{flag}`
 * gives `org`, `role`, `project` and `flag`. `resolvePath` resolves these or answers 404.
 */
export type PathScopeOf<Path extends string> = Pick<
  PathRecords,
  (typeof recordsOfPathParam)[PathParamNames<Path> & PathParamName][number]
>;

/** What `resolvePath` gives for a path not known at compile time: the records it names. */
export type PathScope = Partial<PathRecords>;

const suggestionLimit = { maxDistance: 3, max: 3 };

export function resolvePath(view: StoreView, principal: Principal, rawParams: PathParamValues): PathScope {
  const params = canonicalIds(rawParams);
  if (params.org === undefined) return {};
  const org = findOrganization(view, principal, params.org);
  const role = roleIn(principal, org.id) as Role;
  const scope: { -readonly [K in keyof PathScope]: PathScope[K] } = { org, role };
  if (params.project === undefined) return scope;
  const project = findProject(view, principal, org, params.project);
  scope.project = project;
  if (params.env !== undefined) {
    scope.environment = findChild(view, 'environments', project.id, params.env, 'Environment');
  }
  if (params.flag !== undefined) {
    const flag = findChild(view, 'flags', project.id, params.flag, 'Flag');
    scope.flag = flag;
    if (params.variation !== undefined) scope.variation = findVariation(flag, params.variation);
    if (params.ruleId !== undefined && scope.environment) {
      scope.rule = findRule(flag, scope.environment, params.ruleId);
    }
  }
  if (params.segment !== undefined) {
    scope.segment = findChild(view, 'segments', project.id, params.segment, 'Segment');
  }
  if (params.sdkKey !== undefined && scope.environment) {
    scope.sdkKey = findSdkKey(view, scope.environment, params.sdkKey);
  }
  return scope;
}

function findOrganization(view: StoreView, principal: Principal, value: string): OrganizationRecord {
  const org = isUuid(value) ? view.get('organizations', value) : view.findByKey('organizations', null, value);
  if (org && roleIn(principal, org.id) !== null) return org;
  const suggestions = isUuid(value)
    ? []
    : closestMatches(value, visibleOrganizationSlugs(view, principal), suggestionLimit);
  throw notFound(`Organization "${value}"`, suggestions);
}

function visibleOrganizationSlugs(view: StoreView, principal: Principal): string[] {
  return organizationIdsOf(principal).flatMap((id) => view.get('organizations', id)?.slug ?? []);
}

function findProject(
  view: StoreView,
  principal: Principal,
  org: OrganizationRecord,
  value: string,
): ProjectRecord {
  const project = lookup(view, 'projects', org.id, value);
  if (project && canSeeProject(principal, project)) return project;
  const visibleKeys = view
    .children('projects', org.id)
    .filter((candidate) => canSeeProject(principal, candidate))
    .map((candidate) => candidate.key);
  throw notFound(
    `Project "${value}"`,
    isUuid(value) ? [] : closestMatches(value, visibleKeys, suggestionLimit),
  );
}

type KeyedCollection = 'environments' | 'flags' | 'segments';

function findChild<C extends KeyedCollection>(
  view: StoreView,
  collection: C,
  parentId: string,
  value: string,
  what: string,
): CollectionRecords[C] {
  const found = lookup(view, collection, parentId, value);
  if (found) return found;
  const suggestions = isUuid(value)
    ? []
    : closestMatches(
        value,
        view.children(collection, parentId).map((child) => child.key),
        suggestionLimit,
      );
  throw notFound(`${what} "${value}"`, suggestions);
}

/** By id (checked against the parent, so another project's id is a 404) or by key. */
function lookup<C extends CollectionName>(
  view: StoreView,
  collection: C,
  parentId: string,
  value: string,
): CollectionRecords[C] | undefined {
  if (!isUuid(value)) return view.findByKey(collection, parentId, value);
  const record = view.get(collection, value);
  return record && parentOf(collection, record) === parentId ? record : undefined;
}

function findVariation(flag: FlagRecord, value: string): VariationRecord {
  const variation = flag.variations.find((candidate) =>
    isUuid(value) ? candidate.id === value : candidate.key === value,
  );
  if (variation) return variation;
  const keys = flag.variations.map((candidate) => candidate.key);
  throw notFound(`Variation "${value}"`, isUuid(value) ? [] : closestMatches(value, keys, suggestionLimit));
}

/** `{ruleId}` is a UUID only: any other value is a 404, never a 400 (§1). */
function findRule(flag: FlagRecord, environment: EnvironmentRecord, value: string): RuleRecord {
  const rule = isUuid(value)
    ? flag.configurations[environment.id]?.rules.find((candidate) => candidate.id === value)
    : undefined;
  if (!rule) throw notFound(`Rule "${value}"`);
  return rule;
}

function findSdkKey(view: StoreView, environment: EnvironmentRecord, value: string): SdkKeyRecord {
  const key = isUuid(value) ? view.get('sdkKeys', value) : undefined;
  if (!key || key.environmentId !== environment.id) throw notFound(`SDK key "${value}"`);
  return key;
}

/** UUIDs are case-insensitive; ids are stored lower-case, so an upper-case id finds the same resource. */
function canonicalIds(params: PathParamValues): PathParamValues {
  let canonical: Record<string, string | undefined> | undefined;
  for (const name in params) {
    const value = params[name];
    if (value === undefined || !isUuid(value)) continue;
    const lower = value.toLowerCase();
    if (lower === value) continue;
    // Copied only when an id needs it: almost every request names its resources as they are stored.
    canonical ??= { ...params };
    canonical[name] = lower;
  }
  return canonical ?? params;
}
