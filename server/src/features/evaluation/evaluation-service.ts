/** The playground (§21): what a context is served in one environment, by the one evaluator. */
import type { EvaluationContext, EvaluationResult } from '@flagplane/evaluation';
import { refuseOnProblems } from '../../domain/field-problems.js';
import type { EnvironmentRecord, ProjectRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { environmentSnapshot } from './environment-snapshot.js';

/**
 * Every flag that is not archived, or those named, in flag-key order. A named key that is no flag of the
 * project is a 400 under `flags.<index>` (a typo must not read as "not served"); an archived one is left
 * out, as §21 leaves archived flags out.
 */
export function evaluateInEnvironment(
  view: StoreView,
  project: ProjectRecord,
  environment: EnvironmentRecord,
  request: { readonly context: EvaluationContext; readonly flags?: readonly string[] | undefined },
): EvaluationResult[] {
  const { evaluator } = environmentSnapshot(view, project, environment);
  if (request.flags !== undefined) {
    refuseOnProblems(
      request.flags.flatMap((key, index) =>
        view.findByKey('flags', project.id, key)
          ? []
          : [{ field: `flags.${index}`, message: `no flag "${key}" in project ${project.key}` }],
      ),
    );
  }
  return evaluator.evaluateAll(request.context, request.flags);
}
