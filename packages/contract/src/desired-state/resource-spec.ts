/**
 * The spec of one resource, for the low-level commands the CDKTF provisioners run
 * (`flagplane resource ensure|configure|remove --kind <kind>`, spec in `FLAGPLANE_SPEC` or on stdin).
 * Each is the resource's desired-state entry plus where it lives (organization, project), so a construct
 * builds it from the same props it validates the whole stack with.
 */
import * as z from 'zod';
import { EnvironmentKey, OrgSlug, ProjectKey } from '../formats.js';
import { ManagedBySource } from '../schemas/managed-by.js';
import { DesiredFlag } from './desired-flag.js';
import { type DesiredStateProblem, inDocumentOrder, problemAt } from './desired-state-problem.js';
import { DesiredEnvironment, DesiredProject, DesiredSdkKey, DesiredSegment } from './desired-state-schema.js';
import { flagReferenceProblems, type PrerequisiteEdges } from './flag-references.js';
import { asObject } from './lenient-view.js';
import { prerequisiteCycleProblems } from './prerequisite-cycles.js';
import { unknownReference } from './reference-messages.js';
import { RemovalPolicies } from './removal-policy.js';
import { schemaProblems } from './schema-problems.js';

export const ResourceKind = z.enum(['project', 'environment', 'segment', 'flag', 'sdkKey']);
export type ResourceKind = z.infer<typeof ResourceKind>;

const placement = {
  organization: OrgSlug,
  /** The declaration's `managedBy.source` (§20), as the document's `source`. */
  source: ManagedBySource.optional(),
  /** Policies for a resource that declares none (as the document's `removalPolicies`). */
  removalPolicies: RemovalPolicies.optional(),
};

/** A project without its children (each child is a resource of its own); `environments` are used at creation only. */
export const ProjectResourceSpec = z.strictObject({
  ...placement,
  project: DesiredProject.pick({ key: true, name: true, description: true, removalPolicy: true }).extend({
    /** The environments to create the project with (else the API's `development` and `production`). */
    environments: DesiredProject.shape.environments.optional(),
  }),
});
export const EnvironmentResourceSpec = z.strictObject({
  ...placement,
  project: ProjectKey,
  environment: DesiredEnvironment,
});
export const SegmentResourceSpec = z.strictObject({
  ...placement,
  project: ProjectKey,
  segment: DesiredSegment,
});
export const FlagResourceSpec = z.strictObject({
  ...placement,
  project: ProjectKey,
  /**
   * The environments of the project that the declaration holds (for a project managed elsewhere: the
   * ones it names), in the project's order (`reconciledEnvironmentKeys`): the flag's configuration is
   * reconciled in each (one the flag does not configure is disabled), and its `managedBy.environments`
   * lists them (§20). Omitted: every environment the project has live when the command runs.
   */
  projectEnvironments: z.array(EnvironmentKey).optional(),
  flag: DesiredFlag,
});
export const SdkKeyResourceSpec = z.strictObject({
  ...placement,
  project: ProjectKey,
  sdkKey: DesiredSdkKey,
});

export const resourceSpecSchemas = {
  project: ProjectResourceSpec,
  environment: EnvironmentResourceSpec,
  segment: SegmentResourceSpec,
  flag: FlagResourceSpec,
  sdkKey: SdkKeyResourceSpec,
} as const satisfies Record<ResourceKind, z.ZodType>;

/**
 * What `resource remove` needs: where the resource is, its identity and its removal policy. The other
 * properties of a full spec are accepted (and checked) too, so a stack synthesized with whole specs in
 * its destroy provisioners still removes what it declared.
 */
export const resourceRemovalSpecSchemas = {
  project: z.strictObject({
    ...placement,
    project: ProjectResourceSpec.shape.project.partial().required({ key: true }),
  }),
  environment: EnvironmentResourceSpec.extend({
    environment: DesiredEnvironment.partial().required({ key: true }),
  }),
  segment: SegmentResourceSpec.extend({ segment: DesiredSegment.partial().required({ key: true }) }),
  flag: FlagResourceSpec.extend({ flag: DesiredFlag.partial().required({ key: true }) }),
  sdkKey: SdkKeyResourceSpec.extend({
    sdkKey: DesiredSdkKey.partial().required({ name: true, environment: true }),
  }),
} as const satisfies Record<ResourceKind, z.ZodType>;

export type ResourceSpecOf<Kind extends ResourceKind> = z.infer<(typeof resourceSpecSchemas)[Kind]>;
export type ResourceRemovalSpecOf<Kind extends ResourceKind> = z.infer<
  (typeof resourceRemovalSpecSchemas)[Kind]
>;
export type ResourceSpec = {
  [Kind in ResourceKind]: { kind: Kind; spec: ResourceSpecOf<Kind> };
}[ResourceKind];

export type ResourceSpecValidation<Spec> =
  | { readonly spec: Spec; readonly problems?: undefined }
  | { readonly spec?: undefined; readonly problems: readonly DesiredStateProblem[] };

/**
 * The schema, and for a flag the references it can check on its own (its variations, no self-prerequisite).
 * References to other resources are resolved against the live state when the command runs.
 */
export function validateResourceSpec<Kind extends ResourceKind>(
  kind: Kind,
  input: unknown,
): ResourceSpecValidation<ResourceSpecOf<Kind>> {
  return validatedSpec(resourceSpecSchemas[kind], kind, input);
}

/** The spec of `resource remove`: the identity and the policy suffice (see `resourceRemovalSpecSchemas`). */
export function validateResourceRemovalSpec<Kind extends ResourceKind>(
  kind: Kind,
  input: unknown,
): ResourceSpecValidation<ResourceRemovalSpecOf<Kind>> {
  return validatedSpec(resourceRemovalSpecSchemas[kind], kind, input);
}

function validatedSpec<Spec>(
  schema: z.ZodType,
  kind: ResourceKind,
  input: unknown,
): ResourceSpecValidation<Spec> {
  const parsed = schema.safeParse(input);
  const problems = parsed.success ? [] : schemaProblems(schema, parsed.error.issues, input);
  const flag = kind === 'flag' ? asObject(asObject(input)?.flag) : undefined;
  if (flag) {
    const edges: PrerequisiteEdges = new Map();
    problems.push(...flagReferenceProblems(flag, ['flag'], {}, edges), ...prerequisiteCycleProblems(edges));
    problems.push(...unlistedEnvironmentProblems(flag, asObject(input)?.projectEnvironments));
  }
  if (problems.length > 0) return { problems: inDocumentOrder(problems, input) };
  return { spec: parsed.data as Spec };
}

/** A flag may configure only environments of `projectEnvironments`, when the spec lists them. */
function unlistedEnvironmentProblems(
  flag: Readonly<Record<string, unknown>>,
  projectEnvironments: unknown,
): DesiredStateProblem[] {
  const configured = asObject(flag.environments);
  if (!configured || !Array.isArray(projectEnvironments)) return [];
  const listed = projectEnvironments.filter((key): key is string => typeof key === 'string');
  return Object.keys(configured)
    .filter((key) => !listed.includes(key))
    .map((key) =>
      problemAt(
        ['flag', 'environments', key],
        unknownReference('environment', key, listed, 'projectEnvironments'),
      ),
    );
}
