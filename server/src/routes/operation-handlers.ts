/**
 * Every operation's handler, wired by name. `satisfies OperationHandlers` makes an operation of the
 * endpoint table without a handler a compile error.
 */
import * as changes from '../features/changes/changes-handlers.js';
import * as delivery from '../features/delivery/delivery-handlers.js';
import * as environments from '../features/environments/environments-handlers.js';
import * as evaluation from '../features/evaluation/evaluation-handlers.js';
import * as events from '../features/events/events-handlers.js';
import * as flagConfigurations from '../features/flags/configurations/flag-configurations-handlers.js';
import * as flags from '../features/flags/flags-handlers.js';
import * as rules from '../features/flags/rules/rules-handlers.js';
import * as variations from '../features/flags/variations/variations-handlers.js';
import * as ofrep from '../features/ofrep/ofrep-handlers.js';
import * as orgs from '../features/orgs/orgs-handlers.js';
import * as projects from '../features/projects/projects-handlers.js';
import * as sdkKeys from '../features/sdk-keys/sdk-keys-handlers.js';
import * as segments from '../features/segments/segments-handlers.js';
import type { OperationHandlers } from './operation-handler.js';

export const operationHandlers = {
  getMe: orgs.getMe,
  listOrgs: orgs.listOrgs,
  getOrg: orgs.getOrg,
  listEvents: events.listEvents,
  listProjects: projects.listProjects,
  createProject: projects.createProject,
  getProject: projects.getProject,
  updateProject: projects.updateProject,
  deleteProject: projects.deleteProject,
  listEnvironments: environments.listEnvironments,
  createEnvironment: environments.createEnvironment,
  getEnvironment: environments.getEnvironment,
  updateEnvironment: environments.updateEnvironment,
  deleteEnvironment: environments.deleteEnvironment,
  listFlags: flags.listFlags,
  createFlag: flags.createFlag,
  getFlag: flags.getFlag,
  updateFlag: flags.updateFlag,
  deleteFlag: flags.deleteFlag,
  archiveFlag: flags.archiveFlag,
  restoreFlag: flags.restoreFlag,
  createVariation: variations.createVariation,
  updateVariation: variations.updateVariation,
  deleteVariation: variations.deleteVariation,
  listFlagEnvironments: flagConfigurations.listFlagEnvironments,
  getFlagEnvironment: flagConfigurations.getFlagEnvironment,
  updateFlagEnvironment: flagConfigurations.updateFlagEnvironment,
  evaluateFlags: evaluation.evaluateFlags,
  toggleFlag: flagConfigurations.toggleFlag,
  createRule: rules.createRule,
  updateRule: rules.updateRule,
  deleteRule: rules.deleteRule,
  reorderRules: rules.reorderRules,
  listSegments: segments.listSegments,
  createSegment: segments.createSegment,
  getSegment: segments.getSegment,
  updateSegment: segments.updateSegment,
  deleteSegment: segments.deleteSegment,
  listSdkKeys: sdkKeys.listSdkKeys,
  createSdkKey: sdkKeys.createSdkKey,
  getSdkKey: sdkKeys.getSdkKey,
  updateSdkKey: sdkKeys.updateSdkKey,
  revokeSdkKey: sdkKeys.revokeSdkKey,
  getSdkFlags: delivery.getSdkFlags,
  evaluateForSdk: delivery.evaluateForSdk,
  streamSdkChanges: changes.streamSdkChanges,
  ofrepEvaluateFlag: ofrep.ofrepEvaluateFlag,
  ofrepEvaluateFlags: ofrep.ofrepEvaluateFlags,
} satisfies OperationHandlers;
