/**
 * A desired-state document (flags.yaml) as evaluation data, for evaluating with no server at all: tests,
 * local development, `flagplane eval --local`. Ids are made from keys (`flag:<key>`,
 * `variation:<flag>/<key>`, `segment:<key>`, `rule:<flag>@<env>/<index>`), stable across runs; rollouts
 * bucket by those ids, so a context's rollout bucket differs from the one a server (with its own ids)
 * gives it, while the shares are the same.
 *
 * A separate entry point (`@flagplane/evaluation/desired-state`): it needs the contract's runtime rules
 * for a document's defaults, which the evaluator itself does without.
 */
import {
  type DesiredFlag,
  type DesiredProject,
  type DesiredState,
  defaultVariationOf,
  variationsOf,
} from '@flagplane/contract';
import { compareKeys } from '@flagplane/contract/format-rules';
import type { EvaluationData, EvaluationFlag } from './evaluation-types.js';

export interface DocumentPlace {
  /** The project, by key; optional when the document declares one project. */
  readonly project?: string | undefined;
  readonly environment: string;
}

const flagId = (key: string) => `flag:${key}`;
const variationId = (flag: string, key: string) => `variation:${flag}/${key}`;
const segmentId = (key: string) => `segment:${key}`;

export function evaluationDataFromDesiredState(state: DesiredState, place: DocumentPlace): EvaluationData {
  const project = projectOf(state, place.project);
  if (!project.environments.some((environment) => environment.key === place.environment)) {
    throw new Error(
      `project ${project.key} declares no environment "${place.environment}" (it has ${project.environments.map((environment) => environment.key).join(', ')})`,
    );
  }
  return {
    flags: [...(project.flags ?? [])]
      .sort(compareKeys)
      .map((flag) => evaluationFlag(flag, place.environment)),
    segments: (project.segments ?? []).map((segment) => ({
      id: segmentId(segment.key),
      key: segment.key,
      included: [...(segment.included ?? [])],
      excluded: [...(segment.excluded ?? [])],
      conditionGroups: segment.conditionGroups ?? [],
    })),
  };
}

function projectOf(state: DesiredState, key: string | undefined): DesiredProject {
  if (key === undefined) {
    const [only, ...others] = state.projects;
    if (only && others.length === 0) return only;
    throw new Error(
      `the document declares ${state.projects.length} projects (${state.projects.map((project) => project.key).join(', ')}): name one`,
    );
  }
  const project = state.projects.find((candidate) => candidate.key === key);
  if (!project) throw new Error(`the document declares no project "${key}"`);
  return project;
}

function evaluationFlag(flag: DesiredFlag, environment: string): EvaluationFlag {
  const configuration = flag.environments?.[environment] ?? {};
  const defaultKey = configuration.defaultVariation ?? defaultVariationOf(flag) ?? '';
  return {
    id: flagId(flag.key),
    key: flag.key,
    type: flag.type,
    isArchived: false,
    variations: variationsOf(flag).map((variation) => ({
      id: variationId(flag.key, variation.key),
      key: variation.key,
      value: variation.value,
    })),
    configuration: {
      isEnabled: configuration.enabled ?? false,
      defaultVariationId: variationId(flag.key, defaultKey),
      strategy: configuration.strategy ?? 'SingleVariation',
      prerequisites: (configuration.prerequisites ?? []).map((prerequisite) => ({
        prerequisiteFlagKey: prerequisite.flag,
        expectedVariationKey: prerequisite.variation,
      })),
      rules: (configuration.rules ?? []).map((rule, index) => ({
        id: `rule:${flag.key}@${environment}/${index}`,
        description: rule.description ?? null,
        variationId: variationId(flag.key, rule.variation),
        rolloutPercentage: rule.rolloutPercentage ?? null,
        userSegmentId: rule.segment ? segmentId(rule.segment) : null,
        conditionGroups: rule.conditionGroups ?? [],
      })),
      percentageRollout: configuration.percentageRollout
        ? Object.entries(configuration.percentageRollout).map(([key, weight]) => ({
            variationId: variationId(flag.key, key),
            weight,
          }))
        : null,
    },
  };
}
