/**
 * The endpoint table: every operation of the API, once. The server registers its routes from it, the
 * SDK is generated from it, the OpenAPI document is generated from it.
 */
import { assertUniqueRoutes, type Endpoint } from './endpoint.js';
import { PageQuery } from './schemas/common.js';
import { EnvironmentCreateBody, EnvironmentListItem, EnvironmentPage, EnvironmentUpdateBody, Environment } from './schemas/environment.js';
import {
  FlagEnvironment,
  FlagEnvironmentList,
  FlagEnvironmentUpdateBody,
  Rule,
  RuleBody,
  RuleReorderBody,
  ToggleBody,
} from './schemas/flag-environment.js';
import {
  Flag,
  FlagCreateBody,
  FlagListItem,
  FlagListQuery,
  FlagPage,
  FlagUpdateBody,
  Variation,
  VariationCreateBody,
  VariationUpdateBody,
} from './schemas/flag.js';
import { Me } from './schemas/me.js';
import { Organization, OrganizationListItem, OrganizationPage } from './schemas/organization.js';
import { Project, ProjectCreateBody, ProjectListItem, ProjectPage, ProjectUpdateBody } from './schemas/project.js';
import {
  SdkKey,
  SdkKeyCreateBody,
  SdkKeyCreated,
  SdkKeyListItem,
  SdkKeyPage,
  SdkKeyUpdateBody,
} from './schemas/sdk-key.js';
import { Segment, SegmentCreateBody, SegmentListItem, SegmentPage, SegmentUpdateBody } from './schemas/segment.js';

const org = '/api/v1/orgs/{org}';
const project = `${org}/projects/{project}`;
const environment = `${project}/environments/{env}`;
const flag = `${project}/flags/{flag}`;
const flagEnvironment = `${flag}/environments/{env}`;
const rules = `${flagEnvironment}/rules`;
const sdkKeys = `${environment}/sdk-keys`;
const segments = `${project}/segments`;

export const endpoints = {
  getMe: {
    method: 'GET', path: '/api/v1/me', resource: 'me', verb: 'retrieve', inDocument: true,
    summary: 'The caller: a user or a service token.',
    minimumRole: null, success: { status: 200, schema: Me }, errors: [], idempotent: true,
  },
  listOrgs: {
    method: 'GET', path: '/api/v1/orgs', resource: 'orgs', verb: 'list', inDocument: true,
    summary: 'The organizations the caller belongs to, by slug.',
    minimumRole: null, query: PageQuery, success: { status: 200, schema: OrganizationPage },
    list: { item: OrganizationListItem }, errors: [400], idempotent: true,
  },
  getOrg: {
    method: 'GET', path: org, resource: 'orgs', verb: 'retrieve', inDocument: true,
    summary: 'One organization, by slug or id.',
    minimumRole: 'Viewer', success: { status: 200, schema: Organization }, errors: [404], idempotent: true,
  },
  listProjects: {
    method: 'GET', path: `${org}/projects`, resource: 'projects', verb: 'list', inDocument: true,
    summary: 'The projects of an organization the caller can see, by key.',
    minimumRole: 'Viewer', query: PageQuery, success: { status: 200, schema: ProjectPage },
    list: { item: ProjectListItem }, errors: [400, 404], idempotent: true,
  },
  createProject: {
    method: 'POST', path: `${org}/projects`, resource: 'projects', verb: 'create', inDocument: true,
    summary: 'Create a project, with the given environments or development and production.',
    minimumRole: 'Member', body: ProjectCreateBody, success: { status: 201, schema: Project },
    errors: [400, 403, 404, 409], idempotent: false,
  },
  getProject: {
    method: 'GET', path: project, resource: 'projects', verb: 'retrieve', inDocument: false,
    summary: 'One project, by key or id.',
    minimumRole: 'Viewer', success: { status: 200, schema: Project }, errors: [404], idempotent: true,
  },
  updateProject: {
    method: 'PUT', path: project, resource: 'projects', verb: 'update', inDocument: true,
    summary: "Change a project's name or description.",
    minimumRole: 'Member', body: ProjectUpdateBody, success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  deleteProject: {
    method: 'DELETE', path: project, resource: 'projects', verb: 'delete', inDocument: false,
    summary: 'Delete a project and everything in it.',
    minimumRole: 'Admin', success: { status: 204 }, errors: [403, 404], idempotent: true,
  },
  listEnvironments: {
    method: 'GET', path: `${project}/environments`, resource: 'environments', verb: 'list', inDocument: false,
    summary: 'The environments of a project, by sortOrder then key.',
    minimumRole: 'Viewer', query: PageQuery, success: { status: 200, schema: EnvironmentPage },
    list: { item: EnvironmentListItem }, errors: [400, 404], idempotent: true,
  },
  createEnvironment: {
    method: 'POST', path: `${project}/environments`, resource: 'environments', verb: 'create', inDocument: true,
    summary: 'Create an environment; every flag gets a disabled configuration in it.',
    minimumRole: 'Member', body: EnvironmentCreateBody, success: { status: 201, schema: Environment },
    errors: [400, 403, 404, 409], idempotent: false,
  },
  getEnvironment: {
    method: 'GET', path: environment, resource: 'environments', verb: 'retrieve', inDocument: true,
    summary: 'One environment, by key or id.',
    minimumRole: 'Viewer', success: { status: 200, schema: Environment }, errors: [404], idempotent: true,
  },
  updateEnvironment: {
    method: 'PUT', path: environment, resource: 'environments', verb: 'update', inDocument: false,
    summary: "Change an environment's name, color or sortOrder.",
    minimumRole: 'Member', body: EnvironmentUpdateBody, success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  deleteEnvironment: {
    method: 'DELETE', path: environment, resource: 'environments', verb: 'delete', inDocument: true,
    summary: 'Delete an environment (never the last one of its project).',
    minimumRole: 'Member', success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  listFlags: {
    method: 'GET', path: `${project}/flags`, resource: 'flags', verb: 'list', inDocument: true,
    summary: 'The flags of a project, by key, filtered by search, tag, type and archived.',
    minimumRole: 'Viewer', query: PageQuery.extend(FlagListQuery.shape), success: { status: 200, schema: FlagPage },
    list: { item: FlagListItem }, errors: [400, 404], idempotent: true,
  },
  createFlag: {
    method: 'POST', path: `${project}/flags`, resource: 'flags', verb: 'create', inDocument: false,
    summary: 'Create a flag with its variations; every environment gets a disabled configuration.',
    minimumRole: 'Member', body: FlagCreateBody, success: { status: 201, schema: Flag },
    errors: [400, 403, 404, 409], idempotent: false,
  },
  getFlag: {
    method: 'GET', path: flag, resource: 'flags', verb: 'retrieve', inDocument: false,
    summary: 'One flag with its variations and staleness, by key or id.',
    minimumRole: 'Viewer', success: { status: 200, schema: Flag }, errors: [404], idempotent: true,
  },
  updateFlag: {
    method: 'PUT', path: flag, resource: 'flags', verb: 'update', inDocument: true,
    summary: "Change a flag's name, description, tags or clientSideVisible.",
    minimumRole: 'Member', body: FlagUpdateBody, success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  deleteFlag: {
    method: 'DELETE', path: flag, resource: 'flags', verb: 'delete', inDocument: false,
    summary: 'Delete a flag (refused while another flag has it as a prerequisite).',
    minimumRole: 'Member', success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  archiveFlag: {
    method: 'POST', path: `${flag}/archive`, resource: 'flags', verb: 'archive', inDocument: false,
    summary: 'Archive a flag (idempotent; refused while a live flag has it as a prerequisite).',
    minimumRole: 'Member', success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  restoreFlag: {
    method: 'POST', path: `${flag}/restore`, resource: 'flags', verb: 'restore', inDocument: false,
    summary: 'Restore an archived flag (idempotent).',
    minimumRole: 'Member', success: { status: 204 }, errors: [403, 404], idempotent: true,
  },
  createVariation: {
    method: 'POST', path: `${flag}/variations`, resource: 'variations', verb: 'create', inDocument: true,
    summary: 'Add a variation to a flag that is not Boolean.',
    minimumRole: 'Member', body: VariationCreateBody, success: { status: 201, schema: Variation },
    errors: [400, 403, 404], idempotent: false,
  },
  updateVariation: {
    method: 'PUT', path: `${flag}/variations/{variation}`, resource: 'variations', verb: 'update', inDocument: false,
    summary: "Change a variation's name, description or value.",
    minimumRole: 'Member', body: VariationUpdateBody, success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  deleteVariation: {
    method: 'DELETE', path: `${flag}/variations/{variation}`, resource: 'variations', verb: 'delete', inDocument: false,
    summary: 'Delete a variation that nothing uses.',
    minimumRole: 'Member', success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  listFlagEnvironments: {
    method: 'GET', path: `${flag}/environments`, resource: 'flagEnvironments', verb: 'list', inDocument: true,
    summary: "A flag's configuration in every environment of its project, in environment order.",
    minimumRole: 'Viewer', success: { status: 200, schema: FlagEnvironmentList }, errors: [404], idempotent: true,
  },
  getFlagEnvironment: {
    method: 'GET', path: flagEnvironment, resource: 'flagEnvironments', verb: 'retrieve', inDocument: false,
    summary: "A flag's configuration in one environment.",
    minimumRole: 'Viewer', success: { status: 200, schema: FlagEnvironment }, errors: [404], idempotent: true,
  },
  updateFlagEnvironment: {
    method: 'PUT', path: flagEnvironment, resource: 'flagEnvironments', verb: 'update', inDocument: false,
    summary: "Change a flag's configuration in one environment, atomically.",
    minimumRole: 'Member', body: FlagEnvironmentUpdateBody, success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  toggleFlag: {
    method: 'POST', path: `${flagEnvironment}/toggle`, resource: 'flagEnvironments', verb: 'toggle', inDocument: true,
    summary: 'Enable or disable a flag in one environment.',
    minimumRole: 'Member', body: ToggleBody, success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  createRule: {
    method: 'POST', path: rules, resource: 'rules', verb: 'create', inDocument: false,
    summary: "Append a targeting rule to a flag's configuration.",
    minimumRole: 'Member', body: RuleBody, success: { status: 201, schema: Rule }, errors: [400, 403, 404], idempotent: false,
  },
  reorderRules: {
    method: 'PUT', path: `${rules}/reorder`, resource: 'rules', verb: 'reorder', inDocument: true,
    summary: 'Put the rules in a new order; every rule id exactly once.',
    minimumRole: 'Member', body: RuleReorderBody, success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  updateRule: {
    method: 'PUT', path: `${rules}/{ruleId}`, resource: 'rules', verb: 'update', inDocument: true,
    summary: 'Replace a targeting rule wholesale.',
    minimumRole: 'Member', body: RuleBody, success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  deleteRule: {
    method: 'DELETE', path: `${rules}/{ruleId}`, resource: 'rules', verb: 'delete', inDocument: false,
    summary: 'Delete a targeting rule.',
    minimumRole: 'Member', success: { status: 204 }, errors: [403, 404], idempotent: true,
  },
  listSegments: {
    method: 'GET', path: segments, resource: 'segments', verb: 'list', inDocument: false,
    summary: 'The segments of a project, by key.',
    minimumRole: 'Viewer', query: PageQuery, success: { status: 200, schema: SegmentPage },
    list: { item: SegmentListItem }, errors: [400, 404], idempotent: true,
  },
  createSegment: {
    method: 'POST', path: segments, resource: 'segments', verb: 'create', inDocument: false,
    summary: 'Create a segment of context keys and conditions.',
    minimumRole: 'Member', body: SegmentCreateBody, success: { status: 201, schema: Segment },
    errors: [400, 403, 404, 409], idempotent: false,
  },
  getSegment: {
    method: 'GET', path: `${segments}/{segment}`, resource: 'segments', verb: 'retrieve', inDocument: false,
    summary: 'One segment, by key or id.',
    minimumRole: 'Viewer', success: { status: 200, schema: Segment }, errors: [404], idempotent: true,
  },
  updateSegment: {
    method: 'PUT', path: `${segments}/{segment}`, resource: 'segments', verb: 'update', inDocument: false,
    summary: 'Change a segment.',
    minimumRole: 'Member', body: SegmentUpdateBody, success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  deleteSegment: {
    method: 'DELETE', path: `${segments}/{segment}`, resource: 'segments', verb: 'delete', inDocument: false,
    summary: 'Delete a segment that no rule references.',
    minimumRole: 'Member', success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  listSdkKeys: {
    method: 'GET', path: sdkKeys, resource: 'sdkKeys', verb: 'list', inDocument: true,
    summary: 'The SDK keys of an environment, revoked ones included, by creation.',
    minimumRole: 'Viewer', query: PageQuery, success: { status: 200, schema: SdkKeyPage },
    list: { item: SdkKeyListItem }, errors: [400, 404], idempotent: true,
  },
  createSdkKey: {
    method: 'POST', path: sdkKeys, resource: 'sdkKeys', verb: 'create', inDocument: true,
    summary: 'Create an SDK key; its plaintext is in this answer only.',
    minimumRole: 'Member', body: SdkKeyCreateBody, success: { status: 201, schema: SdkKeyCreated },
    errors: [400, 403, 404], idempotent: false,
  },
  getSdkKey: {
    method: 'GET', path: `${sdkKeys}/{sdkKey}`, resource: 'sdkKeys', verb: 'retrieve', inDocument: true,
    summary: 'One SDK key (never its plaintext).',
    minimumRole: 'Viewer', success: { status: 200, schema: SdkKey }, errors: [404], idempotent: true,
  },
  updateSdkKey: {
    method: 'PUT', path: `${sdkKeys}/{sdkKey}`, resource: 'sdkKeys', verb: 'update', inDocument: true,
    summary: "Change an SDK key's name or description.",
    minimumRole: 'Member', body: SdkKeyUpdateBody, success: { status: 204 }, errors: [400, 403, 404], idempotent: true,
  },
  revokeSdkKey: {
    method: 'POST', path: `${sdkKeys}/{sdkKey}/revoke`, resource: 'sdkKeys', verb: 'revoke', inDocument: false,
    summary: 'Revoke an SDK key for good (idempotent).',
    minimumRole: 'Member', success: { status: 204 }, errors: [403, 404], idempotent: true,
  },
} as const satisfies Record<string, Endpoint>;

assertUniqueRoutes(endpoints);

export type Endpoints = typeof endpoints;
export type OperationId = keyof Endpoints;
export const operationIds = Object.keys(endpoints) as OperationId[];

/** Every error status an operation can answer: its own, plus 401, 429 and 500 (every operation). */
export function errorStatusesOf(endpoint: Endpoint): number[] {
  const statuses = new Set<number>([...endpoint.errors, 401, 429, 500]);
  if (endpoint.list) statuses.add(400);
  return [...statuses].sort((a, b) => a - b);
}

